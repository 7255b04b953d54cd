using NFX.IO;

namespace NFX.Tests.StreamerFormats;

public sealed class VarIntTests
{
    [TestCase(0u, 1)]
    [TestCase(127u, 1)]
    [TestCase(128u, 2)]
    [TestCase(16383u, 2)]
    [TestCase(16384u, 3)]
    [TestCase(uint.MaxValue, 5)]
    public void WriteVarUInt32_LengthBoundary_RoundTripsInExpectedBytes(uint value, int expectedBytes)
    {
        using var writer = new SlimWriter();
        writer.WriteVarUInt32(value);
        Assert.That(writer.WrittenSpan.Length, Is.EqualTo(expectedBytes));
        using var reader = new SlimReader(writer.ToArray());
        Assert.That(reader.ReadVarUInt32(), Is.EqualTo(value));
        Assert.That(reader.IsAtEnd, Is.True);
    }
}
