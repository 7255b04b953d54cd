using System.Buffers;
using System.Diagnostics.CodeAnalysis;

namespace NFX.Slim.Caching;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> over arrays rented from <see cref="ArrayPool{T}.Shared"/>; dispose to return
/// the array. Not thread-safe; one per operation.
/// </summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private const int MinimumSize = 256;
    private byte[] _buffer;
    private int _written;

    public PooledBufferWriter(int initialSize = MinimumSize) =>
        _buffer = ArrayPool<byte>.Shared.Rent(Math.Max(initialSize, MinimumSize));

    public int WrittenCount => _written;

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    /// <summary>The written bytes, writable: the cache value header is filled in after the message behind it.</summary>
    public Span<byte> WrittenSpanForPatching => _buffer.AsSpan(0, _written);

    public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

    public void Advance(int count)
    {
        if ((uint)count > (uint)(_buffer.Length - _written))
        {
            ThrowAdvancedTooFar(count);
        }
        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    /// <summary>Forgets what was written, keeping the array.</summary>
    public void Clear() => _written = 0;

    public void Dispose()
    {
        byte[] buffer = _buffer;
        _buffer = [];
        _written = 0;
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private void Ensure(int sizeHint)
    {
        int needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= needed)
        {
            return;
        }
        long size = Math.Max((long)_buffer.Length * 2, (long)_written + needed);
        byte[] bigger = ArrayPool<byte>.Shared.Rent((int)Math.Min(size, Array.MaxLength));
        if (bigger.Length - _written < needed)
        {
            ArrayPool<byte>.Shared.Return(bigger);
            throw new OutOfMemoryException($"A cache value cannot grow past {Array.MaxLength} bytes.");
        }
        _buffer.AsSpan(0, _written).CopyTo(bigger);
        if (_buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
        }
        _buffer = bigger;
    }

    [DoesNotReturn]
    private static void ThrowAdvancedTooFar(int count) =>
        throw new ArgumentOutOfRangeException(nameof(count), $"Cannot advance {count} bytes past the end of the buffer.");
}
