namespace NFX.Slim;

/// <summary>
/// Thrown when a message was written with another field layout of a type than the reader has (a rolling upgrade, a
/// cache value from before a deploy) and the difference cannot be bridged: in the strict default, any difference
/// (the type entry's layout fingerprint differs); with <see cref="SlimVersioning.Tolerant"/> on the writer, a member
/// whose type changed in a way that loses information, or a changed struct. The message names the type, both
/// fingerprints or the member, and how to enable tolerance.
/// </summary>
public sealed class SlimLayoutMismatchException : SlimDeserializationException
{
    /// <summary>Creates an exception for <paramref name="typeName"/>.</summary>
    public SlimLayoutMismatchException(string typeName, string message, uint? writerFingerprint, uint? readerFingerprint, string? member = null)
        : base(message)
    {
        TypeName = typeName;
        WriterFingerprint = writerFingerprint;
        ReaderFingerprint = readerFingerprint;
        Member = member;
    }

    /// <summary>The type whose layouts differ, as the reader knows it.</summary>
    public string TypeName { get; }

    /// <summary>The layout fingerprint the writer sent, when it sent one (strict mode).</summary>
    public uint? WriterFingerprint { get; }

    /// <summary>The reader's own layout fingerprint of the type, when it has a field layout.</summary>
    public uint? ReaderFingerprint { get; }

    /// <summary>The member that cannot be converted, when one member is the cause (tolerant mode).</summary>
    public string? Member { get; }
}
