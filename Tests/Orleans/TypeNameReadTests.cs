using Microsoft.Extensions.DependencyInjection;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Orleans.Support;
using NFX.Tests.Slim.Support;
using Orleans.Serialization;
using Orleans.Serialization.TypeSystem;

namespace NFX.Tests.Orleans;

/// <summary>
/// The value's type (field 0 of the codec's field) is resolved through Orleans' type converter once per name, not on
/// every read (Orleans' <c>TypeCodec.ReadLengthPrefixed</c> parses and checks it each time); refusals stay per read.
/// </summary>
public sealed class TypeNameReadTests
{
    [Test]
    public void ValueTypeName_ReadManyTimes_ResolvedOncePerName()
    {
        var names = new CountingTypeConverter();
        using ServiceProvider services = new ServiceCollection()
            .AddSingleton<ITypeConverter>(names)
            .AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure))
            .BuildServiceProvider();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        Node ring = Node.Ring(3);
        var envelope = new Envelope { Label = "second type", Payload = ring };
        byte[] ringBytes = serializer.SerializeToArray(ring);
        byte[] envelopeBytes = serializer.SerializeToArray(envelope);

        for (int i = 0; i < 3; i++)
        {
            GraphAssert.AreEquivalent(ring, serializer.Deserialize(ringBytes));
            GraphAssert.AreEquivalent(envelope, serializer.Deserialize(envelopeBytes));
        }
        GraphAssert.AreEquivalent(ring, serializer.Deserialize(Segment.Split(ringBytes, 1))); // the name split across segments

        Assert.That(names.Parsed(typeof(Node)), Is.EqualTo(1));
        Assert.That(names.Parsed(typeof(Envelope)), Is.EqualTo(1));
    }

    [Test]
    public void RefusedValueTypeName_RefusedOnEveryRead()
    {
        using ServiceProvider broad = new ServiceCollection()
            .AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure))
            .BuildServiceProvider();
        using ServiceProvider narrow = new ServiceCollection()
            .AddSerializer(serializer => serializer.AddSlimSerializer(t => t == typeof(Node), ClusterFixture.Configure))
            .BuildServiceProvider();
        byte[] envelope = broad.GetRequiredService<Serializer<object>>().SerializeToArray(new Envelope { Label = "not carried by the narrow reader" });
        Serializer<object> reader = narrow.GetRequiredService<Serializer<object>>();

        for (int i = 0; i < 2; i++)
        {
            Exception e = Assert.Catch(() => reader.Deserialize(envelope))!;
            Assert.That(e.Message, Does.Contain(typeof(Envelope).FullName), $"read {i + 1}");
        }
    }

    [Test]
    public void ValueTypeNameLength_Forged_IsRefusedWithoutAllocatingIt()
    {
        using ServiceProvider services = new ServiceCollection()
            .AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure))
            .BuildServiceProvider();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        byte[] bytes = serializer.SerializeToArray(Node.Ring(1));
        byte[] name = System.Text.Encoding.UTF8.GetBytes(services.GetRequiredService<TypeConverter>().Format(typeof(Node)));
        // The name's one-byte length becomes the 5-byte varint of 2^31 - 1: a 2 GiB name in a message of a few dozen bytes.
        byte[] forged = OrleansWire.WithDeclaredLength(bytes, name, int.MaxValue, out int lengthAt);

        foreach (Func<object?> read in new Func<object?>[] { () => serializer.Deserialize(forged), () => serializer.Deserialize(new MemoryStream(forged)), () => serializer.Deserialize(Segment.Split(forged, 7)) })
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            Exception e = Assert.Catch(() => read())!;
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.That(e, Is.TypeOf<SlimDeserializationException>());
            Assert.That(e.Message, Does.Contain("2147483647").And.Contain($"offset {lengthAt}"));
            Assert.That(allocated, Is.LessThan(1 << 20), "the forged length was allocated");
        }
    }

    /// <summary>Resolves nothing itself; counts how often Orleans' converter parses a name of each type.</summary>
    private sealed class CountingTypeConverter : ITypeConverter
    {
        private readonly List<string> _parsed = [];

        public int Parsed(Type type)
        {
            lock (_parsed)
            {
                return _parsed.Count(name => name.StartsWith(type.FullName + ",", StringComparison.Ordinal));
            }
        }

        public bool TryFormat(Type type, out string formatted)
        {
            formatted = null!; // Orleans' interface declares it non-null; false means "not mine"
            return false;
        }

        public bool TryParse(string formatted, out Type type)
        {
            lock (_parsed)
            {
                _parsed.Add(formatted);
            }
            type = null!;
            return false;
        }
    }
}
