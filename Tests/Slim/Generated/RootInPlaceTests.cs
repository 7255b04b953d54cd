using System.Reflection;
using System.Runtime.Serialization;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem.Memos;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// A reader that replayed a PerCall message's remembered start reads its root in place when the root's codec is a plain
/// generated body (no callbacks, no header, no structural reach): the shell, its pool index 0, then the generated body
/// called directly. Anything else stays the session's general way. A warm reader must end every message as a fresh one.
/// </summary>
public sealed class RootInPlaceTests
{
    public sealed class Node
    {
        public string? Name;
        public Leaf? Leaf;
        public Node? Next;
        public long Id;
    }

    public sealed class Leaf
    {
        public Node? Owner; // the root: a back-reference to pool index 0
        public string? Text;
    }

    public sealed class Called
    {
        [NonSerialized]
        public int Completed;

        public string? Name;

        [OnDeserialized]
        private void Done(StreamingContext context) => Completed++;
    }

    private static SlimOptions Options(SlimLimits? limits = null) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(RootInPlaceTests).Assembly),
        UseGeneratedCodecs = true,
        Limits = limits ?? SlimLimits.Default,
    };

    private static Node Sample(int i)
    {
        var root = new Node { Name = "n" + i, Id = i };
        root.Leaf = new Leaf { Owner = root, Text = "t" + i };
        root.Next = new Node { Name = "next", Leaf = root.Leaf, Next = root };
        return root;
    }

    private static RootPrefixMemo? ChainRoot(SlimSerializer reader)
    {
        object session = typeof(SlimSerializer).GetField("_cachedReadSession", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(reader)!;
        return (RootPrefixMemo?)session.GetType().GetField("_chainRoot", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(session);
    }

    [Test]
    public void WarmReader_GeneratedRoot_ReadInPlace_WithBackReferencesToItAsAFreshReaderReadsThem()
    {
        var writer = new SlimSerializer(Options());
        var reader = new SlimSerializer(Options());
        Assert.That(((ObjectCodec)reader.Codecs.Get(typeof(Node))).IsGenerated, Is.True);
        for (int i = 0; i < 6; i++)
        {
            byte[] bytes = writer.Serialize(Sample(i));
            var read = reader.Deserialize<Node>(bytes)!;
            GraphAssert.AreEquivalent(Sample(i), read);
            GraphAssert.AreEquivalent(new SlimSerializer(Options()).Deserialize<Node>(bytes), read);
            Assert.That(read.Leaf!.Owner, Is.SameAs(read), "the root is pool index 0");
            Assert.That(read.Next!.Next, Is.SameAs(read));
            Assert.That(read.Next.Leaf, Is.SameAs(read.Leaf));
        }
        RootPrefixMemo? memo = ChainRoot(reader);
        Assert.That(memo, Is.Not.Null, "the message start was replayed");
        Assert.That(memo!.RootBody, Is.Not.Null.And.SameAs(((ObjectCodec)reader.Codecs.Get(typeof(Node))).Generated), "the root was read in place");
    }

    [Test]
    public void WarmReader_GeneratedRootWithCallbacks_TakesTheGeneralWay_AndItsCallbackRunsEveryTime()
    {
        var writer = new SlimSerializer(Options());
        var reader = new SlimSerializer(Options());
        Assert.That(((ObjectCodec)reader.Codecs.Get(typeof(Called))).IsGenerated, Is.True);
        for (int i = 0; i < 4; i++)
        {
            var read = reader.Deserialize<Called>(writer.Serialize(new Called { Name = "c" + i }))!;
            Assert.That(read.Name, Is.EqualTo("c" + i));
            Assert.That(read.Completed, Is.EqualTo(1), $"message {i}");
        }
        RootPrefixMemo? memo = ChainRoot(reader);
        Assert.That(memo, Is.Not.Null);
        Assert.That(memo!.RootBody, Is.Null);
    }

    [Test]
    public void WarmReader_ObjectLimitAtEveryCount_RefusesAsAFreshReader()
    {
        // The root and its nested objects and strings: every limit below their count refuses, warm or fresh, the same way.
        byte[] bytes = new SlimSerializer(Options()).Serialize(Sample(1));
        for (int limit = 1; limit < 10; limit++)
        {
            var options = Options(SlimLimits.Default with { MaxObjects = limit });
            var warm = new SlimSerializer(options);
            string fresh = Outcome(new SlimSerializer(options), bytes);
            for (int round = 0; round < 3; round++)
            {
                Assert.That(Outcome(warm, bytes), Is.EqualTo(fresh), $"limit {limit}, round {round}");
            }
        }
    }

    private static string Outcome(SlimSerializer reader, byte[] bytes)
    {
        try
        {
            var read = reader.Deserialize<Node>(bytes)!;
            return $"read: {read.Name} {read.Leaf?.Text} {read.Next?.Name}";
        }
        catch (SlimException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }
}
