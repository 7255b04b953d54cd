using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// Forces a compacting garbage collection when it is serialized or cloned ([OnSerializing]), after recording where the
/// objects of <see cref="Watched"/> were, and counts those the collection moved.
/// </summary>
public sealed class CollectionTrigger
{
    [NonSerialized] public object[]? Watched;
    [NonSerialized] public int Moved;
    [NonSerialized] public int Fired;

    [OnSerializing]
    private void Collect(StreamingContext context)
    {
        Fired++;
        nint[] before = Watched!.Select(Address).ToArray();
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        Moved = Watched!.Where((value, i) => Address(value) != before[i]).Count();
    }

    private static nint Address(object value) => Unsafe.As<object, nint>(ref value);
}

/// <summary>
/// The writer's and the deep clone's identity maps place objects by address until a garbage collection runs (the
/// collection may move them) or the message has 16,384 of them, then by hash code: a collection in the middle of a
/// message, after objects were announced and before they are referenced again, must still find them, and so must the
/// switch at that count, so shared references and strings stay shared.
/// </summary>
public sealed class IdentityMapTests
{
    private const int Nodes = 300;

    [Test]
    public void ACompactingCollectionBetweenTwoReferencesToTheSameObjects_KeepsTheirIdentity()
    {
        (List<object> graph, CollectionTrigger trigger) = Build();
        SlimSerializer slim = RoundTrip.NewSerializer();

        List<object> copy = slim.Deserialize<List<object>>(slim.Serialize(graph));
        Assert.That(trigger.Moved, Is.GreaterThan(Nodes / 2), "the collection moved the objects already announced (else this tests nothing)");
        GraphAssert.AreEquivalent(graph, copy);
        for (int i = 0; i < Nodes; i++)
        {
            Assert.That(copy[Nodes + 1 + i], Is.SameAs(copy[i]), $"node {i}, referenced before and after the collection");
            Assert.That(((Node)copy[i]).Name, Is.SameAs(((Node)copy[(i + 1) % Nodes]).Other!.Name), $"the string of node {i}");
        }

        // A graph of its own for the clone: the objects above were compacted already, a second collection may leave them.
        (List<object> source, CollectionTrigger cloneTrigger) = Build();
        List<object> clone = slim.DeepClone(source);
        Assert.That(cloneTrigger.Fired, Is.EqualTo(1), "the clone ran the callback");
        Assert.That(cloneTrigger.Moved, Is.GreaterThan(Nodes / 2), "the clone's collection moved the objects");
        GraphAssert.AreEquivalent(source, clone);
        for (int i = 0; i < Nodes; i++)
        {
            Assert.That(clone[Nodes + 1 + i], Is.SameAs(clone[i]), $"clone of node {i}");
        }
    }

    [Test]
    public void EveryWayOutAndBack_WithACollectionInEach_KeepsTheGraph()
    {
        (List<object> graph, CollectionTrigger trigger) = Build();
        RoundTrip.Check(graph);
        Assert.That(trigger.Fired, Is.GreaterThanOrEqualTo(4), "one collection per serialize and per clone");
    }

    [Test]
    public void MessagesAfterAMessageWithACollection_StillShareTheirObjects()
    {
        (List<object> graph, _) = Build();
        SlimSerializer slim = RoundTrip.NewSerializer();
        slim.Serialize(graph);
        var shared = new Node { Name = "shared" };
        var next = new List<object> { shared, new Node { Other = shared }, shared };
        List<object> copy = slim.Deserialize<List<object>>(slim.Serialize(next));
        GraphAssert.AreEquivalent(next, copy);
        Assert.That(copy[2], Is.SameAs(copy[0]));
    }

    [Test]
    public void MessagesOnBothSidesOfTheCountPlacedByAddress_KeepTheirSharing()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        foreach (int count in new[] { 100, 16_383, 16_384, 16_385, 40_000, 40_000, 100 })
        {
            // Nodes first, then each again: every node is looked up again after the last one was placed.
            var nodes = new Node[count];
            for (int i = 0; i < count; i++)
            {
                nodes[i] = new Node();
            }
            var graph = new List<Node>(nodes);
            graph.AddRange(nodes);
            List<Node> copy = slim.Deserialize<List<Node>>(slim.Serialize(graph));
            List<Node> clone = slim.DeepClone(graph);
            for (int i = 0; i < count; i++)
            {
                Assert.That(copy[count + i], Is.SameAs(copy[i]), $"{count} nodes: node {i}");
                Assert.That(clone[count + i], Is.SameAs(clone[i]), $"{count} nodes: clone of node {i}");
                Assert.That(clone[i], Is.Not.SameAs(nodes[i]));
            }
            Assert.That(copy.Distinct().Count(), Is.EqualTo(count));
        }
    }

    [Test]
    public void RandomGraphsWrittenAndClonedWhileAnotherThreadCausesCollections_KeepTheirSharing()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        int collectionsBefore = GC.CollectionCount(0);
        using var stop = new CancellationTokenSource();
        var noise = new Thread(() =>
        {
            var kept = new object[64];
            for (int i = 0; !stop.IsCancellationRequested; i++)
            {
                kept[i & 63] = new byte[16 + (i & 4095)];
            }
        });
        noise.Start();
        try
        {
            for (int round = 0; round < 400; round++)
            {
                var random = new Random(round);
                RandomGraphTests.Vertex graph = RandomGraphTests.Generate(random, 50 + random.Next(500));
                RandomGraphTests.Vertex copy = round % 2 == 0
                    ? slim.Deserialize<RandomGraphTests.Vertex>(slim.Serialize(graph))
                    : slim.DeepClone(graph);
                string? difference = GraphAssert.FindDifference(graph, copy);
                Assert.That(difference, Is.Null, $"round {round}");
            }
        }
        finally
        {
            stop.Cancel();
            noise.Join();
        }
        Assert.That(GC.CollectionCount(0) - collectionsBefore, Is.GreaterThan(100), "collections ran while the graphs were written");
    }

    /// <summary>
    /// [n0 .. n299, trigger, n0 .. n299]: each node with its own string, each node's Other the previous one, the objects
    /// allocated between garbage so a compacting collection moves them.
    /// </summary>
    private static (List<object> Graph, CollectionTrigger Trigger) Build()
    {
        var nodes = new Node[Nodes];
        var garbage = new List<byte[]>();
        for (int i = 0; i < Nodes; i++)
        {
            nodes[i] = new Node { Name = "node " + i };
            garbage.Add(new byte[64]);
        }
        for (int i = 0; i < Nodes; i++)
        {
            nodes[i].Other = nodes[(i + Nodes - 1) % Nodes];
        }
        garbage.Clear();
        var trigger = new CollectionTrigger { Watched = [.. nodes, .. nodes.Select(node => (object)node.Name!)] };
        var graph = new List<object>(nodes);
        graph.Add(trigger);
        graph.AddRange(nodes);
        return (graph, trigger);
    }
}
