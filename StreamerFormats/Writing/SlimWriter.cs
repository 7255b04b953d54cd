using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.IO;

/// <summary>
/// Writes the Slim wire primitives into a pooled, growable buffer, an <see cref="IBufferWriter{T}"/> or a
/// <see cref="Stream"/>. One instance is used by one thread at a time; reuse it with one of the
/// <c>Reset</c> overloads instead of allocating a new one per message.
/// </summary>
/// <remarks>
/// A sealed class rather than a ref struct because Slim's per-type functors, compiled from expression trees,
/// take the writer as a parameter and expression trees cannot handle ref structs. Every method checks
/// capacity once and writes through an unchecked reference; the growth path is kept out of line.
/// </remarks>
public sealed partial class SlimWriter : IDisposable
{
    private const int DefaultChunkSize = 4096;

    private byte[] _buffer;
    private int _start;          // first byte of the current chunk that is ours (non-zero for borrowed segments)
    private int _pos;            // next byte to write
    private int _end;            // one past the last writable byte of the current chunk
    private long _committed;     // bytes already handed to the sink
    private SinkKind _sink;
    private IBufferWriter<byte>? _output;
    private Stream? _stream;
    private bool _bufferIsRented;   // _buffer came from ArrayPool and must go back
    private bool _bufferIsBorrowed; // _buffer belongs to _output (IBufferWriter) and must not be pooled

    private enum SinkKind : byte { Pooled, BufferWriter, Stream }

    /// <summary>Creates a writer that accumulates its output in a pooled, growable buffer.</summary>
    public SlimWriter() : this(DefaultChunkSize) { }

    /// <summary>Creates a writer over a pooled buffer of at least <paramref name="initialCapacity"/> bytes.</summary>
    public SlimWriter(int initialCapacity)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(initialCapacity);
        _buffer = ArrayPool<byte>.Shared.Rent(Math.Max(initialCapacity, 16));
        _bufferIsRented = true;
        _end = _buffer.Length;
    }

    /// <summary>Creates a writer that writes into <paramref name="output"/>; call <see cref="Flush"/> when done.</summary>
    public SlimWriter(IBufferWriter<byte> output) : this(0) => Reset(output);

    /// <summary>Creates a writer that writes into <paramref name="stream"/>; call <see cref="Flush"/> when done.</summary>
    public SlimWriter(Stream stream) : this(DefaultChunkSize) => Reset(stream);

    /// <summary>Total bytes written since the last reset.</summary>
    public long Position => _committed + _deferredBytes + (_pos - _start);

    /// <summary>
    /// The bytes written so far, when the writer targets its own pooled buffer. Valid until the next write or reset.
    /// </summary>
    public ReadOnlySpan<byte> WrittenSpan
    {
        get
        {
            EnsurePooledSink();
            MaterializeDeferred();
            return new ReadOnlySpan<byte>(_buffer, 0, _pos);
        }
    }

    /// <summary>The bytes written so far, as a memory over the pooled buffer. Valid until the next write or reset.</summary>
    public ReadOnlyMemory<byte> WrittenMemory
    {
        get
        {
            EnsurePooledSink();
            MaterializeDeferred();
            return new ReadOnlyMemory<byte>(_buffer, 0, _pos);
        }
    }

    /// <summary>Copies the bytes written so far into a new array (pooled-buffer writers only).</summary>
    public byte[] ToArray() => WrittenSpan.ToArray();

    /// <summary>Forgets everything written and starts again on the writer's own pooled buffer.</summary>
    public void Reset()
    {
        ReleaseChunk();
        ForgetDeferred();
        if (!_bufferIsRented)
        {
            _buffer = ArrayPool<byte>.Shared.Rent(DefaultChunkSize);
            _bufferIsRented = true;
        }
        _sink = SinkKind.Pooled;
        _output = null;
        _stream = null;
        _start = _pos = 0;
        _end = _buffer.Length;
        _committed = 0;
    }

    /// <summary>Starts writing into <paramref name="output"/>. Call <see cref="Flush"/> to advance it.</summary>
    public void Reset(IBufferWriter<byte> output)
    {
        ArgumentNullException.ThrowIfNull(output);
        ReleaseChunk();
        ForgetDeferred();
        _sink = SinkKind.BufferWriter;
        _output = output;
        _stream = null;
        _committed = 0;
        _start = _pos = _end = 0; // the first write asks the output for memory
    }

    /// <summary>Starts writing into <paramref name="stream"/>. Call <see cref="Flush"/> to push buffered bytes.</summary>
    public void Reset(Stream stream)
    {
        ArgumentNullException.ThrowIfNull(stream);
        if (!stream.CanWrite)
        {
            throw new ArgumentException("The stream is not writable.", nameof(stream));
        }
        Reset();
        _sink = SinkKind.Stream;
        _stream = stream;
    }

    /// <summary>
    /// Hands every buffered byte to the sink: advances the <see cref="IBufferWriter{T}"/> or writes to the
    /// <see cref="Stream"/>. A pooled-buffer writer keeps its bytes (there is nowhere to flush them).
    /// </summary>
    public void Flush()
    {
        switch (_sink)
        {
            case SinkKind.BufferWriter:
            case SinkKind.Stream:
                CommitChunk(); // the next write asks the output for memory again
                break;
        }
    }

    /// <summary>Returns pooled memory. The writer must not be used afterwards.</summary>
    public void Dispose()
    {
        ReleaseChunk();
        ForgetDeferred();
        if (_bufferIsRented)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _bufferIsRented = false;
        }
        _buffer = [];
        _start = _pos = _end = 0;
        _output = null;
        _stream = null;
    }

    /// <summary>A reference to the next free byte; the caller has checked that enough bytes are free.</summary>
    private ref byte Cursor
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_buffer), (nint)(uint)_pos);
    }

    /// <summary>Makes at least <paramref name="count"/> contiguous bytes free at the cursor.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Ensure(int count)
    {
        if (_end - _pos < count)
        {
            Grow(count);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Grow(int count)
    {
        switch (_sink)
        {
            case SinkKind.Pooled:
            {
                long wanted = Math.Max((long)_buffer.Length * 2, (long)_pos + count);
                if (wanted > Array.MaxLength)
                {
                    wanted = (long)_pos + count;
                    if (wanted > Array.MaxLength)
                    {
                        ThrowHelper.ThrowOutputTooLarge(wanted);
                    }
                }
                byte[] bigger = ArrayPool<byte>.Shared.Rent((int)wanted);
                Buffer.BlockCopy(_buffer, 0, bigger, 0, _pos);
                if (_bufferIsRented)
                {
                    ArrayPool<byte>.Shared.Return(_buffer);
                }
                _buffer = bigger;
                _bufferIsRented = true;
                _end = bigger.Length;
                break;
            }
            case SinkKind.BufferWriter:
                CommitChunk();
                AcquireChunk(count);
                break;
            case SinkKind.Stream:
                CommitChunk();
                if (_buffer.Length < count)
                {
                    if (_bufferIsRented)
                    {
                        ArrayPool<byte>.Shared.Return(_buffer);
                    }
                    _buffer = ArrayPool<byte>.Shared.Rent(count);
                    _bufferIsRented = true;
                    _end = _buffer.Length;
                }
                break;
        }
    }

    /// <summary>Hands the bytes of the current chunk to the sink and empties the chunk.</summary>
    private void CommitChunk()
    {
        int written = _pos - _start;
        if (_sink == SinkKind.BufferWriter)
        {
            if (_bufferIsBorrowed)
            {
                _output!.Advance(written);
            }
            else if (written > 0)
            {
                // The output gave memory that is not an array: we wrote into a scratch buffer, copy it over.
                new ReadOnlySpan<byte>(_buffer, _start, written).CopyTo(_output!.GetSpan(written));
                _output!.Advance(written);
            }
            _committed += written;
            _start = _pos = _end = 0;
            if (_bufferIsBorrowed)
            {
                _buffer = [];
                _bufferIsBorrowed = false;
            }
        }
        else if (_sink == SinkKind.Stream)
        {
            if (written > 0)
            {
                _stream!.Write(_buffer, _start, written);
            }
            _committed += written;
            _start = _pos = 0;
            _end = _buffer.Length;
        }
    }

    private void AcquireChunk(int sizeHint)
    {
        Memory<byte> memory = _output!.GetMemory(Math.Max(sizeHint, 256));
        if (memory.Length < sizeHint)
        {
            ThrowHelper.ThrowBufferWriterTooSmall(sizeHint, memory.Length);
        }
        if (MemoryMarshal.TryGetArray(memory, out ArraySegment<byte> segment))
        {
            if (_bufferIsRented)
            {
                ArrayPool<byte>.Shared.Return(_buffer);
                _bufferIsRented = false;
            }
            _buffer = segment.Array!;
            _bufferIsBorrowed = true;
            _start = _pos = segment.Offset;
            _end = segment.Offset + segment.Count;
        }
        else
        {
            if (!_bufferIsRented || _buffer.Length < memory.Length)
            {
                if (_bufferIsRented)
                {
                    ArrayPool<byte>.Shared.Return(_buffer);
                }
                _buffer = ArrayPool<byte>.Shared.Rent(memory.Length);
                _bufferIsRented = true;
            }
            _bufferIsBorrowed = false;
            _start = _pos = 0;
            _end = memory.Length;
        }
    }

    /// <summary>Drops a borrowed IBufferWriter segment without committing it.</summary>
    private void ReleaseChunk()
    {
        if (_bufferIsBorrowed)
        {
            _buffer = [];
            _bufferIsBorrowed = false;
            _start = _pos = _end = 0;
        }
    }

    private void EnsurePooledSink()
    {
        if (_sink != SinkKind.Pooled)
        {
            ThrowHelper.ThrowNotPooledSink();
        }
    }
}
