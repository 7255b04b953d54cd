namespace NFX.Glue;

/// <summary>
/// A message exceeded the maximum message size. When thrown for a call being sent, nothing was sent and the connection
/// stays up; a peer that sends an oversized frame has its connection closed before anything is allocated for it.
/// </summary>
public class GlueMessageTooLargeException : GlueException
{
    /// <summary>Creates the exception with a message.</summary>
    public GlueMessageTooLargeException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the exception that caused it.</summary>
    public GlueMessageTooLargeException(string message, Exception? innerException) : base(message, innerException) { }

    /// <summary>Creates the exception for a message of <paramref name="size"/> bytes over <paramref name="limit"/>.</summary>
    public GlueMessageTooLargeException(long size, int limit)
        : base($"The message is {size} bytes, over the maximum message size of {limit} bytes.")
    {
        Size = size;
        Limit = limit;
    }

    /// <summary>Creates the exception with a message that says which side's limit applies, and the numbers.</summary>
    public GlueMessageTooLargeException(string message, long size, int limit) : base(message)
    {
        Size = size;
        Limit = limit;
    }

    /// <summary>The size of the message in bytes, when known (otherwise 0).</summary>
    public long Size { get; }

    /// <summary>The maximum message size in bytes, when known (otherwise 0).</summary>
    public int Limit { get; }
}
