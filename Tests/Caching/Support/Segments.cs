using System.Buffers;

namespace NFX.Tests.Caching.Support;

/// <summary>Splits bytes into a multi-segment sequence, as pipes and pooled buffers hand them over.</summary>
public static class Segments
{
    public static ReadOnlySequence<byte> Split(byte[] bytes, int segmentSize)
    {
        Segment? first = null, last = null;
        for (int offset = 0; offset < bytes.Length; offset += segmentSize)
        {
            var memory = bytes.AsMemory(offset, Math.Min(segmentSize, bytes.Length - offset));
            if (last is null)
            {
                first = last = new Segment(memory, 0);
            }
            else
            {
                last = last.Append(memory);
            }
        }
        return first is null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length);
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
