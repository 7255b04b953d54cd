using NFX.IO;

namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>
/// The round-trip contract every native type must meet, inherited by one small fixture per type (the pattern of
/// Orleans' FieldCodecTester): each sample value written through every writer shape gives the same bytes, and
/// those bytes read back through every reader shape give the same values and end exactly where the writer stopped.
/// The pair is taken from <see cref="StreamerFormat.Default"/>, so discovery and the compiled delegates are tested too.
/// </summary>
/// <typeparam name="T">The native type (a value type, its nullable, an array of it, string or byte[]).</typeparam>
public abstract class RoundTripTester<T>
{
    private const uint Sentinel = 0xA55A_C33C;

    private readonly Sample<T> _sample;
    private readonly Action<SlimWriter, T> _write;
    private readonly Func<SlimReader, T> _read;

    /// <summary>Creates the tester over <paramref name="sample"/>.</summary>
    protected RoundTripTester(Sample<T> sample)
    {
        _sample = sample;
        Assert.That(StreamerFormat.Default.TryGetCodec(typeof(T), out NativeTypeCodec? codec), Is.True,
            $"{typeof(T)} is not a native type of StreamerFormat.Default");
        _write = codec!.GetWriter<T>();
        _read = codec.GetReader<T>();
    }

    /// <summary>Every value, alone, round-trips and takes exactly the bytes the writer produced.</summary>
    [Test]
    public void RoundTrip_EachValueAlone_ReturnsEqualValueAndConsumesAllBytes()
    {
        foreach (T value in _sample.Values)
        {
            byte[] bytes = BufferShapes.Write(WriterShape.Pooled, w => _write(w, value));
            using var reader = new SlimReader(bytes);
            T back = _read(reader);
            Assert.That(_sample.Comparer.Equals(back, value), Is.True, $"{Describe(value)} came back as {Describe(back)}");
            Assert.That(reader.Position, Is.EqualTo(bytes.Length), $"{Describe(value)}: the reader stopped early");
        }
    }

    /// <summary>All values in one message give byte-identical output through every writer shape.</summary>
    [TestCaseSource(typeof(BufferShapes), nameof(BufferShapes.Writers))]
    public void Write_AllValuesThroughWriterShape_SameBytesAsPooledWriter(WriterShape shape)
    {
        byte[] expected = BufferShapes.Write(WriterShape.Pooled, WriteAll);
        byte[] actual = BufferShapes.Write(shape, WriteAll);
        Assert.That(actual.Length, Is.EqualTo(expected.Length));
        Assert.That(actual.AsSpan().SequenceEqual(expected), Is.True, $"{shape} wrote different bytes");
    }

    /// <summary>All values in one message read back through every reader shape, in order, up to the sentinel.</summary>
    [TestCaseSource(typeof(BufferShapes), nameof(BufferShapes.Readers))]
    public void Read_AllValuesThroughReaderShape_ReturnsEveryValueInOrder(ReaderShape shape)
    {
        byte[] bytes = BufferShapes.Write(WriterShape.Pooled, WriteAll);
        using SlimReader reader = BufferShapes.Open(shape, bytes);
        Assert.That(reader.ReadByte(), Is.EqualTo(0x11));
        for (int i = 0; i < _sample.Values.Count; i++)
        {
            T value = _sample.Values[i];
            T back = _read(reader);
            Assert.That(_sample.Comparer.Equals(back, value), Is.True, $"value #{i} {Describe(value)} came back as {Describe(back)}");
        }
        Assert.That(reader.ReadFixed32(), Is.EqualTo(Sentinel));
        Assert.That(reader.Position, Is.EqualTo(bytes.Length));
        Assert.That(reader.IsAtEnd, Is.True);
    }

    // One odd byte first so that nothing lines up with the writer's or reader's chunk boundaries by luck.
    private void WriteAll(SlimWriter writer)
    {
        writer.WriteByte(0x11);
        foreach (T value in _sample.Values)
        {
            _write(writer, value);
        }
        writer.WriteFixed32(Sentinel);
    }

    private static string Describe(T value) => value switch
    {
        null => "null",
        string { Length: > 40 } s => $"string of {s.Length} chars",
        System.Collections.ICollection c => $"{value.GetType().Name} of {c.Count}",
        _ => $"{value} ({typeof(T).Name})",
    };
}
