namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>A read-only, non-seekable stream that returns at most one byte per Read call, like a slow socket.</summary>
public sealed class OneByteStream : Stream
{
    private readonly byte[] _bytes;
    private int _pos;

    /// <summary>Creates a stream over <paramref name="bytes"/>.</summary>
    public OneByteStream(byte[] bytes) => _bytes = bytes;

    /// <summary>How many bytes were handed out so far.</summary>
    public int BytesRead => _pos;

    /// <inheritdoc/>
    public override bool CanRead => true;

    /// <inheritdoc/>
    public override bool CanSeek => false;

    /// <inheritdoc/>
    public override bool CanWrite => false;

    /// <inheritdoc/>
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc/>
    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <inheritdoc/>
    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    /// <inheritdoc/>
    public override int Read(Span<byte> buffer)
    {
        if (buffer.IsEmpty || _pos == _bytes.Length)
        {
            return 0;
        }
        buffer[0] = _bytes[_pos++];
        return 1;
    }

    /// <inheritdoc/>
    public override void Flush() { }

    /// <inheritdoc/>
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc/>
    public override void SetLength(long value) => throw new NotSupportedException();

    /// <inheritdoc/>
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
