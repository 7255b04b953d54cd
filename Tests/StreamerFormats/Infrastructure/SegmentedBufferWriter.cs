using System.Buffers;
using System.Runtime.InteropServices;

namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> that hands out a new, exactly-sized segment on every GetMemory call
/// (the smallest the contract allows), either as a plain array or as memory that is not array-backed, and checks
/// that its caller keeps the contract (never advances past what it was given).
/// </summary>
public sealed class SegmentedBufferWriter : IBufferWriter<byte>
{
    private readonly bool _nativeMemory;
    private readonly List<byte[]> _committed = [];
    private byte[]? _current;

    /// <summary>Creates a writer; <paramref name="nativeMemory"/> hides the arrays behind a MemoryManager.</summary>
    public SegmentedBufferWriter(bool nativeMemory) => _nativeMemory = nativeMemory;

    /// <summary>Bytes advanced so far.</summary>
    public long WrittenCount { get; private set; }

    /// <summary>How many segments were handed out.</summary>
    public int SegmentCount { get; private set; }

    /// <inheritdoc/>
    public void Advance(int count)
    {
        if (count < 0 || (_current is null ? count != 0 : count > _current.Length))
        {
            throw new InvalidOperationException($"Advance({count}) past the {_current?.Length ?? 0} bytes handed out.");
        }
        if (_current is not null)
        {
            _committed.Add(_current.AsSpan(0, count).ToArray());
        }
        WrittenCount += count;
        _current = null;
    }

    /// <inheritdoc/>
    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        _current = new byte[Math.Max(sizeHint, 1)];
        _current.AsSpan().Fill(0xCD); // stale bytes must never leak into the output
        SegmentCount++;
        return _nativeMemory ? new HiddenArrayMemory(_current).Memory : _current;
    }

    /// <inheritdoc/>
    public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

    /// <summary>Every committed byte, in order.</summary>
    public byte[] ToArray() => _committed.SelectMany(b => b).ToArray();

    // A MemoryManager does not expose its array through MemoryMarshal.TryGetArray.
    private sealed class HiddenArrayMemory : MemoryManager<byte>
    {
        private readonly byte[] _array;
        private GCHandle _handle;

        public HiddenArrayMemory(byte[] array) => _array = array;

        public override Span<byte> GetSpan() => _array;

        public override unsafe MemoryHandle Pin(int elementIndex = 0)
        {
            if (!_handle.IsAllocated)
            {
                _handle = GCHandle.Alloc(_array, GCHandleType.Pinned);
            }
            return new MemoryHandle((byte*)_handle.AddrOfPinnedObject() + elementIndex, default, this);
        }

        public override void Unpin()
        {
            if (_handle.IsAllocated)
            {
                _handle.Free();
            }
        }

        protected override void Dispose(bool disposing) => Unpin();
    }
}
