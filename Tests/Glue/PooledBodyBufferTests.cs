using System.Buffers;
using NFX.Glue.Transport;

namespace NFX.Tests.Glue;

/// <summary>The connection's body buffer: an IBufferWriter over pooled arrays that keeps what was written as it grows.</summary>
public sealed class PooledBodyBufferTests
{
    [Test]
    public void WritesAcrossGrowth_KeepTheBytesInOrder()
    {
        using var buffer = new PooledBodyBuffer();
        byte[] expected = new byte[700_000];
        new Random(7).NextBytes(expected);
        ReadOnlySpan<byte> rest = expected;
        while (!rest.IsEmpty)
        {
            Span<byte> span = buffer.GetSpan(Math.Min(rest.Length, 1000));
            int n = Math.Min(Math.Min(span.Length, rest.Length), 3_333);
            rest[..n].CopyTo(span);
            buffer.Advance(n);
            rest = rest[n..];
        }
        Assert.That(buffer.WrittenCount, Is.EqualTo(expected.Length));
        Assert.That(buffer.WrittenSpan.SequenceEqual(expected), Is.True);
    }

    [Test]
    public void GetMemory_HonoursTheSizeHint_AndAdvanceBeyondItIsRefused()
    {
        using var buffer = new PooledBodyBuffer();
        Memory<byte> memory = buffer.GetMemory(100_000);
        Assert.That(memory.Length, Is.GreaterThanOrEqualTo(100_000));
        Assert.That(() => buffer.Advance(memory.Length + 1), Throws.InstanceOf<ArgumentOutOfRangeException>());
        Assert.That(() => buffer.GetSpan(-1), Throws.InstanceOf<ArgumentOutOfRangeException>());
    }

    [Test]
    public void Reset_EmptiesTheBuffer_AndGivesBackALargeArray()
    {
        using var buffer = new PooledBodyBuffer();
        buffer.GetSpan(PooledBodyBuffer.KeepBytes * 2);
        buffer.Advance(10);
        Assert.That(buffer.Capacity, Is.GreaterThan(PooledBodyBuffer.KeepBytes));
        buffer.Reset();
        Assert.That(buffer.WrittenCount, Is.Zero);
        Assert.That(buffer.Capacity, Is.LessThanOrEqualTo(PooledBodyBuffer.KeepBytes));

        buffer.GetSpan(1000);
        buffer.Advance(1000);
        int small = buffer.Capacity;
        buffer.Reset();
        Assert.That(buffer.Capacity, Is.EqualTo(small), "a small array stays with the buffer");
    }
}
