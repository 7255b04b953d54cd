using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.IO;

// Large arrays in a pooled-buffer message: instead of copying a primitive array's bytes into the pooled buffer (and
// then copying the whole message again into its destination: a new byte[], an IBufferWriter, a stream), the writer
// remembers where the array goes and splices it in when the message is handed over, so its bytes are copied once.
// Opt-in (Slim's message framing): WrittenSpan and friends, which expose the buffer, know nothing of deferred arrays.
public sealed partial class SlimWriter
{
    /// <summary>Arrays at least this long (in bytes) are deferred; shorter ones are cheaper to copy than to track.</summary>
    internal const int DeferThreshold = 32 * 1024;

    private List<DeferredArray>? _deferred;
    private long _deferredBytes;       // bytes of the deferred arrays, counted in Position
    private long _lastDeferralEnd;     // Position right after the last deferred array

    /// <summary>An array whose bytes belong at <see cref="BufferOffset"/> in the pooled buffer, not copied yet.</summary>
    private readonly record struct DeferredArray(int BufferOffset, Array Array, int ByteLength);

    /// <summary>
    /// When set (pooled-buffer sink only), primitive arrays of at least <see cref="DeferThreshold"/> bytes are not
    /// copied into the buffer: <see cref="CopyMessageTo(int, Span{byte})"/> and its siblings splice them in. Survives
    /// <see cref="Reset()"/>; the arrays must not change until the message has been handed over.
    /// </summary>
    internal bool DeferLargeArrays { get; set; }

    /// <summary>Bytes of deferred arrays not in the pooled buffer (0 when nothing was deferred).</summary>
    internal long DeferredBytes => _deferredBytes;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool ShouldDefer(int byteLength) =>
        DeferLargeArrays && byteLength >= DeferThreshold && _sink == SinkKind.Pooled && BitConverter.IsLittleEndian;

    /// <summary>Records <paramref name="array"/>'s first <paramref name="byteLength"/> bytes as written at the cursor.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Defer(Array array, int byteLength)
    {
        (_deferred ??= []).Add(new DeferredArray(_pos, array, byteLength));
        _deferredBytes += byteLength;
        _lastDeferralEnd = Position;
    }

    private void ForgetDeferred()
    {
        _deferred?.Clear();
        _deferredBytes = 0;
        _lastDeferralEnd = 0;
    }

    /// <summary>
    /// Copies every deferred array into the pooled buffer where it belongs, so the buffer holds the whole message
    /// again (for a caller about to run code that could change the arrays before the message is handed over).
    /// </summary>
    internal void MaterializeDeferred()
    {
        if (_deferred is not { Count: > 0 } deferred)
        {
            return;
        }
        long total = _pos + _deferredBytes;
        if (total > Array.MaxLength)
        {
            ThrowHelper.ThrowOutputTooLarge(total);
        }
        byte[] whole = ArrayPool<byte>.Shared.Rent((int)total);
        CopyMessageTo(0, whole);
        if (_bufferIsRented)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
        }
        _buffer = whole;
        _bufferIsRented = true;
        _pos = (int)total;
        _end = whole.Length;
        ForgetDeferred();
    }

    /// <summary>The length of the message from buffer offset <paramref name="start"/> to the end, deferred arrays included.</summary>
    internal long MessageLength(int start) => _pos - start + _deferredBytes;

    /// <summary>Copies the message from buffer offset <paramref name="start"/>, deferred arrays spliced in, into <paramref name="destination"/>.</summary>
    internal void CopyMessageTo(int start, Span<byte> destination)
    {
        int from = start;
        int at = 0;
        if (_deferred is { } deferred)
        {
            foreach (DeferredArray item in deferred)
            {
                int run = item.BufferOffset - from;
                new ReadOnlySpan<byte>(_buffer, from, run).CopyTo(destination.Slice(at, run));
                at += run;
                BytesOf(item).CopyTo(destination.Slice(at, item.ByteLength));
                at += item.ByteLength;
                from = item.BufferOffset;
            }
        }
        new ReadOnlySpan<byte>(_buffer, from, _pos - from).CopyTo(destination[at..]);
    }

    /// <summary>Writes the message from buffer offset <paramref name="start"/> into <paramref name="output"/>, each piece once.</summary>
    internal void WriteMessageTo(int start, IBufferWriter<byte> output)
    {
        int from = start;
        if (_deferred is { } deferred)
        {
            foreach (DeferredArray item in deferred)
            {
                output.Write(new ReadOnlySpan<byte>(_buffer, from, item.BufferOffset - from));
                output.Write(BytesOf(item));
                from = item.BufferOffset;
            }
        }
        output.Write(new ReadOnlySpan<byte>(_buffer, from, _pos - from));
    }

    /// <summary>Writes the message from buffer offset <paramref name="start"/> to <paramref name="stream"/>, each piece once.</summary>
    internal void WriteMessageTo(int start, Stream stream)
    {
        int from = start;
        if (_deferred is { } deferred)
        {
            foreach (DeferredArray item in deferred)
            {
                stream.Write(_buffer, from, item.BufferOffset - from);
                stream.Write(BytesOf(item));
                from = item.BufferOffset;
            }
        }
        stream.Write(_buffer, from, _pos - from);
    }

    // A primitive array's elements as bytes (little-endian machines only defer, so these are the wire bytes).
    private static ReadOnlySpan<byte> BytesOf(DeferredArray item) =>
        MemoryMarshal.CreateReadOnlySpan(ref MemoryMarshal.GetArrayDataReference(item.Array), item.ByteLength);
}
