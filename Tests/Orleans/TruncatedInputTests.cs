using Microsoft.Extensions.DependencyInjection;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Orleans.Support;
using Orleans.Serialization;
using Orleans.Serialization.TypeSystem;

namespace NFX.Tests.Orleans;

/// <summary>
/// A message cut anywhere inside the codec's field (its type, the Slim message, the end marker) is refused with a
/// <see cref="SlimDeserializationException"/> that gives the offset, not with the index or range error Orleans' reader
/// raises when its input runs out; over an array, a stream and segments alike.
/// </summary>
public sealed class TruncatedInputTests
{
    [Test]
    public void MessageCutInsideTheSlimField_SlimDeserializationExceptionWithTheOffset()
    {
        using ServiceProvider services = new ServiceCollection()
            .AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure))
            .BuildServiceProvider();
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
                Exception? e = null;
                try
                {
                    read();
                }
                catch (Exception caught)
                {
                    e = caught;
                }
                Assert.That(e, Is.InstanceOf<SlimException>(), $"{input} cut to {length} of {whole.Length} bytes: {e}");
                Assert.That(e!.Message, Does.Contain("offset"), $"{input} cut to {length} bytes");
                cuts++;
            }
        }
        Assert.That(cuts, Is.GreaterThan(3 * 20), "the field is longer than 20 bytes");
    }
}
