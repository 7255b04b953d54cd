using System.Buffers;

namespace NFX.Glue.Transport;

/// <summary>
/// The buffer a connection serializes each outgoing body into before framing it: an <see cref="IBufferWriter{T}"/> over
/// arrays rented from <see cref="ArrayPool{T}.Shared"/>. A body of 1 MB grew a plain <see cref="ArrayBufferWriter{T}"/>
/// from 4 KB by doubling, a dozen new arrays and ~2 MB of garbage per call; here each size is rented and returned, and a
/// buffer that grew past <see cref="KeepBytes"/> goes back to the pool after the frame is written, so an idle
/// connection holds no large array. Used by the connection's single writer loop only.
/// </summary>
internal sealed class PooledBodyBuffer : IBufferWriter<byte>, IDisposable
{
    /// <summary>A buffer grown past this goes back to the pool after each frame instead of staying with the connection.</summary>
    public const int KeepBytes = 256 * 1024;

    private const int InitialBytes = 4096;

    private byte[] _buffer = ArrayPool<byte>.Shared.Rent(InitialBytes);
    private int _written;

    /// <summary>The bytes written since the last <see cref="Reset"/>.</summary>
    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    /// <summary>How many bytes were written since the last <see cref="Reset"/>.</summary>
    public int WrittenCount => _written;

    /// <summary>The size of the array the buffer holds now.</summary>
    public int Capacity => _buffer.Length;

    /// <summary>Starts a new body; a buffer grown past <see cref="KeepBytes"/> is swapped for a small one.</summary>
    public void Reset()
    {
        _written = 0;
        if (_buffer.Length > KeepBytes)
        {
            byte[] large = _buffer;
            _buffer = ArrayPool<byte>.Shared.Rent(InitialBytes);
            ArrayPool<byte>.Shared.Return(large);
        }
    }

    /// <inheritdoc/>
    public void Advance(int count)
    {
        if ((uint)count > (uint)(_buffer.Length - _written))
        {
            throw new ArgumentOutOfRangeException(nameof(count), count, $"Advanced past the {_buffer.Length - _written} bytes the buffer handed out.");
        }
        _written += count;
    }

    /// <inheritdoc/>
    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Reserve(sizeHint); // first: it may replace _buffer
        return _buffer.AsMemory(_written);
    }

    /// <inheritdoc/>
    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Reserve(sizeHint);
        return _buffer.AsSpan(_written);
    }

    /// <summary>Returns the array to the pool; the buffer is not used after this.</summary>
    public void Dispose()
    {
        byte[] buffer = _buffer;
        _buffer = [];
        _written = 0;
        if (buffer.Length != 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private void Reserve(int sizeHint)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(sizeHint);
        int needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written < needed)
        {
            Grow(needed);
        }
    }

    private void Grow(int needed)
    {
        long wanted = Math.Max((long)_written + needed, (long)_buffer.Length * 2);
        if (wanted > Array.MaxLength)
        {
            wanted = (long)_written + needed <= Array.MaxLength
                ? Array.MaxLength
                : throw new OutOfMemoryException($"A message body cannot grow past {Array.MaxLength} bytes.");
        }
        byte[] larger = ArrayPool<byte>.Shared.Rent((int)wanted);
        _buffer.AsSpan(0, _written).CopyTo(larger);
        byte[] old = _buffer;
        _buffer = larger;
        if (old.Length != 0)
        {
            ArrayPool<byte>.Shared.Return(old);
        }
    }
}
