using NFX.IO;

namespace NFX.Tests.StreamerFormats.Writing;

/// <summary>
/// A run's end position is the one public member of a run that sets where the writer or reader goes on: a position
/// outside the buffer is refused, so hand-written code that misuses it cannot make later writes or reads leave it.
/// </summary>
public sealed class RunPositionTests
{
    [Test]
    public void WriterEndRun_PositionPastTheBuffer_IsRefusedAndTheWriterKeepsItsPosition()
    {
        var writer = new SlimWriter(64);
        writer.WriteInt32(5);
        int start = writer.BeginRun(16);
        int end = UnsafeRunWrites.Int32(writer.RunBuffer, start, 7);
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.EndRun(writer.RunBuffer.Length + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.EndRun(-1));
        writer.EndRun(end);
        var reader = new SlimReader(writer.ToArray());
        Assert.That(reader.ReadInt32(), Is.EqualTo(5));
        Assert.That(reader.ReadInt32(), Is.EqualTo(7));
        Assert.That(reader.IsAtEnd, Is.True);
    }

    [Test]
    public void ReaderEndRun_PositionPastTheInput_IsRefused()
    {
        var reader = new SlimReader(new byte[] { 1, 2, 3 });
        int start = reader.TryBeginRun(2);
        Assert.That(start, Is.EqualTo(0));
        Assert.Throws<ArgumentOutOfRangeException>(() => reader.EndRun(4));
        Assert.Throws<ArgumentOutOfRangeException>(() => reader.EndRun(-1));
        reader.EndRun(2);
        Assert.That(reader.ReadByte(), Is.EqualTo(3));
    }
}
