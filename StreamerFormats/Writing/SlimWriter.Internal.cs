namespace NFX.IO;

public sealed partial class SlimWriter
{
    /// <summary>
    /// The pooled buffer's written bytes, writable, so a caller that reserved room at the start can patch in a header
    /// once it knows the body's length (Slim's message framing). Pooled-buffer writers only.
    /// </summary>
    internal Span<byte> WrittenBufferForPatching
    {
        get
        {
            EnsurePooledSink();
            return new Span<byte>(_buffer, 0, _pos);
        }
    }
}
