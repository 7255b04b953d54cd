using System.Diagnostics.CodeAnalysis;
using System.Buffers;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.IO;

/// <summary>
/// Reads the Slim wire primitives from a byte array, a span, a <see cref="ReadOnlySequence{T}"/> or a
/// <see cref="Stream"/>. Every read checks the bytes left first and throws <see cref="NFX.Slim.SlimFormatException"/>
/// (with the offset) on truncated or malformed input; no length from the input allocates more than the input
/// can back. One instance is used by one thread at a time; reuse it with a <c>Reset</c> overload.
/// </summary>
/// <remarks>
/// Input that is not one array (a span, a multi-segment sequence) is first copied into a pooled buffer, so the hot
/// path always reads one contiguous array through unchecked references after a single bounds check.
/// A stream is read in chunks: the reader may consume bytes beyond the last value it returns, so put a
/// length prefix around messages that share a stream (Slim does).
/// </remarks>
public sealed partial class SlimReader : IDisposable
{
    private const int StreamChunkSize = 4096;

    private byte[] _buffer = [];
    private int _pos;            // next byte to read
    private int _end;            // one past the last valid byte
    private long _origin;        // input offset of _buffer[0], minus the start of the input inside _buffer
    private Stream? _stream;
    private bool _bufferIsRented;
    private long _reserved;      // bytes promised to parts still to come (Reserve)

    /// <summary>Creates a reader with no input; call a <c>Reset</c> overload before reading.</summary>
    public SlimReader() { }

    /// <summary>Creates a reader over <paramref name="bytes"/> (not copied).</summary>
    public SlimReader(byte[] bytes) => Reset(bytes);

    /// <summary>Creates a reader over a copy of <paramref name="bytes"/> in a pooled buffer.</summary>
    public SlimReader(ReadOnlySpan<byte> bytes) => Reset(bytes);

    /// <summary>Creates a reader over <paramref name="bytes"/>.</summary>
    public SlimReader(ReadOnlySequence<byte> bytes) => Reset(bytes);

    /// <summary>Creates a reader that pulls from <paramref name="stream"/> as it needs bytes.</summary>
    public SlimReader(Stream stream) => Reset(stream);

    /// <summary>
    /// The largest length prefix (elements of an array or collection; strings have <see cref="MaxStringBytes"/>) the
    /// reader accepts before it even checks the bytes left. Defaults to <see cref="Array.MaxLength"/>; Slim sets it from its limits.
    /// </summary>
    public int MaxLength { get; set; } = Array.MaxLength;

    /// <summary>The offset, from the start of the input, of the next byte to read.</summary>
    public long Position => _origin + _pos;

    /// <summary>
    /// The bytes known to be left: exact for in-memory input; for a stream, only those already buffered.
    /// </summary>
    internal int BufferedBytes => _end - _pos;

    /// <summary>True when no byte is left (for a stream, this may read from it to find out).</summary>
    public bool IsAtEnd => _pos == _end && (_stream is null || !TryFill(1));

    /// <summary>Reads from <paramref name="bytes"/> without copying.</summary>
    public void Reset(byte[] bytes) => Reset(bytes, 0, bytes.Length);

    /// <summary>Reads <paramref name="count"/> bytes of <paramref name="bytes"/> from <paramref name="offset"/>, without copying.</summary>
    public void Reset(byte[] bytes, int offset, int count)
    {
        ArgumentNullException.ThrowIfNull(bytes);
        ArgumentOutOfRangeException.ThrowIfNegative(offset);
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, bytes.Length - offset);
        ReturnBuffer();
        _buffer = bytes;
        _pos = offset;
        _end = offset + count;
        _origin = -offset;
        _reserved = 0;
        _stream = null;
    }

    /// <summary>Reads from <paramref name="bytes"/>; array-backed memory is not copied.</summary>
    public void Reset(ReadOnlyMemory<byte> bytes)
    {
        if (MemoryMarshal.TryGetArray(bytes, out ArraySegment<byte> segment))
        {
            Reset(segment.Array!, segment.Offset, segment.Count);
        }
        else
        {
            Reset(bytes.Span);
        }
    }

    /// <summary>
    /// Lets go of the input (a cached reader must not keep the caller's bytes): <see cref="Reset(byte[])"/> with an empty
    /// array, without its argument checks (once a message, on every pooled read).
    /// </summary>
    internal void Detach()
    {
        ReturnBuffer();
        _buffer = Array.Empty<byte>();
        _pos = 0;
        _end = 0;
        _origin = 0;
        _reserved = 0;
        _stream = null;
    }

    /// <summary>Reads from a pooled copy of <paramref name="bytes"/>.</summary>
    public void Reset(ReadOnlySpan<byte> bytes)
    {
        ReturnBuffer();
        _buffer = ArrayPool<byte>.Shared.Rent(Math.Max(bytes.Length, 16));
        _bufferIsRented = true;
        bytes.CopyTo(_buffer);
        _pos = 0;
        _end = bytes.Length;
        _origin = 0;
        _reserved = 0;
        _stream = null;
    }

    /// <summary>Reads from <paramref name="bytes"/>; a single array-backed segment is not copied.</summary>
    public void Reset(ReadOnlySequence<byte> bytes)
    {
        if (bytes.IsSingleSegment)
        {
            Reset(bytes.First);
            return;
        }
        if (bytes.Length > Array.MaxLength)
        {
            ThrowHelper.ThrowLimit(nameof(MaxLength), bytes.Length, Array.MaxLength, 0);
        }
        ReturnBuffer();
        _buffer = ArrayPool<byte>.Shared.Rent((int)bytes.Length);
        _bufferIsRented = true;
        bytes.CopyTo(_buffer);
        _pos = 0;
        _end = (int)bytes.Length;
        _origin = 0;
        _reserved = 0;
        _stream = null;
    }

    /// <summary>Reads from <paramref name="stream"/> in chunks, as bytes are needed.</summary>
    public void Reset(Stream stream)
    {
        ArgumentNullException.ThrowIfNull(stream);
        if (!stream.CanRead)
        {
            throw new ArgumentException("The stream is not readable.", nameof(stream));
        }
        if (!_bufferIsRented)
        {
            _buffer = ArrayPool<byte>.Shared.Rent(StreamChunkSize);
            _bufferIsRented = true;
        }
        _pos = _end = 0;
        _origin = 0;
        _reserved = 0;
        _stream = stream;
    }

    /// <summary>Returns pooled memory. The reader must not be used afterwards.</summary>
    public void Dispose()
    {
        ReturnBuffer();
        _buffer = [];
        _pos = _end = 0;
        _stream = null;
    }

    private void ReturnBuffer()
    {
        if (_bufferIsRented)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _bufferIsRented = false;
        }
    }

    /// <summary>
    /// Starts a run of fixed-size fields read with <see cref="UnsafeRunReads"/> when at least <paramref name="maxBytes"/> (the
    /// sum of the fields' most bytes) are buffered: returns the run's start in <see cref="RunBuffer"/>, or -1 (the fields
    /// are then read one by one). Nothing else may read until <see cref="EndRun"/>.
    /// </summary>
    /// <remarks>For the code the NFX.Slim source generator writes.</remarks>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int TryBeginRun(int maxBytes) => _end - _pos >= maxBytes ? _pos : -1;

    /// <summary>The buffer a run reads from.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public byte[] RunBuffer => _buffer;

    /// <summary>The buffer position, for a run that handed a field to the reader's own ReadX and goes on after it.</summary>
    internal int RunPosition => _pos;

    /// <summary>
    /// Ends a run (or pauses it for a ReadX) at <paramref name="pos"/>; a position past the buffered input is refused
    /// (checked once per run, so a wrong position cannot make later reads go past the input).
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndRun(int pos)
    {
        if ((uint)pos > (uint)_end)
        {
            ThrowRunPosition(pos, _end);
        }
        _pos = pos;
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowRunPosition(int pos, int end) =>
        throw new ArgumentOutOfRangeException(nameof(pos), pos, $"A run ends inside the buffered input (0..{end}): the position is not one a run reader left.");

    /// <summary>
    /// Reads the next byte when it is buffered and equals <paramref name="value"/> and returns true; otherwise reads
    /// nothing and returns false. For a one-byte handle that has a way of its own (the caller reads any other handle the
    /// general way): one comparison instead of a varint's decoding.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TrySkip(byte value)
    {
        int pos = _pos;
        if (pos < _end && Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_buffer), (nint)(uint)pos) == value)
        {
            _pos = pos + 1;
            return true;
        }
        return false;
    }

    /// <summary>
    /// Moves past the next bytes when they are <paramref name="expected"/> (all buffered; <see cref="Skip"/>'s check is the
    /// length test here) and returns true; otherwise reads nothing and returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TrySkip(byte[] expected)
    {
        int pos = _pos;
        // _pos <= _end <= the buffer's length: the span over the unread bytes needs no check of its own.
        if (expected.Length <= _end - pos &&
            MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_buffer), (nint)(uint)pos), expected.Length)
                .SequenceEqual(expected))
        {
            _pos = pos + expected.Length;
            return true;
        }
        return false;
    }

    /// <summary>A reference to the next unread byte; the caller has checked that enough bytes are there.</summary>
    private ref byte Cursor
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_buffer), (nint)(uint)_pos);
    }

    /// <summary>
    /// Makes sure <paramref name="count"/> bytes can be read at the cursor, pulling from the stream if there is one;
    /// otherwise throws a <see cref="NFX.Slim.SlimFormatException"/> that names <paramref name="what"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void Require(int count, string what)
    {
        if ((uint)count > (uint)(_end - _pos))
        {
            RequireSlow(count, what);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void RequireSlow(int count, string what)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowFormat($"A negative byte count ({count}) was requested for {what}", Position);
        }
        if (!TryFill(count))
        {
            ThrowHelper.ThrowTruncated(what, Position, count, _end - _pos);
        }
    }

    /// <summary>
    /// Pulls from the stream until <paramref name="count"/> bytes are buffered, growing the buffer no faster than
    /// the data arrives (doubling), so a huge length prefix cannot make the reader allocate ahead of the input.
    /// </summary>
    private bool TryFill(int count)
    {
        if (_stream is null)
        {
            return _end - _pos >= count;
        }
        // Move the unread tail to the front.
        int unread = _end - _pos;
        if (_pos > 0)
        {
            Buffer.BlockCopy(_buffer, _pos, _buffer, 0, unread);
            _origin += _pos;
            _pos = 0;
            _end = unread;
        }
        while (_end < count)
        {
            if (_end == _buffer.Length)
            {
                int bigger = (int)Math.Min(Math.Max((long)_buffer.Length * 2, StreamChunkSize), Array.MaxLength);
                if (bigger <= _buffer.Length)
                {
                    return false;
                }
                byte[] grown = ArrayPool<byte>.Shared.Rent(bigger);
                Buffer.BlockCopy(_buffer, 0, grown, 0, _end);
                ReturnBuffer();
                _buffer = grown;
                _bufferIsRented = true;
            }
            int read = _stream.Read(_buffer, _end, _buffer.Length - _end);
            if (read <= 0)
            {
                return false;
            }
            _end += read;
        }
        return true;
    }

    /// <summary>Skips <paramref name="count"/> bytes.</summary>
    public void Skip(int count)
    {
        Require(count, "skipped bytes");
        _pos += count;
    }
}
