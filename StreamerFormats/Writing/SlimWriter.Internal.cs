using System.Buffers;

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

    /// <summary>
    /// The bytes written since <paramref name="position"/> (a <see cref="Position"/> value), when they are all still in
    /// the current chunk (not yet handed to an <see cref="IBufferWriter{T}"/> or stream): lets a caller remember
    /// exactly what it just encoded.
    /// </summary>
    internal bool TryGetWrittenSince(long position, out ReadOnlySpan<byte> bytes)
    {
        long start = position - _committed - _deferredBytes;
        if (position < _lastDeferralEnd || start < 0 || start > _pos - _start)
        {
            bytes = default;
            return false;
        }
        bytes = new ReadOnlySpan<byte>(_buffer, _start + (int)start, _pos - _start - (int)start);
        return true;
    }
}
