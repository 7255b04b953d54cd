using System.Buffers;
using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Support;

namespace NFX.Tests.Slim.Support;

/// <summary>
/// The conformance kit every codec test derives from (after Orleans' FieldCodecTester): a subclass says what value
/// to send (<see cref="CreateValue"/>), what a faithful copy must still do (<see cref="CheckCopy"/>) and, when the
/// wire shape is pinned, its golden bytes; it then inherits a round trip through every reader shape (array, span,
/// memory, a sequence of 7-byte and of 1-byte segments, a seekable stream, a one-byte-at-a-time non-seekable stream,
/// with the stream and buffer-writer outputs byte-identical to the array's), a deep clone, truncation at every length
/// (raw and re-framed, so the cut reaches the codec), and deterministic bytes that match the golden ones when pinned.
/// Every copy is compared with the original as a whole graph, reference identity included (<see cref="GraphAssert"/>),
/// then checked by <see cref="CheckCopy"/>.
/// </summary>
public abstract class CodecTester<T>
{
    /// <summary>A fresh value to send: called once per check, so checks may mutate what they get.</summary>
    protected abstract T CreateValue();

    /// <summary>What the copy of <paramref name="original"/> must still do beyond looking the same (lookups, order, identity).</summary>
    protected virtual void CheckCopy(T original, T copy) { }

    /// <summary>The serializer under test (by default one that admits the test assembly).</summary>
    protected virtual SlimSerializer CreateSerializer() => RoundTrip.NewSerializer();

    /// <summary>The exact message of <see cref="CreateValue"/> as hex, or null when this codec's bytes are not pinned.</summary>
    protected virtual string? GoldenHex => null;

    [Test]
    public void RoundTrip_EveryReaderShape_ReturnsAnEquivalentGraph()
    {
        SlimSerializer slim = CreateSerializer();
        T original = CreateValue();
        byte[] bytes = slim.Serialize(original);

        using (var stream = new MemoryStream())
        {
            slim.Serialize(stream, original);
            Assert.That(stream.ToArray(), Is.EqualTo(bytes), "stream output differs from array output");
        }
        var bufferWriter = new ArrayBufferWriter<byte>();
        slim.Serialize(bufferWriter, original);
        Assert.That(bufferWriter.WrittenSpan.ToArray(), Is.EqualTo(bytes), "IBufferWriter output differs from array output");

        var readers = new (string Shape, Func<T> Read)[]
        {
            ("byte[]", () => slim.Deserialize<T>(bytes)),
            ("span", () => slim.Deserialize<T>(new ReadOnlySpan<byte>(bytes))),
            ("memory", () => slim.Deserialize<T>(new ReadOnlyMemory<byte>(bytes))),
            ("7-byte segments", () => slim.Deserialize<T>(RoundTrip.Segmented(bytes, 7))),
            ("1-byte segments", () => slim.Deserialize<T>(RoundTrip.Segmented(bytes, 1))),
            ("seekable stream", () => slim.Deserialize<T>(new MemoryStream(bytes))),
            ("one-byte stream", () => slim.Deserialize<T>(new OneByteStream(bytes))),
        };
        foreach ((string shape, Func<T> read) in readers)
        {
            T copy = read();
            Check(original, copy, shape);
        }
    }

    [Test]
    public void DeepClone_Value_ReturnsAnEquivalentGraph()
    {
        SlimSerializer slim = CreateSerializer();
        T original = CreateValue();
        Check(original, slim.DeepClone(original), "DeepClone");
    }

    [Test]
    public void Deserialize_CutAtEveryLength_ThrowsSlimDeserializationException()
    {
        SlimSerializer slim = CreateSerializer();
        byte[] bytes = slim.Serialize(CreateValue());
        int start = Wire.PayloadStart(bytes);
        for (int length = 0; length < bytes.Length; length++)
        {
            byte[] cut = bytes[..length];
            Assert.Throws<SlimFormatException>(() => slim.Deserialize<T>(cut), $"message cut at {length} of {bytes.Length}");
            if (length >= start)
            {
                byte[] reframed = Wire.Frame(bytes.AsSpan(start, length - start));
                Assert.That(() => slim.Deserialize<T>(reframed), Throws.InstanceOf<SlimDeserializationException>(),
                    $"payload cut at {length - start} of {bytes.Length - start} and re-framed");
            }
        }
    }

    [Test]
    public void Serialize_SameValueTwice_WritesTheSameBytesAsPinned()
    {
        SlimSerializer slim = CreateSerializer();
        T original = CreateValue();
        string hex = Convert.ToHexString(slim.Serialize(original));
        Assert.That(Convert.ToHexString(slim.Serialize(CreateValue())), Is.EqualTo(hex), "two equal values, two different messages");
        if (GoldenHex is { } golden)
        {
            Assert.That(hex, Is.EqualTo(golden), "the pinned wire shape changed");
            Check(original, slim.Deserialize<T>(Convert.FromHexString(golden)), "golden bytes");
        }
    }

    private void Check(T original, T copy, string shape)
    {
        string? difference = GraphAssert.FindDifference(original, copy);
        Assert.That(difference, Is.Null, shape);
        CheckCopy(original, copy);
    }
}
