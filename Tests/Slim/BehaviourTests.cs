#pragma warning disable SYSLIB0050, SYSLIB0051 // the ISerializable test type implements the legacy pattern on purpose
using System.Runtime.Serialization;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>Callbacks, ISerializable, exceptions, user serializers, refused types, registry modes, threads.</summary>
public sealed class BehaviourTests
{
    [Test]
    public void Deserialize_Callbacks_RunInDocumentedOrder()
    {
        var slim = RoundTrip.NewSerializer();
        var original = new WithCallbacks { Value = 3 };
        byte[] bytes = slim.Serialize(original);
        Assert.That(original.Log, Is.EqualTo(new[] { "serializing", "serialized" }));
        var copy = slim.Deserialize<WithCallbacks>(bytes);
        Assert.That(copy.Log, Is.EqualTo(new[] { "deserializing", "deserialized", "callback" }));
        Assert.That(copy.Value, Is.EqualTo(3));
    }

    [Test]
    public void Serialize_LiveDelegate_IsRefusedNamingTheField()
    {
        var slim = RoundTrip.NewSerializer();
        var holder = new WithDelegate { Name = "x", Changed = () => { } };
        var error = Assert.Throws<SlimSerializationException>(() => slim.Serialize(new Holder { Value = holder }));
        Assert.That(error!.Message, Does.StartWith("Holder.Value.Changed: delegates cannot be serialized"));
    }

    [Test]
    public void Serialize_NullDelegatesAndUnsubscribedEvents_AreFine()
    {
        var copy = RoundTrip.Check(new WithDelegate { Name = "quiet" });
        Assert.That((copy.Name, copy.Changed), Is.EqualTo(("quiet", (Action?)null)));
    }

    [Test]
    public void Serialize_DelegateAsObject_IsRefused()
    {
        var error = Assert.Throws<SlimSerializationException>(() => RoundTrip.NewSerializer().Serialize(new Holder { Value = (Func<int>)(() => 1) }));
        Assert.That(error!.Message, Does.Contain("delegates cannot be serialized"));
    }

    [Test]
    public void Serialize_TypeMarkedNotSerializable_IsRefused()
    {
        var error = Assert.Throws<SlimSerializationException>(() => RoundTrip.NewSerializer().Serialize(new Holder { Value = new Secretive() }));
        Assert.That(error!.Message, Does.Contain("SlimNotSerializable"));
    }

    [Test]
    public void Serialize_Exceptions_KeepMessageInnerDataAndStackTrace()
    {
        Exception caught;
        try
        {
            throw new ArgumentException("bad argument", "paramName", new InvalidOperationException("inner"));
        }
        catch (Exception e)
        {
            caught = e;
        }
        caught.Data["key"] = 42;
        var copy = (ArgumentException)RoundTrip.Check<Exception>(caught);
        Assert.That(copy.ParamName, Is.EqualTo("paramName"));
        Assert.That(copy.InnerException, Is.TypeOf<InvalidOperationException>());
        Assert.That(copy.StackTrace, Does.Contain(nameof(Serialize_Exceptions_KeepMessageInnerDataAndStackTrace)));
        Assert.That(copy.Data["key"], Is.EqualTo(42));
    }

    [Test]
    public void Serialize_ISerializable_RunsConstructorAndKeepsIdentity()
    {
        var shared = new Node { Name = "shared" };
        var value = new CustomSerializable { Label = "c", Node = shared };
        value.Self = value;
        var copy = RoundTrip.Check(new object[] { value, shared });
        var custom = (CustomSerializable)copy[0];
        Assert.That(custom.ConstructedBySerializer, Is.True);
        Assert.That(custom.Node, Is.SameAs(copy[1]));
        Assert.That(custom.Self, Is.SameAs(custom));
    }

    [Test]
    public void Serialize_UserSerializer_IsUsedAndRoundTrips()
    {
        var options = SlimOptions.Default with { Serializers = [new MoneySerializer()] };
        var slim = RoundTrip.NewSerializer(options);
        var node = new Node { Payload = new Money("EUR", 12.5m) };
        Node copy = RoundTrip.Check(node, slim);
        Assert.That(copy.Payload, Is.EqualTo(new Money("EUR", 12.5m)));
        Assert.That(MoneySerializer.Writes, Is.GreaterThan(0));
    }

    [Test]
    public void BatchMode_TypeNameCrossesOnce_ThenResetStartsOver()
    {
        var options = SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch };
        var writer = RoundTrip.NewSerializer(options);
        var reader = RoundTrip.NewSerializer(options);
        byte[] first = writer.Serialize(new Circle { R = 1 });
        byte[] second = writer.Serialize(new Circle { R = 2 });
        Assert.That(System.Text.Encoding.UTF8.GetString(first), Does.Contain("Circle"));
        Assert.That(System.Text.Encoding.UTF8.GetString(second), Does.Not.Contain("Circle"));
        Assert.That(second.Length, Is.LessThan(first.Length - 20));
        Assert.That(((Circle)reader.Deserialize(first)!).R, Is.EqualTo(1));
        Assert.That(((Circle)reader.Deserialize(second)!).R, Is.EqualTo(2));

        writer.ResetBatchRegistry();
        byte[] third = writer.Serialize(new Circle { R = 3 });
        Assert.Throws<SlimRegistryMismatchException>(() => reader.Deserialize(third), "reader did not reset");
        reader.ResetBatchRegistry();
        Assert.That(((Circle)reader.Deserialize(third)!).R, Is.EqualTo(3));
    }

    [Test]
    public void BatchMode_LostMessage_IsDetectedAsMismatch()
    {
        var options = SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch };
        var writer = RoundTrip.NewSerializer(options);
        var reader = RoundTrip.NewSerializer(options);
        _ = writer.Serialize(new Circle { R = 1 }); // never delivered
        byte[] second = writer.Serialize(new Square { Side = 2 });
        Assert.Throws<SlimRegistryMismatchException>(() => reader.Deserialize(second));
    }

    [Test]
    public void PerCallMode_ManyThreadsShareOneSerializer()
    {
        var slim = RoundTrip.NewSerializer();
        Parallel.For(0, 2000, new ParallelOptions { MaxDegreeOfParallelism = 8 }, i =>
        {
            var node = new Node { Name = "n" + i, Payload = i % 2 == 0 ? new Circle { R = i } : new Square { Side = i } };
            node.Next = node;
            Node copy = slim.Deserialize<Node>(slim.Serialize(node));
            if (copy.Name != node.Name || copy.Next != copy || copy.Payload!.GetType() != node.Payload.GetType())
            {
                throw new AssertionException($"thread mix-up at {i}");
            }
        });
        Assert.Pass("2000 concurrent round trips matched");
    }

    [Test]
    public void DeepClone_SharesImmutablesAndCopiesTheRest()
    {
        var slim = RoundTrip.NewSerializer();
        var node = new Node { Name = "n", Payload = new int[] { 1, 2 }, Children = [new Node { Name = "c" }] };
        Node clone = slim.DeepClone(node);
        Assert.That(clone, Is.Not.SameAs(node));
        Assert.That(clone.Name, Is.SameAs(node.Name));
        Assert.That(clone.Payload, Is.Not.SameAs(node.Payload));
        Assert.That(clone.Children![0], Is.Not.SameAs(node.Children[0]));
        GraphAssert.AreEquivalent(node, clone);
    }
}

[Serializable]
public sealed class CustomSerializable : ISerializable
{
    public string? Label;
    public Node? Node;
    public CustomSerializable? Self;
    [NonSerialized] public bool ConstructedBySerializer;

    public CustomSerializable() { }

    private CustomSerializable(SerializationInfo info, StreamingContext context)
    {
        Label = info.GetString("label");
        Node = (Node?)info.GetValue("node", typeof(Node));
        Self = (CustomSerializable?)info.GetValue("self", typeof(CustomSerializable));
        ConstructedBySerializer = true;
    }

    public void GetObjectData(SerializationInfo info, StreamingContext context)
    {
        info.AddValue("label", Label);
        info.AddValue("node", Node);
        info.AddValue("self", Self);
    }
}

public sealed record Money(string Currency, decimal Amount);

public sealed class MoneySerializer : ISlimTypeSerializer
{
    public static int Writes;

    public Type Type => typeof(Money);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references)
    {
        Interlocked.Increment(ref Writes);
        var money = (Money)value;
        writer.WriteString(money.Currency);
        writer.WriteDecimal(money.Amount);
    }

    public object Read(SlimReader reader, ISlimReferenceReader references) => new Money(reader.ReadString()!, reader.ReadDecimal());
}
