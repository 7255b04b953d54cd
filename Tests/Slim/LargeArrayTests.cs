using System.Buffers;
using System.Runtime.Serialization;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// Primitive arrays large enough that the serializer copies them once, straight into the output (the writer defers
/// them): every way out gives the same bytes, identity and layouts hold, limits and callbacks see the real message.
/// </summary>
public sealed class LargeArrayTests
{
    private const int Large = SlimWriter.DeferThreshold;

    [Test]
    public void Serialize_LargePrimitiveArrayRoots_RoundTripOnEveryPath()
    {
        RoundTrip.Check(Bytes(Large * 3 + 1));
        RoundTrip.Check(Enumerable.Range(0, Large).Select(i => i * -31).ToArray());
        RoundTrip.Check(Enumerable.Range(0, Large / 4).Select(i => i / 7.0).ToArray());
        RoundTrip.Check(Enumerable.Range(0, Large).Select(i => i % 3 == 0).ToArray());
        RoundTrip.Check(Enumerable.Range(0, Large / 16).Select(i => new Guid(i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)).ToArray());
    }

    [Test]
    public void Serialize_LargeArraysAmongOtherMembers_KeepIdentityAndOrder()
    {
        byte[] shared = Bytes(Large + 5);
        var holder = new LargeHolder
        {
            Name = "before",
            Data = shared,
            Again = shared,
            Numbers = Enumerable.Range(0, Large / 2).ToArray(),
            Small = [1, 2, 3],
            Next = new LargeHolder { Name = "after", Data = Bytes(Large * 2), Numbers = [] },
        };
        LargeHolder copy = RoundTrip.Check(holder);
        Assert.That(copy.Again, Is.SameAs(copy.Data), "a shared array stays shared");
        Assert.That(copy.Next!.Name, Is.EqualTo("after"));
    }

    [Test]
    public void Serialize_LargeArraysTolerantAndBatch_RoundTrip()
    {
        var holder = new LargeHolder { Name = "t", Data = Bytes(Large), Next = new LargeHolder { Name = "u", Numbers = new int[Large] } };
        RoundTrip.Check(holder, RoundTrip.NewSerializer(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant }));

        var options = SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch };
        SlimSerializer writer = RoundTrip.NewSerializer(options), reader = RoundTrip.NewSerializer(options);
        var output = new ArrayBufferWriter<byte>();
        for (int i = 0; i < 3; i++)
        {
            output.ResetWrittenCount();
            holder.Name = "message " + i;
            writer.Serialize(output, holder);
            GraphAssert.AreEquivalent(holder, reader.Deserialize<LargeHolder>(output.WrittenMemory));
        }
    }

    [Test]
    public void Serialize_OnSerializedChangesALargeArray_MessageHoldsTheValuesAsSerialized()
    {
        var value = new ClearsAfterSerializing { Data = Bytes(Large * 2) };
        byte[] original = value.Data.ToArray();
        SlimSerializer slim = RoundTrip.NewSerializer();

        var copy = slim.Deserialize<ClearsAfterSerializing>(slim.Serialize(value));
        Assert.That(value.Data, Is.All.EqualTo(0), "the callback ran");
        Assert.That(copy.Data, Is.EqualTo(original));

        value.Data = original.ToArray();
        var output = new ArrayBufferWriter<byte>();
        slim.Serialize(output, value);
        Assert.That(slim.Deserialize<ClearsAfterSerializing>(output.WrittenMemory).Data, Is.EqualTo(original));
    }

    [Test]
    public void Serialize_LargeArrayOverMaxMessageBytes_Throws()
    {
        SlimSerializer slim = RoundTrip.NewSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxMessageBytes = Large } });
        var error = Assert.Throws<SlimSerializationException>(() => slim.Serialize(Bytes(Large)));
        Assert.That(error!.Message, Does.Contain("MaxMessageBytes"));
        Assert.That(slim.Serialize(new byte[Large - 64]), Has.Length.LessThanOrEqualTo(Large + 16), "the serializer still works after the refusal");
    }

    private static byte[] Bytes(int length)
    {
        var bytes = new byte[length];
        new Random(length).NextBytes(bytes);
        return bytes;
    }
}

/// <summary>Large arrays between other members, one of them referenced twice.</summary>
public sealed class LargeHolder
{
    public string? Name;
    public byte[]? Data;
    public byte[]? Again;
    public int[]? Numbers;
    public long[]? Small;
    public LargeHolder? Next;
}

/// <summary>Clears its array once it has been serialized.</summary>
public sealed class ClearsAfterSerializing
{
    public byte[] Data = [];

    [OnSerialized]
    private void OnSerialized(StreamingContext context) => Array.Clear(Data);
}
