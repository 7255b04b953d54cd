using Microsoft.Extensions.DependencyInjection;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Slim.Support;
using NFX.Tests.Orleans.Support;
using Orleans.Serialization;
using Orleans.Serialization.TypeSystem;

namespace NFX.Tests.Orleans;

/// <summary>
/// A message cut anywhere inside the codec's field (its type, the Slim message, the end marker) is refused with a
/// <see cref="SlimDeserializationException"/> that gives the offset, not with the index or range error Orleans' reader
/// raises when its input runs out; a forged length of the Slim message allocates no more than the bytes that arrive;
/// a Slim message larger than the first chunk it is gathered in reads back whole. Over an array, a stream and segments alike.
/// </summary>
public sealed class PayloadInputTests
{
    [Test]
    public void LargeMessage_OverAStreamAndSmallSegments_ReadsBackWhole()
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        Node original = Node.Ring(10_000);
        byte[] bytes = serializer.SerializeToArray(original);
        Assert.That(bytes.Length, Is.GreaterThan(4 * 64 * 1024), "test set-up: the message must outgrow the first chunks");

        GraphAssert.AreEquivalent(original, serializer.Deserialize(new MemoryStream(bytes)));
        GraphAssert.AreEquivalent(original, serializer.Deserialize(Segment.Split(bytes, 5)));
        GraphAssert.AreEquivalent(original, serializer.Deserialize(Segment.Split(bytes, 100_000)));
    }

    [Test]
    public void MessageCutInsideTheSlimField_SlimDeserializationExceptionWithTheOffset()
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        byte[] whole = serializer.SerializeToArray(new Envelope { Label = "cut", Payload = Node.Ring(3) });
        byte[] name = System.Text.Encoding.UTF8.GetBytes(services.GetRequiredService<TypeConverter>().Format(typeof(Envelope)));
        // The field starts with the header of field 0 and the name's one-byte length, just before the name.
        int fieldStart = whole.AsSpan().IndexOf(name) - 2;
        Assert.That(fieldStart, Is.GreaterThan(0), "test set-up: the type name was not found in the message");

        int cuts = 0;
        for (int length = fieldStart; length < whole.Length; length++)
        {
            byte[] cut = whole[..length];
            foreach ((string input, Func<object?> read) in new (string, Func<object?>)[]
            {
                ("array", () => serializer.Deserialize(cut)),
                ("stream", () => serializer.Deserialize(new MemoryStream(cut))),
                ("segments", () => serializer.Deserialize(Segment.Split(cut, 3))),
            })
            {
                Exception? e = SlimSerializers.Thrown(read);
                Assert.That(e, Is.TypeOf<SlimDeserializationException>(), $"{input} cut to {length} of {whole.Length} bytes: {e}");
                Assert.That(e!.Message, Does.Contain("offset"), $"{input} cut to {length} bytes");
                cuts++;
            }
        }
        Assert.That(cuts, Is.GreaterThan(3 * 20), "the field is longer than 20 bytes");
    }

    [Test]
    public void SlimMessageLength_Forged_IsRefusedWithoutAllocatingIt()
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        Node value = Node.Ring(1);
        byte[] whole = serializer.SerializeToArray(value);
        byte[] payload = services.GetRequiredService<SlimCodec>().Serializer.Serialize(value);
        // The length becomes 200 MiB (under MaxMessageBytes) in front of the real ~150 bytes.
        byte[] forged = OrleansWire.WithDeclaredLength(whole, payload, 200 << 20, out _);

        foreach ((string input, Func<object?> read) in new (string, Func<object?>)[]
        {
            ("array", () => serializer.Deserialize(forged)),
            ("stream", () => serializer.Deserialize(new MemoryStream(forged))),
            ("segments", () => serializer.Deserialize(Segment.Split(forged, 7))),
        })
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            Exception? e = SlimSerializers.Thrown(read);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.That(e, Is.TypeOf<SlimDeserializationException>(), $"{input}: {e}");
            Assert.That(allocated, Is.LessThan(1 << 20), $"{input}: the forged length was allocated ({allocated:N0} bytes)");
        }
    }

    [Test]
    public void MessagesOfChangingSize_WrittenOnOneThread_EachReadsBackWhole()
    {
        // The codec writes into a buffer its thread keeps (up to 256 KiB): each message must be only its own bytes.
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        foreach (int nodes in new[] { 3, 40_000, 2, 5_000, 1, 40_000, 4 })
        {
            Node original = Node.Ring(nodes);
            byte[] bytes = serializer.SerializeToArray(original);
            GraphAssert.AreEquivalent(original, serializer.Deserialize(bytes));
        }
        Assert.That(serializer.SerializeToArray(Node.Ring(40_000)).Length, Is.GreaterThan(256 << 10), "test set-up: the large message must outgrow the kept buffer");
    }
}
