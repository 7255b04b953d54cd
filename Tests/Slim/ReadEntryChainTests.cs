using System.Reflection;
using NFX.Slim;
using NFX.Slim.TypeSystem.Memos;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// A reader that replayed a PerCall message's start also meets the entries after it in the same order every time: it
/// remembers them as a chain (each read with nothing else learned since the start or the entry before) and skips an
/// entry whose bytes equal the chain's next one by one comparison, replaying its registry entries, and reuses the
/// policy's verdict on its type for the same slot. A warm reader must end every message as a fresh one does: the same
/// graph, or the same exception with the same message.
/// </summary>
public sealed class ReadEntryChainTests
{
    public interface IMarker;

    public sealed class Marked : IMarker
    {
        public int Id;
        public string? Name;
    }

    public sealed class Unmarked
    {
        public int Id;
        public string? Name;
    }

    public sealed class Holder
    {
        public object? A;
        public IMarker? B;
        public object? C;
        public object? D;
    }

    public sealed class Box<T>
    {
        public T? Value;
        public List<T>? More;
    }

    private static SlimSerializer NewSerializer(SlimVersioning versioning = SlimVersioning.Strict) =>
        RoundTrip.NewSerializer(SlimOptions.Default with { Versioning = versioning });

    [TestCase(SlimVersioning.Strict)]
    [TestCase(SlimVersioning.Tolerant)]
    public void ChainBrokenAndRejoinedInEveryWay_EveryMessageReadsAsAFreshReaderReadsIt(SlimVersioning versioning)
    {
        // Entries missing, swapped, new ones between, a chain's type first met as a part of another entry (Box<Marked>
        // names Marked, List<Marked>), the same type again (no entry), composite entries (generic, array) as links.
        Func<int, object?>[] parts =
        [
            i => new Marked { Id = i, Name = $"m{i}" },
            i => new Unmarked { Id = i },
            i => new Box<Marked> { Value = new Marked { Id = i }, More = [new Marked()] },
            i => new Marked[] { new() { Id = i } },
            i => new Box<Unmarked[]> { Value = [new Unmarked()] },
        ];
        int[][] orders =
        [
            [0, 1, 2], [0, 1, 2], [0, 1, 2], [0, 2, 1], [0, 1], [0, 1, 2], [0, 3, 1, 2], [0, 1, 2], [0, 4, 1, 2],
            [0, 1, 2], [2, 1, 0], [2, 1, 0], [0, 0, 1], [1, 2, 3, 4], [1, 2, 3, 4], [1, 0, 2], [0, 1, 2], [4, 3, 2],
        ];
        SlimSerializer writer = NewSerializer(versioning);
        SlimSerializer reader = NewSerializer(versioning);
        for (int round = 0; round < 4; round++)
        {
            for (int m = 0; m < orders.Length; m++)
            {
                object?[] slots = [null, null, null, null];
                for (int k = 0; k < orders[m].Length; k++)
                {
                    slots[k == 1 ? 2 : k == 2 ? 3 : k == 3 ? 1 : 0] ??= parts[orders[m][k]](m);
                }
                var holder = new Holder { A = slots[0], C = slots[2], D = slots[3], B = slots[1] as IMarker };
                byte[] bytes = writer.Serialize(holder);

                object? read = reader.Deserialize(bytes);
                GraphAssert.AreEquivalent(holder, read);
                GraphAssert.AreEquivalent(NewSerializer(versioning).Deserialize(bytes), read);
                GraphAssert.AreEquivalent(holder, reader.Deserialize(bytes)); // at once again: the chain just recorded
            }
        }
    }

    [TestCase(SlimVersioning.Strict)]
    [TestCase(SlimVersioning.Tolerant)]
    public void EveryByteDamaged_AWarmReaderEndsLikeAFreshOne(SlimVersioning versioning)
    {
        SlimSerializer warm = NewSerializer(versioning);
        var holder = new Holder
        {
            A = new Unmarked { Id = 7, Name = "u" },
            B = new Marked { Id = 300, Name = "damaged" },
            C = new Box<Marked> { Value = new Marked(), More = [] },
            D = new Unmarked[] { new() },
        };
        byte[] original = warm.Serialize(holder);
        GraphAssert.AreEquivalent(holder, warm.Deserialize(original));
        GraphAssert.AreEquivalent(holder, warm.Deserialize(original));

        for (int at = 0; at < original.Length; at++)
        {
            foreach (byte damage in new byte[] { 0x00, 0xFF, (byte)(original[at] ^ 0x01) })
            {
                byte[] damaged = (byte[])original.Clone();
                damaged[at] = damage;
                string warmEnd = Outcome(warm, damaged);
                string freshEnd = Outcome(NewSerializer(versioning), damaged);
                Assert.That(warmEnd, Is.EqualTo(freshEnd), $"byte {at} set to 0x{damage:X2}");
            }
            // A message that failed leaves nothing wrong behind: the chain still reads the intact message.
            GraphAssert.AreEquivalent(holder, warm.Deserialize(original));
        }
    }

    [Test]
    public void ChainedEntryInAnotherSlot_TheSlotIsCheckedAgain()
    {
        // The same entry bytes at the same place of the chain, once in an object slot (fits) and once in an IMarker slot,
        // which an Unmarked does not fit: the verdict remembered for the first slot must not carry over.
        SlimSerializer writer = NewSerializer();
        var fits = new Holder { A = new Unmarked { Id = 1, Name = "x" } };
        byte[] inA = writer.Serialize(fits);
        byte[] empty = writer.Serialize(new Holder());

        // Holder's body is A, B, C, D: four null handles when empty. Move A's object (handle, entry, body) behind one null.
        int bodyAt = empty.Length - 4 - HeaderLength(empty) + HeaderLength(inA);
        byte[] inB = [.. inA.AsSpan(0, bodyAt), 0x00, .. inA.AsSpan(bodyAt, inA.Length - bodyAt - 3), 0x00, 0x00];
        Assert.That(inA.AsSpan(inA.Length - 3).ToArray(), Is.EqualTo(new byte[] { 0, 0, 0 }));
        Assert.That(inB.Length, Is.EqualTo(inA.Length));

        SlimSerializer warm = NewSerializer();
        for (int i = 0; i < 3; i++)
        {
            GraphAssert.AreEquivalent(fits, warm.Deserialize(inA));
            string fresh = Outcome(NewSerializer(), inB);
            Assert.That(fresh, Does.Not.StartWith("read:").And.Contains("IMarker"));
            Assert.That(Outcome(warm, inB), Is.EqualTo(fresh), $"round {i}");
        }
    }

    public sealed class Deep
    {
        public object? A;
        public System.Collections.Immutable.ImmutableList<object>? L;
    }

    [Test]
    public void ChainedEntryMetDeeper_TheDepthLimitHoldsAsForAFreshReader()
    {
        // Box<Marked> is the first entry after the start both times: in A at depth 1 (its part Marked at 2), and inside
        // the list's header (which reads its elements) one deeper, where its part passes a limit of 2.
        var options = SlimOptions.Default with { Limits = SlimLimits.Default with { MaxDepth = 2 } };
        SlimSerializer writer = NewSerializer();
        var shallow = new Deep { A = new Box<Marked> { Value = new Marked { Id = 1 } } };
        byte[] shallowBytes = writer.Serialize(shallow);
        byte[] deeperBytes = writer.Serialize(new Deep { L = [new Box<Marked> { Value = new Marked { Id = 2 } }] });

        string fresh = Outcome(RoundTrip.NewSerializer(options), deeperBytes);
        Assert.That(fresh, Does.Contain(nameof(SlimLimits.MaxDepth)));
        SlimSerializer warm = RoundTrip.NewSerializer(options);
        for (int i = 0; i < 3; i++)
        {
            GraphAssert.AreEquivalent(shallow, warm.Deserialize(shallowBytes));
            Assert.That(Outcome(warm, deeperBytes), Is.EqualTo(fresh), $"round {i}");
        }
    }

    [Test]
    public void MessageOfManyEntries_ReadsBackWarm_AndTheChainStaysBounded()
    {
        // 64 array types (ranks 1-32 of two element types), each its own entry after the start.
        object[] arrays = [.. Enumerable.Range(1, 32).SelectMany(rank => new[] { typeof(Marked), typeof(Unmarked) }
            .Select(element => Array.CreateInstance(element, new int[rank].Select(_ => 1).ToArray())))];
        SlimSerializer writer = NewSerializer();
        SlimSerializer reader = NewSerializer();
        byte[] bytes = writer.Serialize(new Holder { A = arrays });
        for (int i = 0; i < 3; i++)
        {
            GraphAssert.AreEquivalent(NewSerializer().Deserialize(bytes), reader.Deserialize(bytes));
        }

        object session = typeof(SlimSerializer).GetField("_cachedReadSession", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(reader)!;
        var chain = (ReadEntryLink?[])session.GetType().GetField("_chainLinks", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(session)!;
        int links = (int)session.GetType().GetField("_chainLinkCount", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(session)!;
        for (int i = 0; i < links; i++)
        {
            Assert.That(chain[i]!.Index, Is.EqualTo(i));
            Assert.That(chain[i]!.Entries.Recorded.Learned, Is.Empty, "a link copies no learned types (a message of n entries would keep n * n)");
        }
        Assert.That(links, Is.EqualTo(ReadEntryLink.MaxLinks));
    }

    [Test]
    public void ChainedLinksRightAfterARestore_RestoreInThreeStores_AndLaterHandlesResolveAsForAFreshReader()
    {
        // Three entries after the start, each restoring right after the one before (the start's for the first): a warm
        // reader takes each link's restore without Replay's tests. The second Marked and Unmarked are announced by the
        // handles those entries gave them, so a wrong registry after a restore resolves them to other types or refuses.
        SlimSerializer writer = NewSerializer();
        SlimSerializer reader = NewSerializer();
        var holder = new Holder
        {
            A = new Marked { Id = 1, Name = "a" },
            C = new Unmarked { Id = 2, Name = "c" },
            D = new Box<Marked> { Value = new Marked { Id = 3 }, More = [new Marked { Id = 4 }] },
            B = new Marked { Id = 5 },
        };
        byte[] bytes = writer.Serialize(holder);
        for (int i = 0; i < 4; i++)
        {
            GraphAssert.AreEquivalent(holder, reader.Deserialize(bytes));
            GraphAssert.AreEquivalent(NewSerializer().Deserialize(bytes), reader.Deserialize(bytes));
        }

        object session = typeof(SlimSerializer).GetField("_cachedReadSession", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(reader)!;
        var chain = (ReadEntryLink?[])session.GetType().GetField("_chainLinks", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(session)!;
        int links = (int)session.GetType().GetField("_chainLinkCount", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(session)!;
        var root = (RootPrefixMemo)session.GetType().GetField("_chainRoot", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(session)!;
        Assert.That(links, Is.GreaterThanOrEqualTo(3));
        Assert.That(chain[0]!.RestoresAfter, Is.SameAs(root.Prefix.RestoredLearned).And.Not.Null);
        for (int i = 1; i < links; i++)
        {
            Assert.That(chain[i]!.RestoresAfter, Is.SameAs(chain[i - 1]!.Entries.RestoredLearned).And.Not.Null, $"link {i}");
        }
        // The generated reader's in-place key: the same snapshot (the handles are one byte), the count before each entry
        // as its handle byte, the registry's count after it where the next link's handle starts.
        for (int i = 0; i < links; i++)
        {
            ReadEntryLink link = chain[i]!;
            Assert.That(link.InPlaceKey, Is.SameAs(link.RestoresAfter), $"link {i}");
            // The count before the entry (a generic entry's parts come first, so its own handle may be later).
            Assert.That(link.HandleByte, Is.LessThanOrEqualTo(link.Handle), $"link {i}");
            Assert.That(link.CountAfter, Is.EqualTo(link.HandleByte + link.Entries.Recorded.Added.Length).And.GreaterThan(link.Handle), $"link {i}");
            if (i > 0)
            {
                Assert.That(link.HandleByte, Is.EqualTo(chain[i - 1]!.CountAfter), $"link {i}");
            }
        }
    }

    [Test]
    public void ManyRotatingOrders_EveryGraphReadsBack()
    {
        // More orders than links are kept: a link is recorded in a missed one's place only every few misses.
        SlimSerializer writer = NewSerializer();
        SlimSerializer reader = NewSerializer();
        object[] kinds = [new Marked { Id = 1 }, new Unmarked { Id = 2 }, new Box<Marked>(), new Marked[] { new() }];
        for (int m = 0; m < 64; m++)
        {
            var holder = new Holder { A = kinds[m % 4], C = kinds[(m / 4) % 4], D = kinds[(m / 16) % 4] };
            byte[] bytes = writer.Serialize(holder);
            GraphAssert.AreEquivalent(holder, reader.Deserialize(bytes));
        }
    }

    /// <summary>The frame's length: magic, version, flags and the payload length's LEB128 bytes.</summary>
    private static int HeaderLength(byte[] message) => 4 + (message[4] < 0x80 ? 1 : message[5] < 0x80 ? 2 : 3);

    private static string Outcome(SlimSerializer reader, byte[] bytes)
    {
        try
        {
            object? read = reader.Deserialize(bytes);
            return "read: " + (read is Holder holder
                ? $"{Describe(holder.A)} {Describe(holder.B)} {Describe(holder.C)} {Describe(holder.D)}"
                : read?.GetType().Name);
        }
        catch (SlimException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }

    private static string Describe(object? value) => value switch
    {
        null => "null",
        Marked m => $"Marked({m.Id},{m.Name})",
        Unmarked u => $"Unmarked({u.Id},{u.Name})",
        Box<Marked> b => $"Box({Describe(b.Value)},{b.More?.Count})",
        Unmarked[] a => $"Unmarked[{a.Length}]",
        _ => value.GetType().Name,
    };
}
