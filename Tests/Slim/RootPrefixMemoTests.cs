using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// A PerCall message starts with the same bytes every time its root has the same type (the registry stamp, the root's
/// handle and its type entry); a reader that has read them once skips them by one comparison. A warm reader must end
/// every message exactly as a fresh one does: the same graph, or the same exception with the same message.
/// </summary>
public sealed class RootPrefixMemoTests
{
    public sealed class Node
    {
        public int Id;
        public string? Name;
        public object? Other;
        public Node? Next;
    }

    public sealed class Box<T>
    {
        public T? Value;
        public object? Same;
    }

    private static SlimSerializer NewReader() => RoundTrip.NewSerializer();

    /// <summary>Roots of every shape the prefix can take: named, generic (several new entries), array, template types, null.</summary>
    private static IEnumerable<object?> Roots()
    {
        var node = new Node { Id = 1, Name = "one" };
        node.Next = new Node { Id = 2, Next = node, Other = new Node { Id = 3, Name = "three" } }; // a cycle; a Node by its handle
        yield return node;
        var box = new Box<Node> { Value = node };
        box.Same = box;
        yield return box;
        yield return new Box<List<Node>> { Value = [node, node], Same = new Box<Node>() };
        yield return new[] { node, node.Next };
        yield return new List<Node> { node, new Node { Id = 9 } };
        yield return new Dictionary<string, Node> { ["a"] = node };
        yield return "just a string";
        yield return 42;
        yield return new object[] { node, "x", 5 };
        yield return null;
    }

    [Test]
    public void RepeatedMessages_EveryRootShape_EqualToTheOriginalAndAFreshReadersGraph()
    {
        SlimSerializer writer = NewReader();
        SlimSerializer reader = NewReader();
        object?[] roots = [.. Roots()];
        byte[][] messages = [.. roots.Select(root => writer.Serialize(root))];

        // More shapes than the reader remembers, in rounds: memos are made, hit, and replaced.
        for (int round = 0; round < 3; round++)
        {
            for (int i = 0; i < roots.Length; i++)
            {
                object? read = reader.Deserialize(messages[i]);
                GraphAssert.AreEquivalent(roots[i], read);
                GraphAssert.AreEquivalent(NewReader().Deserialize(messages[i]), read);
                GraphAssert.AreEquivalent(roots[i], reader.Deserialize(messages[i])); // at once again: the memo just made
            }
        }
    }

    [Test]
    public void ReadUnderAScope_ThenWithoutIt_ThePolicyRefusesTheRootAgain()
    {
        var reader = new SlimSerializer(); // the default policy admits a Node only under Deserialize<Node>'s scope
        byte[] bytes = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.AllowAll }).Serialize(new Node { Id = 4 });

        Assert.That(reader.Deserialize<Node>(bytes).Id, Is.EqualTo(4));
        Assert.Throws<SlimTypeNotAllowedException>(() => reader.Deserialize(bytes));
        Assert.That(reader.Deserialize<Node>(bytes).Id, Is.EqualTo(4));
        Assert.Throws<SlimTypeNotAllowedException>(() => reader.Deserialize(bytes));
    }

    [Test]
    public void EveryByteDamaged_AWarmReaderEndsLikeAFreshOne()
    {
        SlimSerializer warm = NewReader();
        var node = new Node { Id = 300, Name = "damaged", Other = new Box<Node>() };
        node.Next = node;
        byte[] original = warm.Serialize(node);
        GraphAssert.AreEquivalent(node, warm.Deserialize(original));

        for (int at = 0; at < original.Length; at++)
        {
            foreach (byte damage in new byte[] { 0x00, 0xFF, (byte)(original[at] ^ 0x01) })
            {
                byte[] damaged = (byte[])original.Clone();
                damaged[at] = damage;
                string warmEnd = Outcome(warm, damaged);
                string freshEnd = Outcome(NewReader(), damaged);
                Assert.That(warmEnd, Is.EqualTo(freshEnd), $"byte {at} set to 0x{damage:X2}");
            }
            // A message that failed leaves nothing behind: the memo still reads the intact message.
            GraphAssert.AreEquivalent(node, warm.Deserialize(original));
        }
    }

    [Test]
    public void BatchMode_TheFirstMessageAfterEveryReset_ReadsLikeAFreshReaders()
    {
        var options = SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch };
        SlimSerializer writer = RoundTrip.NewSerializer(options);
        SlimSerializer reader = RoundTrip.NewSerializer(options);
        var box = new Box<Node> { Value = new Node { Id = 5, Name = "batch" } };

        for (int connection = 0; connection < 3; connection++)
        {
            for (int message = 0; message < 3; message++)
            {
                box.Value!.Id = connection * 10 + message;
                GraphAssert.AreEquivalent(box, reader.Deserialize(writer.Serialize(box)));
            }
            writer.ResetBatchRegistry();
            reader.ResetBatchRegistry();
        }
    }

    [Test]
    public void ManyThreads_ManyRootTypes_EveryGraphReadsBack()
    {
        SlimSerializer slim = NewReader();
        object?[] roots = [.. Roots()];
        byte[][] messages = [.. roots.Select(root => slim.Serialize(root))];
        var failures = new System.Collections.Concurrent.ConcurrentQueue<string>();

        Parallel.For(0, 4, new ParallelOptions { MaxDegreeOfParallelism = 4 }, worker =>
        {
            for (int i = 0; i < 300; i++)
            {
                int shape = (i * (worker + 1)) % roots.Length;
                if (GraphAssert.FindDifference(roots[shape], slim.Deserialize(messages[shape])) is { } difference)
                {
                    failures.Enqueue($"worker {worker}, shape {shape}: {difference}");
                }
            }
        });

        Assert.That(failures, Is.Empty);
    }

    private static string Outcome(SlimSerializer reader, byte[] bytes)
    {
        try
        {
            object? read = reader.Deserialize(bytes);
            return "read: " + (read is Node node ? $"{node.Id} {node.Name} {node.Next?.Id} {node.Other?.GetType().Name}" : read?.GetType().Name);
        }
        catch (SlimException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }
}
