using System.Text;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// docs/FORMAT.md, "Bodies": a body follows its object's announcement while fewer than 6 bodies are open, else it
/// waits in the queue; writer and reader decide from the same count.
/// </summary>
public sealed class BodyOrderTests
{
    private const int MaxOpenBodies = 6;

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
    public void Serialize_NestedDeeperThanTheLimit_WritesSixBodiesDepthFirstThenTheQueue()
    {
        const int levels = 14;
        byte[] bytes = new SlimSerializer().Serialize(NestedArrays(levels));
        string text = Encoding.ASCII.GetString(bytes);
        int[] positions = Enumerable.Range(0, levels).Select(i => text.IndexOf($"s{i:D2}", StringComparison.Ordinal)).ToArray();
        // Arrays 0..5 are open at once: array 5 announces array 6 and queues its body, so s05 comes first, then each
        // enclosing array's string on the way out (s04 .. s00); the queue then opens arrays 6..11 the same way (s11 ..
        // s06), and array 12's body, queued by array 11, opens 12 and 13 (s13, s12).
        int[] expectedOrder = [5, 4, 3, 2, 1, 0, 11, 10, 9, 8, 7, 6, 13, 12];
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
