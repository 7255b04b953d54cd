using NFX.IO;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

/// <summary>A value with a user serializer that writes a reference: identity with the rest of the graph is kept.</summary>
public sealed class CustomCodecTests : CodecTester<object[]>
{
    public sealed class Labelled(string label, Node target)
    {
        public string Label { get; } = label;
        public Node Target { get; } = target;
    }

    private sealed class LabelledSerializer : ISlimTypeSerializer
    {
        public Type Type => typeof(Labelled);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references)
        {
            var labelled = (Labelled)value;
            writer.WriteString(labelled.Label);
            references.WriteReference(labelled.Target);
        }

        public object Read(SlimReader reader, ISlimReferenceReader references) =>
            new Labelled(reader.ReadString()!, (Node)references.ReadReference(typeof(Node))!);
    }

    protected override SlimSerializer CreateSerializer() => RoundTrip.NewSerializer(new SlimOptions { Serializers = [new LabelledSerializer()] });

    protected override object[] CreateValue()
    {
        var node = new Node { Name = "target" };
        var labelled = new Labelled("label", node);
        return [node, labelled, labelled];
    }

    protected override void CheckCopy(object[] original, object[] copy)
    {
        Assert.That(copy[2], Is.SameAs(copy[1]));
        Assert.That(((Labelled)copy[1]).Target, Is.SameAs(copy[0]));
    }
}

/// <summary>
/// A value with a user serializer exists only once its serializer has read it, so a reference back to itself cannot
/// be rebuilt: writing and cloning refuse it alike (the reader refuses it too), naming the serializer's reference.
/// </summary>
public sealed class CustomCodecSelfReferenceTests
{
    public sealed class Looped
    {
        public Looped? Self;
    }

    private sealed class LoopedSerializer : ISlimTypeSerializer
    {
        public Type Type => typeof(Looped);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => references.WriteReference(((Looped)value).Self);

        public object Read(SlimReader reader, ISlimReferenceReader references) =>
            new Looped { Self = (Looped?)references.ReadReference(typeof(Looped)) };
    }

    private static SlimSerializer NewSerializer() => RoundTrip.NewSerializer(new SlimOptions { Serializers = [new LoopedSerializer()] });

    [Test]
    public void SerializeAndDeepClone_ReferenceBackToTheValueItself_RefusedAlike()
    {
        var looped = new Looped();
        looped.Self = looped;
        SlimSerializer slim = NewSerializer();

        var written = Assert.Catch<SlimSerializationException>(() => slim.Serialize(looped))!;
        var cloned = Assert.Catch<SlimSerializationException>(() => slim.DeepClone(looped))!;

        Assert.That(written.Message, Does.Contain("refers back to the").And.Contain(nameof(Looped)));
        Assert.That(cloned.Message, Does.Contain("refers back to the").And.Contain(nameof(Looped)));
    }

    [Test]
    public void DeepClone_ChainOfCustomValues_EachCloneRefersToTheNextClone()
    {
        var tail = new Looped();
        var head = new Looped { Self = tail };

        Looped copy = NewSerializer().DeepClone(head);

        Assert.That(copy, Is.Not.SameAs(head));
        Assert.That(copy.Self, Is.Not.Null.And.Not.SameAs(tail));
        Assert.That(copy.Self!.Self, Is.Null);
    }
}
