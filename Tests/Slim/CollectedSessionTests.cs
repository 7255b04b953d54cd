using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>A node of the graphs below: strings, a list, and references that may point anywhere in the graph.</summary>
public sealed class CollectedNode
{
    public string? Name;
    public CollectedNode? Other;
    public List<CollectedNode>? Children;
    public int[]? Values;
}

/// <summary>
/// A session drops the table of objects it read (and the writer its identity map's table) for a new one when the old
/// one survived a garbage collection, instead of clearing it: messages read and written after collections, small and
/// large, between messages and between the messages that replace the table, keep every shared object, string and
/// array shared, write the bytes of a fresh serializer and read them back, on both code paths.
/// </summary>
public sealed class CollectedSessionTests
{
    /// <summary>A graph of <paramref name="count"/> nodes sharing a string, an array and a node, with back-references.</summary>
    private static CollectedNode Graph(int count)
    {
        string sharedName = "shared-" + count;
        int[] sharedValues = [count, -count];
        var root = new CollectedNode { Name = "root", Children = [], Values = sharedValues };
        for (int i = 0; i < count; i++)
        {
            root.Children.Add(new CollectedNode
            {
                Name = i % 4 == 0 ? sharedName : "n" + i,
                Other = i % 5 == 0 ? root : root.Children.Count > 0 ? root.Children[^1] : null,
                Values = i % 3 == 0 ? sharedValues : [i],
            });
        }
        return root;
    }

    [TestCase(true, 10)]
    [TestCase(false, 10)]
    [TestCase(true, 600)]   // more objects than a new session's table holds: the table grew before it is replaced
    [TestCase(false, 600)]
    [TestCase(true, 3000)]  // a table too large to be replaced: cleared as before
    public void Messages_AfterCollections_KeepSharingAndWriteTheBytesOfAFreshSerializer(bool generated, int count)
    {
        SlimOptions options = SlimOptions.Default with { UseGeneratedCodecs = generated };
        SlimSerializer slim = RoundTrip.NewSerializer(options);
        CollectedNode value = Graph(count);
        byte[] expected = RoundTrip.NewSerializer(options).Serialize(value);
        for (int round = 0; round < 4; round++)
        {
            // A collection before a message and one between the message that finds the old table and the next one.
            if (round % 2 == 0)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
                GC.Collect();
            }
            byte[] bytes = slim.Serialize(value);
            Assert.That(bytes, Is.EqualTo(expected), $"round {round}");
            CollectedNode copy = slim.Deserialize<CollectedNode>(bytes);
            GraphAssert.AreEquivalent(value, copy);
            Assert.That(copy.Children![4].Name, Is.SameAs(copy.Children[0].Name), "a shared string stays shared");
            Assert.That(copy.Children[3].Values, Is.SameAs(copy.Values), "a shared array stays shared");
            Assert.That(copy.Children[5].Other, Is.SameAs(copy), "a back-reference to the root");
            Assert.That(copy.Children[2].Other, Is.SameAs(copy.Children[1]), "a back-reference to a sibling");
            // A small message between large ones: the same session, a table of the large one's size.
            Assert.That(slim.Deserialize<CollectedNode>(slim.Serialize(Graph(3))).Children![2].Other, Is.Not.Null);
        }
    }

    [Test]
    public void Deserialize_ObjectLimitAtEveryObject_GeneratedPathRefusesAsTheRuntimePath()
    {
        // Every limit from 1 to the message's object count stops it at another node, string or array, most of them read
        // in place by the generated bodies (the slots have read one of each the full way in the first message): the
        // same exception, with the same offset in its message, as the runtime codecs give.
        SlimOptions options = SlimOptions.Default;
        CollectedNode value = Graph(6);
        byte[] bytes = RoundTrip.NewSerializer(options).Serialize(value);
        int objects = 0;
        for (int limit = 1; objects == 0; limit++)
        {
            string[] messages = new string[2];
            bool read = false;
            foreach (bool generated in new[] { true, false })
            {
                SlimSerializer slim = RoundTrip.NewSerializer(options with
                {
                    UseGeneratedCodecs = generated,
                    Limits = options.Limits with { MaxObjects = limit },
                });
                try
                {
                    slim.Deserialize<CollectedNode>(RoundTrip.NewSerializer(options).Serialize(new CollectedNode
                    {
                        Name = "warm", Values = [1], Children = [new CollectedNode { Name = "up", Values = [2] }],
                    }));
                }
                catch (SlimLimitExceededException)
                {
                    // Under a limit of fewer than its 7 objects: the message below reads its first of each the full way.
                }
                try
                {
                    slim.Deserialize<CollectedNode>(bytes);
                    read = true;
                }
                catch (SlimLimitExceededException ex)
                {
                    messages[generated ? 0 : 1] = ex.Message;
                }
            }
            Assert.That(messages[0], Is.EqualTo(messages[1]), $"limit {limit}");
            if (read)
            {
                Assert.That(messages[0], Is.Null, $"limit {limit}: both paths read the message");
                objects = limit;
            }
            else
            {
                Assert.That(messages[0], Does.Contain(nameof(SlimLimits.MaxObjects)));
            }
        }
        Assert.That(objects, Is.GreaterThan(12), "the message's objects: nodes, strings and arrays");
    }

    [TestCase(true)]
    [TestCase(false)]
    public void Messages_AfterACollection_LeaveNothingTheyReadOrWroteReachable(bool generated)
    {
        SlimSerializer slim = RoundTrip.NewSerializer(SlimOptions.Default with { UseGeneratedCodecs = generated });
        Assert.That(((NFX.Slim.CodeGen.ObjectCodec)slim.Codecs.Get(typeof(CollectedNode))).IsGenerated, Is.EqualTo(generated));
        RoundTripOnce(slim, 600);
        GC.Collect(); // the session's tables are older than generation 0 from here
        (WeakReference written, WeakReference read) = RoundTripOnce(slim, 600);
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        Assert.That(written.IsAlive, Is.False, "the graph written is not held by the writer's identity map");
        Assert.That(read.IsAlive, Is.False, "the graph read is not held by the reader's table of objects");
        GC.KeepAlive(slim);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static (WeakReference Written, WeakReference Read) RoundTripOnce(SlimSerializer slim, int count)
    {
        CollectedNode value = Graph(count);
        CollectedNode copy = slim.Deserialize<CollectedNode>(slim.Serialize(value));
        Assert.That(copy.Children, Has.Count.EqualTo(count));
        return (new WeakReference(value.Children![count - 1]), new WeakReference(copy.Children![count - 1]));
    }
}
