using System.Buffers;

namespace NFX.Tests.Support;

/// <summary>Multi-segment <see cref="ReadOnlySequence{T}"/>s over a byte array, as pipes and pooled buffers hand them over.</summary>
public static class Sequences
{
    /// <summary>Splits <paramref name="bytes"/> into segments of the given sizes, taken in turn and repeated.</summary>
    public static ReadOnlySequence<byte> Split(byte[] bytes, params int[] sizes)
    {
        Segment? first = null, last = null;
        for (int offset = 0, i = 0; offset < bytes.Length; i++)
        {
            int size = Math.Min(sizes[i % sizes.Length], bytes.Length - offset);
            ReadOnlyMemory<byte> memory = bytes.AsMemory(offset, size);
            last = last is null ? first = new Segment(memory, 0) : last.Append(memory);
            offset += size;
        }
        return first is null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length);
    }

    /// <summary>Splits <paramref name="bytes"/> at the given offsets (ascending).</summary>
    public static ReadOnlySequence<byte> SplitAt(byte[] bytes, params int[] cuts)
    {
        int[] sizes = [.. cuts.Append(bytes.Length).Select((cut, i) => cut - (i == 0 ? 0 : cuts[i - 1]))];
        return Split(bytes, sizes);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
