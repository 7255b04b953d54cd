using System.Buffers;
using NFX.Slim;

namespace NFX.Tests.Slim.Support;

/// <summary>
/// Round-trips a value through every way in and out of a serializer (array, span, memory, multi-segment sequence,
/// stream, buffer writer) and through DeepClone, and checks each copy against the original with <see cref="GraphAssert"/>;
/// in PerCall mode also through the other code path (generated codecs where the generator wrote them, or codecs compiled
/// at run time), which must write the same bytes and read the first path's.
/// </summary>
public static class RoundTrip
{
    /// <summary>A serializer whose policy admits the test assembly, as an application would admit its own.</summary>
    public static SlimSerializer NewSerializer(SlimOptions? options = null) =>
        new((options ?? SlimOptions.Default) with
        {
            TypePolicy = (options?.TypePolicy ?? SlimTypePolicy.Default).AllowAssembly(typeof(RoundTrip).Assembly),
        });

    /// <summary>Checks every path and returns the copy read from a byte array.</summary>
    public static T Check<T>(T value, SlimSerializer? serializer = null)
    {
        serializer ??= NewSerializer();
        byte[] bytes = serializer.Serialize(value);

        T fromArray = serializer.Deserialize<T>(bytes);
        GraphAssert.AreEquivalent(value, fromArray);
        GraphAssert.AreEquivalent(value, serializer.Deserialize(new ReadOnlySpan<byte>(bytes)));
        GraphAssert.AreEquivalent(value, serializer.Deserialize<T>(Segmented(bytes, 7)));

        using (var stream = new MemoryStream())
        {
            serializer.Serialize(stream, value);
            Assert.That(stream.ToArray(), Is.EqualTo(bytes), "stream output differs from array output");
            stream.Position = 0;
            GraphAssert.AreEquivalent(value, serializer.Deserialize<T>(stream));
        }
        var bufferWriter = new ArrayBufferWriter<byte>();
        serializer.Serialize(bufferWriter, value);
        Assert.That(bufferWriter.WrittenSpan.ToArray(), Is.EqualTo(bytes), "IBufferWriter output differs from array output");

        GraphAssert.AreEquivalent(value, serializer.DeepClone(value));
        if (serializer.Options.RegistryMode == TypeRegistryMode.PerCall)
        {
            CheckOtherPath(value, bytes, serializer.Options);
        }
        return fromArray;
    }

    /// <summary>The same value through the other code path: the same bytes, each path reading the other's.</summary>
    private static void CheckOtherPath<T>(T value, byte[] bytes, SlimOptions options)
    {
        var other = new SlimSerializer(options with { UseGeneratedCodecs = !options.UseGeneratedCodecs });
        Assert.That(Convert.ToHexString(other.Serialize(value)), Is.EqualTo(Convert.ToHexString(bytes)),
            "generated and runtime codecs wrote different bytes");
        GraphAssert.AreEquivalent(value, other.Deserialize<T>(bytes));
    }

    /// <summary>Splits bytes into a sequence of segments of at most <paramref name="segmentSize"/> bytes.</summary>
    public static ReadOnlySequence<byte> Segmented(byte[] bytes, int segmentSize) => NFX.Tests.Support.Sequences.Split(bytes, segmentSize);
}
