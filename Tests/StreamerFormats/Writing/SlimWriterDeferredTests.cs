using System.Buffers;
using NFX.IO;

namespace NFX.Tests.StreamerFormats.Writing;

/// <summary>
/// Large primitive arrays deferred by a pooled-buffer writer (Slim's message framing) are spliced back in exactly
/// where they were written: every way of handing the message over gives the bytes of a writer that copied them.
/// </summary>
public sealed class SlimWriterDeferredTests
{
    private const int Large = SlimWriter.DeferThreshold;

    private static readonly byte[] s_bytes = Filled(Large + 3);
    private static readonly int[] s_ints = Enumerable.Range(-5, Large / 4 + 11).Select(i => i * 7919).ToArray();
    private static readonly double[] s_doubles = Enumerable.Range(0, Large / 8).Select(i => i * 0.5 - 3).ToArray();

    [Test]
    public void DeferLargeArrays_MixedMessage_EveryHandOverGivesTheCopiedBytes()
    {
        byte[] expected = Write(defer: false, out _);
        using SlimWriter writer = NewWriter(defer: true);
        WriteMessage(writer, positions: null);

        Assert.That(writer.DeferredBytes, Is.EqualTo(s_bytes.Length + s_ints.Length * 4L + 2 * s_doubles.Length * 8L), "every large array deferred, the repeated one twice");
        Assert.That(writer.MessageLength(0), Is.EqualTo(expected.Length));
        var copied = new byte[expected.Length];
        writer.CopyMessageTo(0, copied);
        Assert.That(copied, Is.EqualTo(expected), "CopyMessageTo");

        var output = new ArrayBufferWriter<byte>(16);
        writer.WriteMessageTo(0, output);
        Assert.That(output.WrittenSpan.ToArray(), Is.EqualTo(expected), "WriteMessageTo(IBufferWriter)");

        using var stream = new MemoryStream();
        writer.WriteMessageTo(0, stream);
        Assert.That(stream.ToArray(), Is.EqualTo(expected), "WriteMessageTo(Stream)");

        Assert.That(writer.WrittenSpan.ToArray(), Is.EqualTo(expected), "WrittenSpan copies the deferred arrays in");
        Assert.That(writer.DeferredBytes, Is.Zero);
    }

    [Test]
    public void DeferLargeArrays_Positions_CountDeferredBytes()
    {
        Write(defer: false, out List<long> copiedPositions);
        using SlimWriter writer = NewWriter(defer: true);
        var deferredPositions = new List<long>();
        WriteMessage(writer, deferredPositions);
        Assert.That(deferredPositions, Is.EqualTo(copiedPositions));
    }

    [Test]
    public void DeferLargeArrays_SmallArraysAndOtherSinks_AreCopied()
    {
        using var writer = new SlimWriter { DeferLargeArrays = true };
        writer.WriteByteArray(new byte[Large - 1]);
        writer.WriteInt32Array(new int[(Large / 4) - 1]);
        Assert.That(writer.DeferredBytes, Is.Zero, "below the threshold");

        var output = new ArrayBufferWriter<byte>();
        writer.Reset(output);
        writer.WriteByteArray(s_bytes);
        writer.Flush();
        Assert.That(writer.DeferredBytes, Is.Zero, "an IBufferWriter sink is written directly");
        Assert.That(output.WrittenCount, Is.EqualTo(s_bytes.Length + 3));
    }

    [Test]
    public void TryGetWrittenSince_AcrossADeferredArray_Refuses_AfterIt_GivesTheBytes()
    {
        using SlimWriter writer = NewWriter(defer: true);
        writer.WriteVarUInt32(300);
        long before = writer.Position;
        writer.WriteByteArray(s_bytes);
        Assert.That(writer.TryGetWrittenSince(before, out _), Is.False, "the deferred bytes are not in the buffer");
        long after = writer.Position;
        writer.WriteString("tail");
        Assert.That(writer.TryGetWrittenSince(after, out ReadOnlySpan<byte> tail), Is.True);
        Assert.That(tail.ToArray(), Is.EqualTo(new byte[] { 5, (byte)'t', (byte)'a', (byte)'i', (byte)'l' }));
    }

    [Test]
    public void MaterializeDeferred_ThenReset_StartsClean()
    {
        using SlimWriter writer = NewWriter(defer: true);
        writer.WriteByteArray(s_bytes);
        writer.MaterializeDeferred();
        Assert.That(writer.DeferredBytes, Is.Zero);
        Assert.That(writer.Position, Is.EqualTo(s_bytes.Length + 3));
        writer.Reset();
        Assert.That((writer.Position, writer.DeferredBytes, writer.MessageLength(0)), Is.EqualTo((0L, 0L, 0L)));
        writer.WriteByte(9);
        Assert.That(writer.WrittenSpan.ToArray(), Is.EqualTo(new byte[] { 9 }));
    }

    private static SlimWriter NewWriter(bool defer) => new() { DeferLargeArrays = defer };

    private static byte[] Write(bool defer, out List<long> positions)
    {
        positions = [];
        using SlimWriter writer = NewWriter(defer);
        WriteMessage(writer, positions);
        return writer.WrittenSpan.ToArray();
    }

    // Small values around, between and after the large arrays; the same array twice; a null array.
    private static void WriteMessage(SlimWriter writer, List<long>? positions)
    {
        writer.WriteString("head");
        positions?.Add(writer.Position);
        writer.WriteByteArray(s_bytes);
        positions?.Add(writer.Position);
        writer.WriteInt32(-42);
        writer.WriteInt32Array(s_ints);
        positions?.Add(writer.Position);
        writer.WriteInt32Array(null);
        writer.WriteDoubleArray(s_doubles);
        writer.WriteDoubleArray(s_doubles);
        positions?.Add(writer.Position);
        writer.WriteInt32Array([1, 2, 3]);
        writer.WriteString("tail");
        positions?.Add(writer.Position);
    }

    private static byte[] Filled(int length)
    {
        var bytes = new byte[length];
        new Random(17).NextBytes(bytes);
        return bytes;
    }
}
