using NFX.IO;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// Generated bodies that write and read another generated class's body in place (a direct call, no trip through the
/// session's dispatch) and native arrays in place: the bytes, the body order, the checks and the error paths of the
/// session's own way, and the session's way wherever the object, the slot or the options ask for it.
/// </summary>
public sealed class InPlaceBodyTests
{
    private static SlimOptions Options(bool generated) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(InPlaceBodyTests).Assembly),
        UseGeneratedCodecs = generated,
    };

    /// <summary>A chain of 12 links (deeper than the open bodies a message allows, so the queue takes over), sharing arrays and a link, with a subclass in one slot.</summary>
    private static Link Chain()
    {
        int[] shared = [7, 8, 9];
        var head = new Link { Name = "0", Values = shared };
        Link last = head;
        for (int i = 1; i < 12; i++)
        {
            var next = i == 5 ? new LinkSubclass { Name = "5", Extra = 55 } : new Link { Name = i.ToString(), Values = i % 3 == 0 ? shared : [i, -i] };
            last.Next = next;
            last = next;
        }
        last.Next = head; // a back-reference to an object written in place
        head.Other = head.Next;
        return head;
    }

    [Test]
    public void Serialize_ChainWrittenInPlace_SameBytesAsTheRuntimePathAndEachReadsTheOther()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        Link value = Chain();
        byte[] generatedBytes = generated.Serialize(value);
        byte[] runtimeBytes = runtime.Serialize(value);
        Assert.That(Convert.ToHexString(generatedBytes), Is.EqualTo(Convert.ToHexString(runtimeBytes)));
        GraphAssert.AreEquivalent(value, generated.Deserialize<Link>(runtimeBytes));
        GraphAssert.AreEquivalent(value, runtime.Deserialize<Link>(generatedBytes));
        Link copy = generated.Deserialize<Link>(generatedBytes);
        GraphAssert.AreEquivalent(value, copy);
        Assert.That(copy.Next!.Next!.Next!.Values, Is.SameAs(copy.Values), "a shared array keeps its identity");
        Assert.That(copy.Other, Is.SameAs(copy.Next));
    }

    [Test]
    public void Serialize_ChainWrittenInPlace_TakesTheDirectWayForTheDeclaredClassOnly()
    {
        var slim = new SlimSerializer(Options(true));
        Assert.That(slim.Codecs.Get(typeof(Link)), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).True);
        slim.Deserialize<Link>(slim.Serialize(Chain()));
        var linkCodec = (ObjectCodec)slim.Codecs.Get(typeof(Link));
        ReferenceSlot next = linkCodec.Generated!.Slots[linkCodec.Generated.Codec.SlotNames.ToList().IndexOf("Link.Next")];
        Assert.That(next.DirectBody(slim.Codecs, linkCodec.Generated.Codec).Slots, Is.SameAs(linkCodec.Generated.Slots), "Link.Next is written in place");
        ReferenceSlot values = linkCodec.Generated.Slots[linkCodec.Generated.Codec.SlotNames.ToList().IndexOf("Link.Values")];
        Assert.That(values.IsInlineNative, Is.True, "int[] is written in place");
    }

    [Test]
    public void Serialize_UserSerializerForTheArrayType_GeneratedBodyWritesTheArrayTheSessionsWay()
    {
        SlimOptions With(bool generated) => Options(generated) with { Serializers = [new ReversedIntsSerializer()] };
        SlimSerializer generated = new(With(true)), runtime = new(With(false));
        var value = new Link { Name = "a", Values = [1, 2, 3] };
        byte[] bytes = generated.Serialize(value);
        Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))));
        var linkCodec = (ObjectCodec)generated.Codecs.Get(typeof(Link));
        Assert.That(linkCodec.IsGenerated, Is.True);
        ReferenceSlot values = linkCodec.Generated!.Slots[linkCodec.Generated.Codec.SlotNames.ToList().IndexOf("Link.Values")];
        Assert.That(values.IsInlineNative, Is.False, "the user's serializer writes int[]");
        Assert.That(generated.Deserialize<Link>(bytes).Values, Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(ReversedIntsSerializer.Writes, Is.GreaterThan(0));
    }

    [Test]
    public void Serialize_FailureInsideABodyWrittenInPlace_NamesTheSamePathAsTheRuntimePath()
    {
        var value = new Link { Name = "a", Next = new Link { Name = "b", Next = new Link { Name = "c", Callback = () => { } } } };
        string Message(bool generated) =>
            Assert.Throws<SlimSerializationException>(() => new SlimSerializer(Options(generated)).Serialize(value))!.Message;
        string runtime = Message(false);
        Assert.That(runtime, Does.Contain("Next.Next"), "the runtime path names the innermost object's place");
        Assert.That(Message(true), Is.EqualTo(runtime));
    }

    [Test]
    public void Serialize_FailureInsideAListElementWrittenInPlace_NamesTheSamePathAsTheRuntimePath()
    {
        var value = new Link
        {
            Name = "a",
            Children = [new Link { Name = "b" }, new Link { Name = "c", Children = [new Link { Name = "d", Next = new Link { Callback = () => { } } }] }],
        };
        string Message(bool generated) =>
            Assert.Throws<SlimSerializationException>(() => new SlimSerializer(Options(generated)).Serialize(value))!.Message;
        string runtime = Message(false);
        Assert.That(runtime, Does.Contain("Next.Callback"));
        Assert.That(Message(true), Is.EqualTo(runtime));
    }

    [Test]
    public void Serialize_TreeOfListsInPlace_SameBytesAsTheRuntimePathAndEachReadsTheOther()
    {
        // Lists inside lists deeper than the open-body limit: in-place list bodies, queued ones, and a list shared twice.
        var shared = new List<Link> { new() { Name = "s" } };
        var root = new Link { Name = "r", Children = [] };
        Link level = root;
        for (int i = 0; i < 9; i++)
        {
            var next = new Link { Name = "n" + i, Children = [], Values = [i] };
            level.Children!.Add(next);
            level.Children.Add(new Link { Name = "leaf" + i, Children = shared });
            level = next;
        }
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        byte[] generatedBytes = generated.Serialize(root);
        byte[] runtimeBytes = runtime.Serialize(root);
        Assert.That(Convert.ToHexString(generatedBytes), Is.EqualTo(Convert.ToHexString(runtimeBytes)));
        GraphAssert.AreEquivalent(root, generated.Deserialize<Link>(runtimeBytes));
        GraphAssert.AreEquivalent(root, runtime.Deserialize<Link>(generatedBytes));
        Link copy = generated.Deserialize<Link>(generated.Serialize(root));
        Assert.That(copy.Children![1].Children, Is.SameAs(copy.Children[0].Children![1].Children), "the shared list keeps its identity");
    }

    [TestCase(300, 48)]
    [TestCase(40_000, 1)]
    public void Serialize_ManyLinksAndSharedArraysInPlace_SameBytesAsTheRuntimePathWhereverTheBufferGrows(int count, int paddings)
    {
        // The session's out-of-line starts of an in-place body and an in-place array (WriteSession.BeginDirectBodyOutOfLine,
        // BeginInlineValueOutOfLine) answer the common case themselves and hand the rest on with the probe's answer:
        // back-references past the one-byte handles (index 125 on) to links and arrays, the writer's buffer growing at
        // a different byte for each padding of a fresh serializer, and (40,000 links) more keys than the raw table's
        // small size, where the probe is the general one. Each must write the runtime path's bytes.
        int[][] arrays = Enumerable.Range(0, 200).Select(i => new[] { i, -i }).ToArray();
        var links = new List<Link>();
        for (int i = 0; i < count; i++)
        {
            links.Add(new Link { Name = i % 7 == 0 ? "n" + i : null, Values = arrays[i % arrays.Length], Next = i >= 150 ? links[i - 150] : null });
        }
        for (int pad = 0; pad < paddings; pad++)
        {
            var root = new Link { Name = new string('p', pad), Children = links };
            SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
            byte[] generatedBytes = generated.Serialize(root);
            Assert.That(generatedBytes, Is.EqualTo(runtime.Serialize(root)), $"padding {pad}");
            Assert.That(generated.Serialize(root), Is.EqualTo(generatedBytes), "the second message, buffer grown");
            Link copy = runtime.Deserialize<Link>(generatedBytes);
            Assert.That(copy.Children, Has.Count.EqualTo(count));
            Assert.That(copy.Children![count - 1].Next, Is.SameAs(copy.Children[count - 151]));
            Assert.That(copy.Children[count - 1].Values, Is.SameAs(copy.Children[count - 201].Values));
        }
    }

    /// <summary>
    /// A list of links whose elements are new objects, a back-reference to an element of the same list and to an object
    /// outside it, null, a subclass (its type entry inside the list), a new link after each, and a list inside an element.
    /// </summary>
    private static Link MixedList()
    {
        var outside = new Link { Name = "outside" };
        var first = new Link { Name = "e0", Values = [1] };
        return new Link
        {
            Name = "r", Next = outside,
            Children = [first, new Link { Name = "e1" }, first, null!, new Link { Name = "e2" }, outside, new LinkSubclass { Name = "sub", Extra = 9 },
                new Link { Name = "e3", Children = [first, new Link { Name = "inner" }] }, new Link { Name = "e4" }],
        };
    }

    [Test]
    public void Deserialize_ListElementsInPlace_NewBackReferencesNullsAndSubclassesAsTheRuntimePath()
    {
        // The elements' in-place test is resolved once per list (after the first message, at the list's start): each
        // element's handle is still read, anything but a new link of the declared class takes the general way, and the
        // elements after it are read in place again. The holder's list (a class the codec does not create with new)
        // takes the same test through BeginBody.
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        Link value = MixedList();
        byte[] bytes = runtime.Serialize(value);
        Assert.That(Convert.ToHexString(generated.Serialize(value)), Is.EqualTo(Convert.ToHexString(bytes)));
        var a = new Initialized { Name = "a" };
        var holder = new InitializedHolder { Item = a, Items = [new Initialized { Name = "b" }, null!, a, new Initialized { Name = "c" }] };
        byte[] holderBytes = runtime.Serialize(holder);
        for (int round = 0; round < 3; round++)
        {
            Link copy = generated.Deserialize<Link>(bytes);
            GraphAssert.AreEquivalent(value, copy);
            List<Link> list = copy.Children!;
            Assert.That(list.Select(l => l?.Name), Is.EqualTo(new[] { "e0", "e1", "e0", null, "e2", "outside", "sub", "e3", "e4" }), $"round {round}");
            Assert.That(list[2], Is.SameAs(list[0]));
            Assert.That(list[5], Is.SameAs(copy.Next));
            Assert.That(((LinkSubclass)list[6]).Extra, Is.EqualTo(9));
            Assert.That(list[7].Children![0], Is.SameAs(list[0]));
            Assert.That(list[7].Children![1].Name, Is.EqualTo("inner"));
            Assert.That(list.Where(l => l is not null && l.GetType() == typeof(Link) && l.Name != "outside").Select(l => l.Values?.Length ?? 0), Is.EqualTo(new[] { 1, 0, 1, 0, 0, 0 }));

            InitializedHolder read = generated.Deserialize<InitializedHolder>(holderBytes);
            Assert.That(read.Items!.Select(i => i?.Name), Is.EqualTo(new[] { "b", null, "a", "c" }), $"round {round}");
            Assert.That(read.Items![2], Is.SameAs(read.Item));
        }
    }

    [Test]
    public void Deserialize_ListElementsInPlace_TruncatedOrCorruptedAtEveryByte_RefuseWithSlimExceptions()
    {
        // After the first message the list resolves its elements' test at its start; a cut or a flipped byte anywhere
        // (an element's handle among them) is still refused with a SlimException, or read as some graph, never anything else.
        var slim = new SlimSerializer(Options(true));
        Link value = MixedList();
        byte[] bytes = slim.Serialize(value);
        GraphAssert.AreEquivalent(value, slim.Deserialize<Link>(bytes));
        for (int length = 0; length < bytes.Length; length++)
        {
            byte[] cut = bytes[..length];
            Assert.That(() => slim.Deserialize<Link>(cut), Throws.InstanceOf<SlimException>(), $"cut at {length}");
        }
        foreach (byte flip in new byte[] { 0x01, 0x02, 0x80, 0xFF })
        {
            for (int at = 0; at < bytes.Length; at++)
            {
                byte[] corrupt = (byte[])bytes.Clone();
                corrupt[at] ^= flip;
                try
                {
                    slim.Deserialize<Link>(corrupt);
                }
                catch (SlimException)
                {
                }
            }
        }
        GraphAssert.AreEquivalent(value, slim.Deserialize<Link>(bytes));
    }

    [Test]
    public void Deserialize_TruncatedAtEveryByte_BodiesReadInPlaceRefuseWithSlimExceptions()
    {
        var slim = new SlimSerializer(Options(true));
        var value = new Link { Name = "a", Values = [1, 2], Next = new Link { Name = "b", Values = [3], Next = new Link { Name = "c" } } };
        // The first message reads each slot the full way (its checks pass); the second reads the same slots in place.
        slim.Deserialize<Link>(slim.Serialize(value));
        byte[] bytes = slim.Serialize(value);
        for (int length = 0; length < bytes.Length; length++)
        {
            byte[] cut = bytes[..length];
            Assert.That(() => slim.Deserialize<Link>(cut), Throws.InstanceOf<SlimException>(), $"cut at {length}");
        }
    }

    [Test]
    public void Deserialize_ObjectLimitReachedInsideABodyReadInPlace_Refuses()
    {
        var options = Options(true);
        var slim = new SlimSerializer(options);
        var value = new Link { Name = "a", Next = new Link { Name = "b", Next = new Link { Name = "c", Next = new Link { Name = "d" } } } };
        slim.Deserialize<Link>(slim.Serialize(value));
        byte[] bytes = slim.Serialize(value);
        // Links and names alternate (a, "a", b, "b", ...): a limit of 6 objects stops the fourth link, read in place.
        var limited = new SlimSerializer(options with { Limits = options.Limits with { MaxObjects = 6 } });
        limited.Deserialize<Link>(new SlimSerializer(options).Serialize(new Link { Name = "warm", Next = new Link { Name = "up" } }));
        Assert.That(() => limited.Deserialize<Link>(bytes), Throws.InstanceOf<SlimException>().With.Message.Contain(nameof(SlimLimits.MaxObjects)));
        Assert.That(limited.Deserialize<Link>(new SlimSerializer(options).Serialize(new Link { Name = "a", Next = new Link { Name = "b" } })).Next!.Name, Is.EqualTo("b"));
    }

    [Test]
    public void Deserialize_ShellOfATrivialConstructor_CreatedByTheBodyAsTheCodecWould()
    {
        // Link's constructor runs no code: its codec's shell is the generated `new Link()`, so a body reading a Link in
        // place creates it itself (the object limit, pool index and queue as the session's way: the chain is deeper
        // than the open bodies allowed). A class whose constructor runs code gets an uninitialized shell from the codec,
        // and no body creates one with `new`: its initialized [NonSerialized] field stays default, as on the runtime path.
        var slim = new SlimSerializer(Options(true));
        Link value = Chain();
        Link copy = slim.Deserialize<Link>(slim.Serialize(value));
        copy = slim.Deserialize<Link>(slim.Serialize(value));
        GraphAssert.AreEquivalent(value, copy);
        Assert.That(copy.Other, Is.SameAs(copy.Next));
        var linkCodec = (ObjectCodec)slim.Codecs.Get(typeof(Link));
        Assert.That(linkCodec.ShellIsGeneratedNew, Is.True);
        ReferenceSlot next = linkCodec.Generated!.Slots[linkCodec.Generated.Codec.SlotNames.ToList().IndexOf("Link.Next")];
        Assert.That(next.DirectBody(slim.Codecs, linkCodec.Generated.Codec).NewByCaller, Is.True, "Link.Next's shells are created by the body");

        var holder = new InitializedHolder { Item = new Initialized { Name = "a" }, Items = [new Initialized { Name = "b" }, new Initialized { Name = "c" }] };
        foreach (bool generated in new[] { true, false })
        {
            var reader = new SlimSerializer(Options(generated));
            for (int round = 0; round < 3; round++)
            {
                InitializedHolder read = reader.Deserialize<InitializedHolder>(reader.Serialize(holder));
                Assert.That(read.Item!.Name, Is.EqualTo("a"));
                Assert.That(new[] { read.Item.Cache, read.Items![0].Cache, read.Items[1].Cache }, Is.All.EqualTo(0), $"generated {generated}, round {round}: no constructor ran");
                Assert.That(read.Cache, Is.EqualTo(0));
            }
        }
        var codec = (ObjectCodec)new SlimSerializer(Options(true)).Codecs.Get(typeof(Initialized));
        Assert.That(codec.IsGenerated, Is.True);
        Assert.That(codec.ShellIsGeneratedNew, Is.False);
    }

    [Test]
    public void Deserialize_ShellCreatedByTheBody_ObjectLimitAtEveryObjectAsTheRuntimePath()
    {
        // Every limit from 1 up stops the message at another link, name or array (links created by the bodies after the
        // slots' first full reads): the same message, with the same offset, as the runtime codecs give.
        Link value = Chain();
        byte[] bytes = new SlimSerializer(Options(false)).Serialize(value);
        int limit = 1;
        for (bool read = false; !read; limit++)
        {
            string?[] messages = new string?[2];
            foreach (bool generated in new[] { true, false })
            {
                SlimOptions options = Options(generated);
                var slim = new SlimSerializer(options with { Limits = options.Limits with { MaxObjects = limit } });
                try
                {
                    slim.Deserialize<Link>(new SlimSerializer(options).Serialize(new Link { Name = "warm", Next = new Link { Name = "up", Values = [1] }, Children = [new Link()] }));
                }
                catch (SlimLimitExceededException)
                {
                }
                try
                {
                    slim.Deserialize<Link>(bytes);
                    read = true;
                }
                catch (SlimLimitExceededException ex)
                {
                    messages[generated ? 0 : 1] = ex.Message;
                }
            }
            Assert.That(messages[0], Is.EqualTo(messages[1]), $"limit {limit}");
        }
        Assert.That(limit, Is.GreaterThan(20), "the chain's objects: links, names and arrays");
    }

    public sealed class Initialized
    {
        public string? Name;
        [NonSerialized] public int Cache = 7;
    }

    public sealed class InitializedHolder
    {
        public Initialized? Item;
        public List<Initialized>? Items;
        [NonSerialized] public int Cache = 7;
    }

    public class Link
    {
        public string? Name;
        public Link? Next;
        public Link? Other;
        public int[]? Values;
        public Action? Callback;
        public List<Link>? Children;
    }

    public sealed class LinkSubclass : Link
    {
        public int Extra;
    }

    private sealed class ReversedIntsSerializer : ISlimTypeSerializer
    {
        public static int Writes;

        public Type Type => typeof(int[]);

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references)
        {
            Interlocked.Increment(ref Writes);
            var ints = (int[])value;
            writer.WriteInt32Array([.. ints.Reverse()]);
        }

        public object Read(SlimReader reader, ISlimReferenceReader references) => reader.ReadInt32Array()!.Reverse().ToArray();
    }
}
