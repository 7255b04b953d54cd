using System.Text;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// docs/FORMAT.md, "Bodies": a body follows its object's announcement while fewer than 4 bodies are open, else it
/// waits in the queue; writer and reader decide from the same count.
/// </summary>
public sealed class BodyOrderTests
{
    private const int MaxOpenBodies = 4;

    /// <summary><c>level[i] = new object[] { level[i + 1], "sNN" }</c>: each array's string follows everything its first element holds.</summary>
    private static object[] NestedArrays(int levels)
    {
        object[]? inner = null;
        for (int i = levels - 1; i >= 0; i--)
        {
            inner = [inner!, $"s{i:D2}"];
        }
        return inner!;
    }

    [Test]
    public void Serialize_NestedDeeperThanTheLimit_WritesFourBodiesDepthFirstThenTheQueue()
    {
        const int levels = 10;
        byte[] bytes = new SlimSerializer().Serialize(NestedArrays(levels));
        string text = Encoding.ASCII.GetString(bytes);
        int[] positions = Enumerable.Range(0, levels).Select(i => text.IndexOf($"s{i:D2}", StringComparison.Ordinal)).ToArray();
        // Arrays 0..3 are open at once: array 3 announces array 4 and queues its body, so s03 comes first, then each
        // enclosing array's string on the way out (s02 .. s00); the queue then opens arrays 4..7 the same way (s07 ..
        // s04), and array 8's body, queued by array 7, opens 8 and 9 (s09, s08).
        int[] expectedOrder = [3, 2, 1, 0, 7, 6, 5, 4, 9, 8];
        Assert.That(positions, Does.Not.Contain(-1));
        Assert.That(positions.Select((position, level) => (position, level)).OrderBy(p => p.position).Select(p => p.level), Is.EqualTo(expectedOrder));
    }

    [TestCase(MaxOpenBodies - 1)]
    [TestCase(MaxOpenBodies)]
    [TestCase(MaxOpenBodies + 1)]
    [TestCase(40)]
    public void RoundTrip_NestedAroundTheLimit_ReturnsTheSameGraph(int levels)
    {
        object[] graph = NestedArrays(levels);
        var slim = new SlimSerializer();
        GraphAssert.AreEquivalent(graph, slim.Deserialize(slim.Serialize(graph)));
    }

    [Test]
    public void RoundTrip_CombWithSharedLeaves_KeepsIdentityAcrossQueuedBodies()
    {
        // A spine 50 deep whose every node also holds a side node, and every side node refers to the leaf shared by
        // all: back-references from depth-first bodies into queued ones and back.
        var shared = new Node { Name = "shared" };
        Node spine = new() { Name = "end" };
        for (int i = 49; i >= 0; i--)
        {
            spine = new Node { Name = $"spine{i}", Next = spine, Children = [new Node { Name = $"side{i}", Next = shared }, shared] };
        }
        var slim = RoundTrip.NewSerializer();
        var copy = (Node)slim.Deserialize(slim.Serialize(spine))!;
        GraphAssert.AreEquivalent(spine, copy);
        Node? cursor = copy;
        Node sharedCopy = copy.Children![1];
        for (int i = 0; i < 50; i++)
        {
            Assert.That(cursor!.Name, Is.EqualTo($"spine{i}"));
            Assert.That(cursor.Children![0].Next, Is.SameAs(sharedCopy));
            cursor = cursor.Next;
        }
        Assert.That(cursor!.Name, Is.EqualTo("end"));
    }
}
