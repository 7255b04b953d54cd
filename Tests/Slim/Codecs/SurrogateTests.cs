using System.Text;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

/// <summary>
/// Surrogates: a user serializer registered for an interface or a base type serves every type assignable to it, the
/// bytes name the registered type (never the concrete one), and its read may return another concrete type that fits
/// the slot, the way an actor reference written on one node is read as a proxy on another.
/// </summary>
public sealed class SurrogateTests
{
    public interface IHandle
    {
        string Path { get; }
    }

    /// <summary>The writer's concrete type, holding what only means something in its process.</summary>
    public sealed class LocalHandle(string path) : IHandle
    {
        public string Path { get; } = path;

        [NonSerialized]
        public readonly object Mailbox = new();
    }

    /// <summary>What the reader resolves a path to.</summary>
    public sealed class RemoteHandle(string path) : IHandle
    {
        public string Path { get; } = path;
    }

    public sealed class Envelope
    {
        public IHandle? ReplyTo;
        public object? Any;
        public IHandle? Same;
        public LocalHandle? Concrete;
        public List<IHandle> Many = [];
        public Node? Next;
    }

    /// <summary>Writes the path; reads it back as a <see cref="RemoteHandle"/> (or null for the path "null", to test refusals).</summary>
    private sealed class HandleSurrogate : ISlimTypeSerializer
    {
        public Type Type => typeof(IHandle);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => writer.WriteString(((IHandle)value).Path);

        public object Read(SlimReader reader, ISlimReferenceReader references) => new RemoteHandle(reader.ReadString()!);
    }

    /// <summary>A surrogate whose read returns the written concrete type (what a deep clone needs).</summary>
    private sealed class SameTypeHandleSurrogate : ISlimTypeSerializer
    {
        public Type Type => typeof(IHandle);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references)
        {
            writer.WriteBoolean(value is LocalHandle);
            writer.WriteString(((IHandle)value).Path);
        }

        public object Read(SlimReader reader, ISlimReferenceReader references) =>
            reader.ReadBoolean() ? new LocalHandle(reader.ReadString()!) : new RemoteHandle(reader.ReadString()!);
    }

    public abstract class Shape
    {
        public double Size;
    }

    public sealed class Circle : Shape;

    public sealed class Square : Shape;

    /// <summary>Registered for the abstract base: every shape comes back as a circle of the same size, with a reference kept.</summary>
    private sealed class ShapeSurrogate : ISlimTypeSerializer
    {
        public Type Type => typeof(Shape);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => writer.WriteDouble(((Shape)value).Size);

        public object Read(SlimReader reader, ISlimReferenceReader references) => new Circle { Size = reader.ReadDouble() };
    }

    /// <summary>Registered for exactly <see cref="Square"/>: wins over the base type's surrogate.</summary>
    private sealed class SquareSerializer : ISlimTypeSerializer
    {
        public Type Type => typeof(Square);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => writer.WriteDouble(((Square)value).Size * 2);

        public object Read(SlimReader reader, ISlimReferenceReader references) => new Square { Size = reader.ReadDouble() };
    }

    /// <summary>Returns something that is not an <see cref="IHandle"/>: hostile or buggy user code the reader must refuse.</summary>
    private sealed class WrongResultSurrogate : ISlimTypeSerializer
    {
        public Type Type => typeof(IHandle);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => writer.WriteString(((IHandle)value).Path);

        public object Read(SlimReader reader, ISlimReferenceReader references) => reader.ReadString()!;
    }

    /// <summary>A policy that admits the envelope and the test models, but not the handles' concrete types.</summary>
    private static SlimSerializer NewSerializer(params ISlimTypeSerializer[] serializers) =>
        new(new SlimOptions
        {
            Serializers = serializers,
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Envelope), typeof(Node), typeof(List<IHandle>)),
        });

    [Test]
    public void Deserialize_InterfaceSurrogate_ReadsTheSurrogateResultWithIdentity()
    {
        var handle = new LocalHandle("akka://sys/user/a#1");
        var other = new LocalHandle("akka://sys/user/b#2");
        var envelope = new Envelope { ReplyTo = handle, Any = handle, Same = handle, Many = [other, handle, other] };
        SlimSerializer slim = NewSerializer(new HandleSurrogate());

        var copy = slim.Deserialize<Envelope>(slim.Serialize(envelope));

        Assert.That(copy.ReplyTo, Is.TypeOf<RemoteHandle>());
        Assert.That(copy.ReplyTo!.Path, Is.EqualTo("akka://sys/user/a#1"));
        Assert.That(copy.Any, Is.SameAs(copy.ReplyTo));
        Assert.That(copy.Same, Is.SameAs(copy.ReplyTo));
        Assert.That(copy.Many.Select(h => h.Path), Is.EqualTo(new[] { other.Path, handle.Path, other.Path }));
        Assert.That(copy.Many[1], Is.SameAs(copy.ReplyTo));
        Assert.That(copy.Many[0], Is.SameAs(copy.Many[2]).And.TypeOf<RemoteHandle>());
    }

    [Test]
    public void Serialize_InterfaceSurrogate_BytesNameTheRegisteredTypeNeverTheConcreteOne()
    {
        var envelope = new Envelope { ReplyTo = new LocalHandle("p"), Any = new LocalHandle("q") };
        SlimSerializer slim = NewSerializer(new HandleSurrogate());

        string text = Encoding.UTF8.GetString(slim.Serialize(envelope));

        Assert.That(text, Does.Contain(nameof(IHandle)));
        Assert.That(text, Does.Not.Contain(nameof(LocalHandle)));
    }

    [Test]
    public void Deserialize_BaseClassSurrogate_ServesEverySubclassExceptOneWithItsOwnSerializer()
    {
        object[] shapes = [new Circle { Size = 1 }, new Square { Size = 2 }];
        SlimSerializer baseOnly = NewSerializer(new ShapeSurrogate());
        SlimSerializer withExact = NewSerializer(new ShapeSurrogate(), new SquareSerializer());

        var fromBase = baseOnly.Deserialize<object[]>(baseOnly.Serialize(shapes));
        var fromExact = withExact.Deserialize<object[]>(withExact.Serialize(shapes));

        Assert.That(fromBase.Select(s => (s.GetType(), ((Shape)s).Size)), Is.EqualTo(new[] { (typeof(Circle), 1.0), (typeof(Circle), 2.0) }));
        Assert.That(fromExact.Select(s => (s.GetType(), ((Shape)s).Size)), Is.EqualTo(new[] { (typeof(Circle), 1.0), (typeof(Square), 4.0) }));
    }

    [Test]
    public void Deserialize_TwoSurrogatesMatch_TheFirstRegisteredServes()
    {
        var envelope = new Envelope { Any = new LocalHandle("x") };
        SlimSerializer slim = NewSerializer(new SameTypeHandleSurrogate(), new HandleSurrogate());

        var copy = slim.Deserialize<Envelope>(slim.Serialize(envelope));

        Assert.That(copy.Any, Is.TypeOf<LocalHandle>());
        Assert.That(((LocalHandle)copy.Any!).Path, Is.EqualTo("x"));
    }

    [Test]
    public void Deserialize_SurrogateResultDoesNotFitConcreteSlot_RefusedNamingTheTypes()
    {
        // A slot declared as the concrete type can only hold that type: the surrogate's RemoteHandle does not fit.
        var envelope = new Envelope { Concrete = new LocalHandle("c") };
        SlimSerializer slim = NewSerializer(new HandleSurrogate());

        var error = Assert.Catch<SlimDeserializationException>(() => slim.Deserialize<Envelope>(slim.Serialize(envelope)))!;

        Assert.That(error.Message, Does.Contain(nameof(RemoteHandle)).And.Contain(nameof(LocalHandle)).And.Contain("must return an instance"));
    }

    [Test]
    public void Deserialize_SurrogateReturnsAnotherKindOfObject_Refused()
    {
        SlimSerializer slim = NewSerializer(new WrongResultSurrogate());

        byte[] bytes = slim.Serialize(new Envelope { ReplyTo = new LocalHandle("p") });
        var error = Assert.Catch<SlimDeserializationException>(() => slim.Deserialize<Envelope>(bytes))!;

        Assert.That(error.Message, Does.Contain(nameof(IHandle)).And.Contain("System.String"));
    }

    [Test]
    public void Deserialize_ReaderWithoutTheSurrogate_RefusesTheInterfaceTypeName()
    {
        byte[] bytes = NewSerializer(new HandleSurrogate()).Serialize(new Envelope { ReplyTo = new LocalHandle("p") });
        SlimSerializer admitsButNoSerializer = new(new SlimOptions
        {
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Envelope), typeof(Node), typeof(List<IHandle>), typeof(IHandle)),
        });

        var refused = Assert.Catch<SlimTypeNotAllowedException>(() => NewSerializer().Deserialize(new ReadOnlySpan<byte>(bytes)))!;
        var noInstances = Assert.Catch<SlimDeserializationException>(() => admitsButNoSerializer.Deserialize<Envelope>(bytes))!;

        Assert.That(refused.Message, Does.Contain(nameof(IHandle)));
        Assert.That(noInstances.Message, Does.Contain(nameof(IHandle)));
    }

    [Test]
    public void DeepClone_SurrogateReturningTheSourceType_KeepsIdentity()
    {
        var handle = new LocalHandle("h");
        var envelope = new Envelope { ReplyTo = handle, Any = handle, Concrete = handle, Next = new Node { Name = "n" } };
        SlimSerializer slim = NewSerializer(new SameTypeHandleSurrogate());

        var copy = slim.DeepClone(envelope);

        Assert.That(copy.ReplyTo, Is.TypeOf<LocalHandle>().And.Not.SameAs(handle));
        Assert.That(copy.Any, Is.SameAs(copy.ReplyTo));
        Assert.That(copy.Concrete, Is.SameAs(copy.ReplyTo));
        Assert.That(copy.ReplyTo!.Path, Is.EqualTo("h"));
        Assert.That(copy.Next!.Name, Is.EqualTo("n"));
    }

    [Test]
    public void DeepClone_SurrogateReturningAnotherType_RefusedNamingTheSourceType()
    {
        SlimSerializer slim = NewSerializer(new HandleSurrogate());

        var error = Assert.Catch<SlimSerializationException>(() => slim.DeepClone(new Envelope { ReplyTo = new LocalHandle("h") }))!;

        Assert.That(error.Message, Does.Contain(nameof(LocalHandle)).And.Contain(nameof(RemoteHandle)));
    }

    [Test]
    public void Deserialize_SurrogateInTolerantMessage_ReadsLikeStrict()
    {
        var handle = new LocalHandle("t");
        var envelope = new Envelope { ReplyTo = handle, Many = [handle], Next = new Node { Name = "n" } };
        SlimSerializer slim = new(new SlimOptions
        {
            Serializers = [new HandleSurrogate()],
            Versioning = SlimVersioning.Tolerant,
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Envelope), typeof(Node), typeof(List<IHandle>)),
        });

        var copy = slim.Deserialize<Envelope>(slim.Serialize(envelope));

        Assert.That(copy.ReplyTo, Is.TypeOf<RemoteHandle>());
        Assert.That(copy.Many[0], Is.SameAs(copy.ReplyTo));
        Assert.That(copy.Next!.Name, Is.EqualTo("n"));
    }
}
