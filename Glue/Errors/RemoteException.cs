namespace NFX.Glue;

/// <summary>
/// The server's implementation threw: carries the original exception's type name, message and stack trace as text,
/// and the original exception object itself when the client allowed its type
/// (<see cref="GlueClientOptions.RemoteExceptionTypes"/>) and it could be transferred.
/// </summary>
public class RemoteException : GlueException
{
    /// <summary>Creates the exception from the parts the server sent.</summary>
    public RemoteException(string remoteTypeName, string remoteMessage, string? remoteStackTrace, Exception? remoteError = null)
        : base($"The remote call failed with {remoteTypeName}: {remoteMessage}", remoteError)
    {
        RemoteTypeName = remoteTypeName;
        RemoteMessage = remoteMessage;
        RemoteStackTrace = remoteStackTrace;
        RemoteError = remoteError;
    }

    /// <summary>The full name of the exception type thrown on the server, e.g. <c>System.ArgumentException</c>.</summary>
    public string RemoteTypeName { get; }

    /// <summary>The message of the exception thrown on the server.</summary>
    public string RemoteMessage { get; }

    /// <summary>The server-side stack trace as text (may be null).</summary>
    public string? RemoteStackTrace { get; }

    /// <summary>The original exception object, when its type was allowed by the client; also <see cref="Exception.InnerException"/>.</summary>
    public Exception? RemoteError { get; }
}
