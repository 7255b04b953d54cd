namespace NFX.Tests.Support;

/// <summary>
/// A forward-only, non-seekable stream that hands out at most one byte per Read, the worst a socket can do.
/// It can stop early (a connection cut mid-message).
/// </summary>
public sealed class OneByteStream(byte[] bytes, int? endAfter = null) : Stream
{
    private readonly int _end = Math.Min(bytes.Length, endAfter ?? bytes.Length);
    private int _position;

    public int Consumed => _position;

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        if (buffer.IsEmpty || _position >= _end)
        {
            return 0;
        }
        buffer[0] = bytes[_position++];
        return 1;
    }

    public override int ReadByte() => _position < _end ? bytes[_position++] : -1;

    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
