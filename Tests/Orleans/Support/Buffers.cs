using System.Buffers;

namespace NFX.Tests.Orleans.Support;

/// <summary>A read-only sequence of <paramref name="segmentSize"/>-byte segments over a copy of the bytes.</summary>
internal sealed class Segment : ReadOnlySequenceSegment<byte>
{
    private Segment(ReadOnlyMemory<byte> memory, long runningIndex)
    {
        Memory = memory;
        RunningIndex = runningIndex;
    }

    public static ReadOnlySequence<byte> Split(byte[] bytes, int segmentSize)
    {
        if (bytes.Length == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }
        var first = new Segment(bytes.AsMemory(0, Math.Min(segmentSize, bytes.Length)).ToArray(), 0);
        Segment last = first;
        for (int at = segmentSize; at < bytes.Length; at += segmentSize)
        {
            var next = new Segment(bytes.AsMemory(at, Math.Min(segmentSize, bytes.Length - at)).ToArray(), at);
            last.Next = next;
            last = next;
        }
        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }
}

/// <summary>A buffer writer that hands out segments of at most <c>maxSegment</c> bytes, like a pipe's small pages.</summary>
internal sealed class MultiSegmentWriter(int maxSegment) : IBufferWriter<byte>
{
    private readonly List<byte[]> _full = [];
    private byte[] _current = [];
    private int _used;

    public void Advance(int count) => _used += count;

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Rotate(sizeHint);
        return _current.AsMemory(_used);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Rotate(sizeHint);
        return _current.AsSpan(_used);
    }

    public int SegmentCount => _full.Count + (_used > 0 ? 1 : 0);

    public byte[] ToArray()
    {
        var all = new List<byte>();
        foreach (byte[] segment in _full)
        {
            all.AddRange(segment);
        }
        all.AddRange(_current.AsSpan(0, _used).ToArray());
        return [.. all];
    }

    private void Rotate(int sizeHint)
    {
        if (_current.Length - _used >= Math.Max(sizeHint, 1))
        {
            return;
        }
        if (_used > 0)
        {
            _full.Add(_current.AsSpan(0, _used).ToArray());
        }
        _current = new byte[Math.Max(sizeHint, maxSegment)];
        _used = 0;
    }
}
