using System.Buffers;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// A writer copies a type entry it wrote before against the same registry state (the handle, the entry, its new parts,
/// its layout) instead of writing it again, and replays what the entry added to the registry. Whatever the writer
/// remembers, every message must be byte for byte what a fresh writer produces, and every registry (both checksums)
/// must end where writing the entries would have left it.
/// </summary>
public sealed class TypeEntryMemoTests
{
    private static IEnumerable<TestCaseData> EntryKinds()
    {
        foreach (SlimVersioning versioning in new[] { SlimVersioning.Strict, SlimVersioning.Tolerant })
        {
            yield return new TestCaseData(versioning, (Func<int, object>)(i => Sample(i)))
                .SetName($"Repeated_NamedRootAndGenericPart_{versioning}_BytesEqualAFreshWriters");
            yield return new TestCaseData(versioning, (Func<int, object>)(i => new Node[][] { [new Node { Name = $"a{i}" }, new Node()], [new Node()] }))
                .SetName($"Repeated_ArrayOfArrays_{versioning}_BytesEqualAFreshWriters");
            yield return new TestCaseData(versioning, (Func<int, object>)(i => new Dictionary<string, List<Node[]>> { [$"k{i}"] = [[new Node { Name = "n" }]] }))
                .SetName($"Repeated_GenericOverNewGenericOverNewArray_{versioning}_BytesEqualAFreshWriters");
            yield return new TestCaseData(versioning, (Func<int, object>)(i => new Node { Name = $"p{i}", Children = [new Node { Name = "c" }] }))
                .SetName($"Repeated_TypeWhoseMemberNamesItself_{versioning}_BytesEqualAFreshWriters");
            yield return new TestCaseData(versioning, (Func<int, object>)(i => new List<int[,]>[] { [new int[2, 2] { { i, 1 }, { 2, 3 } }] }))
                .SetName($"Repeated_ArrayOfGenericOverMultiDimArray_{versioning}_BytesEqualAFreshWriters");
        }
    }

    [TestCaseSource(nameof(EntryKinds))]
    public void Repeated_EntryKind_BytesEqualAFreshWriters(SlimVersioning versioning, Func<int, object> message)
    {
        SlimSerializer writer = NewSerializer(versioning);
        for (int i = 0; i < 4; i++)
        {
            object original = message(i);
            byte[] bytes = writer.Serialize(original);

            Assert.That(bytes, Is.EqualTo(NewSerializer(versioning).Serialize(original)), $"message {i}");
            GraphAssert.AreEquivalent(original, NewSerializer(versioning).Deserialize(bytes));
        }
    }

    [Test]
    public void SameTypesInChangingOrders_EveryMessage_BytesEqualAFreshWriters()
    {
        SlimSerializer writer = NewSerializer(SlimVersioning.Strict);
        object[] parts = [Sample(1), new Node { Name = "n" }, new List<Node> { new() }, new Perzon[] { new() }, new Dictionary<string, Node>()];

        // Each rotation puts the entries in front of another registry state: remembered entries stop fitting, are
        // written again, and (after some misses) remembered again, while the old order keeps coming back.
        for (int round = 0; round < 30; round++)
        {
            int shift = round % 3 == 0 ? 0 : round % parts.Length;
            object[] graph = [.. parts.Skip(shift), .. parts.Take(shift)];
            byte[] bytes = writer.Serialize(graph);

            Assert.That(bytes, Is.EqualTo(NewSerializer(SlimVersioning.Strict).Serialize(graph)), $"round {round}");
            GraphAssert.AreEquivalent(graph, writer.Deserialize(bytes));
        }
    }

    [TestCase(SlimVersioning.Strict)]
    [TestCase(SlimVersioning.Tolerant)]
    public void ChainOfReplayedEntries_BrokenAndRejoinedInEveryWay_BytesEqualAFreshWriters(SlimVersioning versioning)
    {
        // The writer replays a message's entries one after the other, each from the link the one before left. These
        // messages break that chain at every point: a type missing, two swapped, a new entry between, the chain's next
        // type first met as a part of another entry (List<Node>, Node[]), the same type again (a back-reference handle).
        Func<int, object>[] parts =
        [
            i => Sample(i),
            i => new Node { Name = $"n{i}" },
            i => new List<Node> { new() { Name = "l" } },
            i => new Node[] { new() },
            i => new Dictionary<string, Node> { [$"k{i}"] = new() },
        ];
        int[][] orders =
        [
            [0, 1, 2], [0, 1, 2], [0, 1, 2], [0, 2, 1], [0, 1], [0, 1, 2], [0, 3, 1, 2], [0, 1, 2], [0, 4, 1, 2],
            [0, 1, 2], [2, 1, 0], [2, 1, 0], [0, 1, 1, 2], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [1, 0, 2], [0, 1, 2],
        ];
        SlimSerializer writer = NewSerializer(versioning);
        SlimSerializer reader = NewSerializer(versioning);
        for (int round = 0; round < 3; round++)
        {
            for (int m = 0; m < orders.Length; m++)
            {
                object[] graph = [.. orders[m].Select(p => parts[p](m))];
                byte[] bytes = writer.Serialize(graph);

                Assert.That(bytes, Is.EqualTo(NewSerializer(versioning).Serialize(graph)), $"round {round}, message {m}");
                GraphAssert.AreEquivalent(graph, reader.Deserialize(bytes));
            }
        }
    }

    [Test]
    public void Batch_RememberedEntriesAcrossResetsAndAFailedMessage_ReaderStaysInStep()
    {
        SlimSerializer writer = NewSerializer(SlimVersioning.Strict, TypeRegistryMode.Batch);
        SlimSerializer reader = NewSerializer(SlimVersioning.Strict, TypeRegistryMode.Batch);
        for (int round = 0; round < 6; round++)
        {
            // A reset (a reconnect) puts the registry back where the remembered entries were written.
            writer.ResetBatchRegistry();
            reader.ResetBatchRegistry();
            Perzon first = Sample(round);
            byte[] bytes = writer.Serialize(first);
            Assert.That(bytes, Is.EqualTo(NewSerializer(SlimVersioning.Strict, TypeRegistryMode.Batch).Serialize(first)), $"round {round}");
            GraphAssert.AreEquivalent(first, reader.Deserialize(bytes));

            // The next message's stamp carries the registry checksum the replayed entries left behind: it must be the
            // one a writer that wrote every entry in full reaches.
            SlimSerializer fresh = NewSerializer(SlimVersioning.Strict, TypeRegistryMode.Batch);
            fresh.Serialize(first);
            byte[] again = writer.Serialize(first);
            Assert.That(again, Is.EqualTo(fresh.Serialize(first)), $"round {round}, the message after");
            GraphAssert.AreEquivalent(first, reader.Deserialize(again));

            // A message that fails after its entries were written forgets them (the reader never sees it).
            var failing = new object[] { new Dictionary<int, Node[]>(), new ManualResetEventSlim() };
            Assert.Throws<SlimSerializationException>(() => writer.Serialize(failing));

            var next = new object[] { new Dictionary<int, Node[]> { [round] = [new Node()] }, Sample(round + 1) };
            byte[] nextBytes = writer.Serialize(next);
            Assert.That(nextBytes, Is.EqualTo(fresh.Serialize(next)), $"round {round}, after the failed message");
            GraphAssert.AreEquivalent(next, reader.Deserialize(nextBytes));
        }
    }

    [Test]
    public void SerializeIntoReusedBufferWriter_RememberedEntries_AllocatesNothing()
    {
        SlimSerializer writer = NewSerializer(SlimVersioning.Strict);
        Perzon value = Sample(3);
        var output = new ArrayBufferWriter<byte>(4096);
        for (int i = 0; i < 100; i++)
        {
            output.ResetWrittenCount();
            writer.Serialize(output, value);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100; i++)
        {
            output.ResetWrittenCount();
            writer.Serialize((IBufferWriter<byte>)output, value);
        }
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(allocated, Is.Zero);
        Assert.That(output.WrittenSpan.ToArray(), Is.EqualTo(NewSerializer(SlimVersioning.Strict).Serialize(value)));
    }

    private static SlimSerializer NewSerializer(SlimVersioning versioning, TypeRegistryMode mode = TypeRegistryMode.PerCall) =>
        RoundTrip.NewSerializer(SlimOptions.Default with { Versioning = versioning, RegistryMode = mode });

    private static Perzon Sample(int i) => new()
    {
        FirstName = $"F{i}",
        LastName = "L",
        Age1 = i,
        Names1 = ["a", "b"],
        Names2 = [],
        Parent = new Perzon { FirstName = "P", Names1 = ["c"] },
    };
}
