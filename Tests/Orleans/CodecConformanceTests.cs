using System.Buffers;
using Acme.Driver;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Orleans.Support;
using NFX.Tests.Slim.Support;
using Orleans.Serialization;
using Orleans.Serialization.Buffers;
using Orleans.Serialization.Codecs;
using Orleans.Serialization.Serializers;
using Orleans.Serialization.Session;
using Outside.Policy;

namespace NFX.Tests.Orleans;

/// <summary>
/// The codec and copier checked the way Orleans' codec test kit (FieldCodecTester, CopierTester) checks a codec, through a
/// standalone Orleans serializer (no silo): every value over arrays, spans, streams, one-byte segments and multi-segment
/// buffers; a value skipped by a reader that does not know it; copies with identity and cycles; nulls; sub-types.
/// </summary>
public sealed class CodecConformanceTests
{
    private static readonly ServiceProvider s_services = new ServiceCollection()
        .AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure))
        .BuildServiceProvider();

    private static IEnumerable<TestCaseData> Values()
    {
        yield return new TestCaseData(Node.Ring(6)).SetArgDisplayNames("ring with cycles");
        Node shared = Node.Ring(2);
        yield return new TestCaseData(new Holder
        {
            Shape = new Square { Side = 2 },
            Any = new Point(3, 4),
            Base = new Derived { X = 1, Extra = "sub-type in a base-typed field" },
            Shared1 = shared,
            Shared2 = shared,
            Bag = { ["node"] = shared, ["n"] = 5 },
        }).SetArgDisplayNames("holder: interface, object, base fields, shared references");
        yield return new TestCaseData(new Envelope { Label = "null payload" }).SetArgDisplayNames("null field");
        yield return new TestCaseData(new Derived { X = 9, Extra = "root sub-type" }).SetArgDisplayNames("sub-type as root");
        yield return new TestCaseData(new DriverException("third party", 7, new InvalidOperationException("inner"))).SetArgDisplayNames("third-party exception");
        yield return new TestCaseData(new StateBox { Root = new Node { Name = new string('x', 5000) }, Version = 2 }).SetArgDisplayNames("a long string across segments");
    }

    private static Serializer<object> Serializer => s_services.GetRequiredService<Serializer<object>>();

    [TestCaseSource(nameof(Values))]
    public void RoundTrip_Array_Equivalent(object value) =>
        GraphAssert.AreEquivalent(value, Serializer.Deserialize(Serializer.SerializeToArray(value)));

    [TestCaseSource(nameof(Values))]
    public void RoundTrip_Span_Equivalent(object value)
    {
        Span<byte> span = new byte[Serializer.SerializeToArray(value).Length + 64];
        Serializer.Serialize(value, ref span);

        GraphAssert.AreEquivalent(value, Serializer.Deserialize((ReadOnlySpan<byte>)span));
    }

    [TestCaseSource(nameof(Values))]
    public void RoundTrip_Stream_Equivalent(object value)
    {
        // Orleans' stream reader expects each Read to fill what it asks for (a one-byte-per-read stream fails inside
        // Orleans before any codec runs), so one-byte reads are covered by the one-byte segments below.
        using var stream = new MemoryStream();
        Serializer.Serialize(value, stream);
        stream.Position = 0;

        GraphAssert.AreEquivalent(value, Serializer.Deserialize(stream));
    }

    [TestCaseSource(nameof(Values))]
    public void RoundTrip_OneByteSegments_Equivalent(object value)
    {
        byte[] bytes = Serializer.SerializeToArray(value);

        GraphAssert.AreEquivalent(value, Serializer.Deserialize(Segment.Split(bytes, 1)));
    }

    [TestCaseSource(nameof(Values))]
    public void RoundTrip_MultiSegmentWriterAndReader_Equivalent(object value)
    {
        var writer = new MultiSegmentWriter(7);
        Serializer.Serialize(value, writer);
        byte[] bytes = writer.ToArray();

        Assert.That(writer.SegmentCount, Is.GreaterThan(1));
        GraphAssert.AreEquivalent(value, Serializer.Deserialize(Segment.Split(bytes, 13)));
    }

    [TestCaseSource(nameof(Values))]
    public void Skip_ReaderThatDoesNotKnowTheValue_LandsOnTheNextField(object value)
    {
        var pool = s_services.GetRequiredService<SerializerSessionPool>();
        IFieldCodec<object> codec = s_services.GetRequiredService<ICodecProvider>().GetCodec<object>();
        var buffer = new ArrayBufferWriter<byte>();
        long valueEnd;
        using (SerializerSession session = pool.GetSession())
        {
            var writer = Writer.Create(buffer, session);
            codec.WriteField(ref writer, 0, typeof(object), value);
            valueEnd = writer.Position;
            Int32Codec.WriteField(ref writer, 1, 1234);
            writer.Commit();
        }

        using (SerializerSession session = pool.GetSession())
        {
            var reader = Reader.Create(new ReadOnlySequence<byte>(buffer.WrittenMemory), session);
            reader.SkipField(reader.ReadFieldHeader());
            Assert.That(reader.Position, Is.EqualTo(valueEnd));
            Assert.That(Int32Codec.ReadValue(ref reader, reader.ReadFieldHeader()), Is.EqualTo(1234));
        }
    }

    [TestCaseSource(nameof(Values))]
    public void Copy_AnyValue_NewGraphEquivalentWithIdentity(object value)
    {
        object copy = s_services.GetRequiredService<DeepCopier>().Copy(value);

        if (value is not Exception)
        {
            // Orleans' copier treats exceptions as immutable and hands the instance back before a generalized copier is asked.
            Assert.That(copy, Is.Not.SameAs(value));
        }
        GraphAssert.AreEquivalent(value, copy);
    }

    [Test]
    public void Copy_RingTwiceInOneContext_OneCopyCyclesKept()
    {
        Node ring = Node.Ring(3);
        var holder = new Holder { Shared1 = ring, Shared2 = ring };

        Holder copy = s_services.GetRequiredService<DeepCopier>().Copy(holder);

        Assert.That(copy.Shared1, Is.Not.SameAs(ring));
        Assert.That(copy.Shared2, Is.SameAs(copy.Shared1));
        Assert.That(copy.Shared1!.Next!.Next!.Next, Is.SameAs(copy.Shared1));
    }

    [Test]
    public void Nulls_TypedAndUntyped_RoundTripAndCopyAsNull()
    {
        Serializer<Node?> typed = s_services.GetRequiredService<Serializer<Node?>>();

        Assert.That(typed.Deserialize(typed.SerializeToArray(null)), Is.Null);
        Assert.That(Serializer.Deserialize(Serializer.SerializeToArray(null!)), Is.Null);
        Assert.That(s_services.GetRequiredService<DeepCopier>().Copy<Node?>(null), Is.Null);
    }

    [Test]
    public void StandaloneSerializer_TypedOnBaseType_ReadsTheSubType()
    {
        Serializer<Base> serializer = s_services.GetRequiredService<Serializer<Base>>();

        Base back = serializer.Deserialize(serializer.SerializeToArray(new Derived { X = 3, Extra = "e" }))!;

        Assert.That(back, Is.TypeOf<Derived>());
        Assert.That(((Derived)back).Extra, Is.EqualTo("e"));
    }

    [Test]
    public void TypeFilter_AnswersFromSlimsPolicy()
    {
        ITypeFilter filter = s_services.GetServices<ITypeFilter>().OfType<SlimCodec>().Single();

        Assert.That(filter.IsTypeAllowed(typeof(Node)), Is.True);
        Assert.That(filter.IsTypeAllowed(typeof(DriverException)), Is.True);
        Assert.That(filter.IsTypeAllowed(typeof(SlimTypeNotAllowedException)), Is.True, "Slim's refusals reach callers");
        Assert.That(filter.IsTypeAllowed(typeof(Secret)), Is.Null, "outside the policy: no opinion, Orleans' own list decides");
    }

    [Test]
    public void TypeOutsideThePolicy_InAnObjectField_RefusedNamingTheType()
    {
        byte[] bytes = Serializer.SerializeToArray(new Envelope { Payload = new Secret() });

        SlimTypeNotAllowedException e = Assert.Throws<SlimTypeNotAllowedException>(() => Serializer.Deserialize(bytes))!;

        Assert.That(e.TypeName, Does.Contain("Outside.Policy.Secret"));
    }

    [Test]
    public void IsSupported_RejectsAType_CodecNeverCarriesItEvenWhenThePolicyAllows()
    {
        using ServiceProvider narrow = new ServiceCollection()
            .AddSerializer(serializer => serializer.AddSlimSerializer(t => t == typeof(Node), ClusterFixture.Configure))
            .BuildServiceProvider();
        Serializer<object> serializer = narrow.GetRequiredService<Serializer<object>>();
        byte[] envelope = Serializer.SerializeToArray(new Envelope { Label = "written where Slim takes every type" });

        Assert.That(serializer.Deserialize(serializer.SerializeToArray(Node.Ring(2))), Is.TypeOf<Node>());
        Assert.Throws<CodecNotFoundException>(() => serializer.SerializeToArray(new Envelope()));
        Exception e = Assert.Catch(() => serializer.Deserialize(envelope))!;
        Assert.That(e.Message, Does.Contain(typeof(Envelope).FullName));
    }
}
