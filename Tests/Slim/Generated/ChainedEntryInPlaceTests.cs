using System.Reflection;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// A PerCall message announces the first object of each type with its type entry. Two things make that cheap once the
/// entries repeat: a replay of remembered entries restores the registry's learned types as one remembered array
/// (<see cref="TypeRegistry.Restore"/>, copied before anything is added to it) instead of adding them one by one, and a
/// generated body reads an object whose entry came through the reader's chain with this slot's verdict in place, as one
/// of the declared type. Neither may change a byte written or what any message reads to: warm readers end every message
/// as fresh ones do, intact or damaged.
/// </summary>
public sealed class ChainedEntryInPlaceTests
{
    public sealed class Address
    {
        public string? Street;
        public string? City;
    }

    public sealed class Customer
    {
        public long Id;
        public string? Name;
        public Address? Billing;
    }

    public sealed class Line
    {
        public string? Sku;
        public int Quantity;
    }

    public class Note
    {
        public string? Text;
    }

    public sealed class UrgentNote : Note
    {
        public int Level;
    }

    public sealed class Order
    {
        public Customer? Customer;
        public List<Line>? Lines;
        public Address? Shipping;
        public Note? Note;
        public long Id;
    }

    /// <summary>More types with layouts than the writer's four most recent: F's address is found sent in the registry.</summary>
    public sealed class Wide
    {
        public Address? A;
        public Customer? B;
        public Line? C;
        public Note? D;
        public Order? E;
        public Address? F;
    }

    /// <summary>Lists whose first element of a type is announced with its type: read in place inside the list's loop.</summary>
    public sealed class Route
    {
        public List<Address?>? Stops;
        public Address? Home;
        public List<Note?>? Notes;
        public Customer? Owner;
        public long Id;
    }

    private static SlimOptions Options(bool generated) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(ChainedEntryInPlaceTests).Assembly),
        UseGeneratedCodecs = generated,
    };

    private static Order Full(int i) => new()
    {
        Id = i,
        Customer = new Customer { Id = 100 + i, Name = $"c{i}", Billing = new Address { Street = $"s{i}", City = "x" } },
        Lines = [new Line { Sku = $"k{i}", Quantity = i }, new Line { Sku = "k", Quantity = 2 }],
        Shipping = new Address { Street = "ship", City = "y" },
        Note = new Note { Text = "n" },
    };

    /// <summary>Orders whose entries come in other orders, other slots, or not at all: the chain misses and is rebuilt.</summary>
    private static Order Variant(int i) => (i % 7) switch
    {
        0 or 1 or 2 => Full(i),
        3 => new Order { Id = i, Shipping = new Address { City = "first here" }, Customer = new Customer { Name = "no billing" } },
        4 => new Order { Id = i, Customer = Full(i).Customer, Note = new UrgentNote { Text = "u", Level = i } },
        5 => new Order { Id = i, Lines = [], Note = new UrgentNote { Level = 1 }, Customer = new Customer { Billing = new Address() } },
        _ => new Order { Id = i, Lines = [new Line()], Customer = new Customer { Id = i } },
    };

    [Test]
    public void WarmReader_ManyMessagesWithChainsThatDiffer_BytesAsTheRuntimePathAndEveryReadAsAFreshReader()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false)), warmRuntime = new(Options(false));
        for (int round = 0; round < 3; round++)
        {
            for (int i = 0; i < 40; i++)
            {
                Order value = i < 5 ? Full(i) : Variant(i);
                byte[] bytes = generated.Serialize(value);
                Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))), $"message {i}");
                GraphAssert.AreEquivalent(value, generated.Deserialize<Order>(bytes));
                GraphAssert.AreEquivalent(value, warmRuntime.Deserialize<Order>(bytes));
                GraphAssert.AreEquivalent(value, new SlimSerializer(Options(true)).Deserialize<Order>(bytes));
                GraphAssert.AreEquivalent(value, generated.Deserialize<Order>(bytes)); // at once again: the chain just recorded
            }
        }
    }

    /// <summary>
    /// Routes whose lists meet their element type's entry first (in place from the second message), after null, after a
    /// subclass, or after the same type met outside the list (another slot's verdict); back-references into and out of
    /// the lists, before and after the typed element.
    /// </summary>
    private static Route RouteVariant(int i)
    {
        var a = new Address { Street = $"a{i}", City = "x" };
        var b = new Address { City = "b" };
        return (i % 6) switch
        {
            0 => new Route { Id = i, Stops = [a, b, a], Home = a, Notes = [new Note { Text = "n" }, new UrgentNote { Level = i }], Owner = new Customer { Billing = b } },
            1 => new Route { Id = i, Stops = [null, a, null, a], Home = b, Notes = [null, new Note()] },
            2 => new Route { Id = i, Home = a, Stops = [a, b], Notes = [new UrgentNote { Text = "u" }, new Note { Text = "n" }] },
            3 => new Route { Id = i, Owner = new Customer { Billing = a }, Stops = [b, a, b], Notes = [] },
            4 => new Route { Id = i, Stops = [], Notes = [new Note(), new Note()], Home = a },
            _ => new Route { Id = i, Stops = [a], Notes = [new Note { Text = "only" }], Owner = new Customer { Id = i, Billing = a } },
        };
    }

    [Test]
    public void WarmReader_ListsWhoseFirstElementOfATypeCrossesWithItsEntry_BytesAsTheRuntimePathAndEveryReadAsAFreshReader()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false)), warmRuntime = new(Options(false));
        for (int round = 0; round < 3; round++)
        {
            for (int i = 0; i < 36; i++)
            {
                // The same variant several times in a row (its chain replayed and its elements read in place), then another.
                Route value = RouteVariant(i / 3 + round);
                byte[] bytes = generated.Serialize(value);
                Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))), $"message {i}");
                GraphAssert.AreEquivalent(value, generated.Deserialize<Route>(bytes));
                GraphAssert.AreEquivalent(value, warmRuntime.Deserialize<Route>(bytes));
                GraphAssert.AreEquivalent(value, new SlimSerializer(Options(true)).Deserialize<Route>(bytes));
                GraphAssert.AreEquivalent(value, generated.Deserialize<Route>(bytes));
            }
        }
    }

    [Test]
    public void WarmReader_EveryByteOfARouteItRemembersDamaged_EndsAsAFreshReader()
    {
        foreach (int variant in new[] { 0, 2 })
        {
            Route value = RouteVariant(variant);
            byte[] original = new SlimSerializer(Options(true)).Serialize(value);
            SlimSerializer warm = new(Options(true));
            for (int i = 0; i < 3; i++)
            {
                GraphAssert.AreEquivalent(value, warm.Deserialize<Route>(original));
            }
            for (int at = 0; at < original.Length; at++)
            {
                foreach (byte damage in new byte[] { 0x00, 0xFF, (byte)(original[at] ^ 0x01), (byte)(original[at] ^ 0x02) })
                {
                    byte[] damaged = (byte[])original.Clone();
                    damaged[at] = damage;
                    Assert.That(Outcome(warm, damaged), Is.EqualTo(Outcome(new SlimSerializer(Options(true)), damaged)), $"variant {variant}, byte {at} set to 0x{damage:X2}");
                }
                GraphAssert.AreEquivalent(value, warm.Deserialize<Route>(original));
            }
        }
    }

    [Test]
    public void WarmReader_ObjectLimitReachedAtAListElementReadInPlace_RefusesAsAFreshReader()
    {
        byte[] bytes = new SlimSerializer(Options(true)).Serialize(RouteVariant(0));
        for (int max = 1; max < 20; max++)
        {
            var options = Options(true) with { Limits = SlimLimits.Default with { MaxObjects = max } };
            var limited = new SlimSerializer(options);
            string fresh = Outcome(limited, bytes);
            Assert.That(Outcome(limited, bytes), Is.EqualTo(fresh), $"MaxObjects {max}, warm");
            Assert.That(Outcome(limited, bytes), Is.EqualTo(fresh), $"MaxObjects {max}, warm again");
            Assert.That(fresh, Is.EqualTo(Outcome(new SlimSerializer(options with { UseGeneratedCodecs = false }), bytes)), $"MaxObjects {max}, runtime codecs");
        }
    }

    [Test]
    public void Writer_TypeSentEarlierThanTheLastFour_SameBytesAsTheRuntimePath()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        for (int i = 0; i < 4; i++)
        {
            var value = new Wide
            {
                A = new Address { City = "a" },
                B = new Customer { Id = i },
                C = new Line { Sku = "c" },
                D = new UrgentNote { Level = i },
                E = i == 2 ? null : Full(i),
                F = new Address { City = "f" },
            };
            byte[] bytes = generated.Serialize(value);
            Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))), $"message {i}");
            GraphAssert.AreEquivalent(value, generated.Deserialize<Wide>(bytes));
            GraphAssert.AreEquivalent(value, runtime.Deserialize<Wide>(bytes));
        }
    }

    [Test]
    public void WarmReader_SlotThatHoldsOneObjectAMessage_ReadsItInPlaceFromTheSecondMessage()
    {
        // Order.Customer only ever holds the message's first Customer, announced with its type: without the verdict of a
        // chained entry the slot would never have read one of the declared type, and every customer would take the
        // session's general way.
        var slim = new SlimSerializer(Options(true));
        var orderCodec = (ObjectCodec)slim.Codecs.Get(typeof(Order));
        Assert.That(orderCodec.IsGenerated, Is.True);
        ReferenceSlot customer = orderCodec.Generated!.Slots[orderCodec.Generated.Codec.SlotNames.ToList().IndexOf("Order.Customer")];
        Assert.That(customer.ShellCodec, Is.Null);

        byte[] bytes = slim.Serialize(Full(1));
        GraphAssert.AreEquivalent(Full(1), slim.Deserialize<Order>(bytes));
        Assert.That(customer.ShellCodec, Is.SameAs(slim.Codecs.Get(typeof(Customer))), "a typed announcement of the declared type vouches for the slot");
        for (int i = 0; i < 3; i++)
        {
            Order read = slim.Deserialize<Order>(bytes);
            GraphAssert.AreEquivalent(Full(1), read);
            Assert.That(read.Customer!.Billing, Is.Not.Null.And.Not.SameAs(read.Shipping));
        }
    }

    [Test]
    public void WarmReader_EveryByteOfAMessageItRemembersDamaged_EndsAsAFreshReader()
    {
        SlimSerializer writer = new(Options(true));
        Order value = Full(3);
        byte[] original = writer.Serialize(value);
        SlimSerializer warm = new(Options(true));
        GraphAssert.AreEquivalent(value, warm.Deserialize<Order>(original));
        GraphAssert.AreEquivalent(value, warm.Deserialize<Order>(original));
        for (int at = 0; at < original.Length; at++)
        {
            foreach (byte damage in new byte[] { 0x00, 0xFF, (byte)(original[at] ^ 0x01) })
            {
                byte[] damaged = (byte[])original.Clone();
                damaged[at] = damage;
                Assert.That(Outcome(warm, damaged), Is.EqualTo(Outcome(new SlimSerializer(Options(true)), damaged)), $"byte {at} set to 0x{damage:X2}");
            }
            // A failed message leaves nothing behind: the remembered entries still read the intact message.
            GraphAssert.AreEquivalent(value, warm.Deserialize<Order>(original));
        }
    }

    [Test]
    public void WarmReader_ObjectLimitReachedAtATypedObjectReadInPlace_RefusesAsAFreshReader()
    {
        SlimSerializer writer = new(Options(true));
        byte[] bytes = writer.Serialize(Full(2));
        for (int max = 1; max < 16; max++)
        {
            var options = Options(true) with { Limits = SlimLimits.Default with { MaxObjects = max } };
            var limited = new SlimSerializer(options);
            string fresh = Outcome(limited, bytes);
            // The failed read remembered the message's start and the entries it met: the second one reads through them.
            Assert.That(Outcome(limited, bytes), Is.EqualTo(fresh), $"MaxObjects {max}, warm");
            Assert.That(fresh, Is.EqualTo(Outcome(new SlimSerializer(options with { UseGeneratedCodecs = false }), bytes)), $"MaxObjects {max}, runtime codecs");
        }
    }

    [Test]
    public void WarmTolerantReader_TypedFirstObjectWhoseEntryBringsAReadingPlan_ReadThroughThePlanEveryTime()
    {
        // V1.Address's layout is not V2.Address's (City, not Town): a plan. A tolerant entry's member list names its
        // members' types, so Address's entry crosses inside Parcel's (the root's), never as a chain link of its own, and
        // the typed way in place cannot meet it; TryReadTypedInPlace refuses to read in place under any plan all the same.
        byte[] bytes = Layouts.Versions.Writer(SlimVersioning.Tolerant).Serialize(
            new Layouts.V1.Parcel { To = new Layouts.V1.Address { City = "c" }, Note = "n" });
        var fresh = Layouts.Versions.Reader().Deserialize<Layouts.V2.Parcel>(bytes);
        Assert.That(fresh.Note, Is.EqualTo("n"));
        SlimSerializer warm = Layouts.Versions.Reader();
        for (int i = 0; i < 4; i++)
        {
            GraphAssert.AreEquivalent(fresh, warm.Deserialize<Layouts.V2.Parcel>(bytes));
        }
    }

    private static string Outcome(SlimSerializer reader, byte[] bytes)
    {
        try
        {
            object? read = reader.Deserialize(bytes);
            return "read: " + (read is null ? "null" : Convert.ToHexString(new SlimSerializer(Options(false)).Serialize(read)));
        }
        catch (SlimException e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }

    private sealed class T1;

    private sealed class T2;

    private sealed class T3;

    [Test]
    public void Restore_ThenAdd_CopiesTheSnapshotAndLeavesItUnchanged()
    {
        var registry = new TypeRegistry(new TypeRegistryTemplate([]));
        registry.Add(typeof(T1), 11);
        registry.Add(typeof(T2), 22);
        TypeRegistry.LearnedType[] snapshot = registry.SnapshotLearned()!;
        ulong checksum = registry.RunningChecksum;
        registry.Reset();

        registry.Restore(snapshot, checksum);
        Assert.That(registry.RestoredSnapshot, Is.SameAs(snapshot));
        Assert.That(registry.LearnedCount, Is.EqualTo(2));
        Assert.That(registry.TryGetHandle(typeof(T2), out int t2), Is.True);
        Assert.That(registry[t2], Is.EqualTo(typeof(T2)));

        registry.Add(typeof(T3), 33);
        Assert.That(registry.RestoredSnapshot, Is.Null, "the first add copies the snapshot");
        Assert.That(snapshot, Has.Length.EqualTo(2));
        Assert.That(registry.LearnedCount, Is.EqualTo(3));
        Assert.That(registry.TryGetHandle(typeof(T1), out _) && registry.TryGetHandle(typeof(T3), out _), Is.True);

        registry.Restore(snapshot, checksum);
        registry.Truncate(registry.Count - 1);
        Assert.That(snapshot[1].Type, Is.EqualTo(typeof(T2)), "a truncate does not write the snapshot");
        Assert.That(registry.LearnedCount, Is.EqualTo(1));
        Assert.That(registry.TryGetHandle(typeof(T2), out _), Is.False);

        registry.Restore(snapshot, checksum);
        registry.Reset();
        Assert.That(registry.LearnedCount, Is.Zero);
        Assert.That(registry.RestoredSnapshot, Is.Null);
        Assert.That(registry.RunningChecksum, Is.EqualTo(registry.TemplateChecksum));
        Assert.That(registry.TryGetHandle(typeof(T1), out _), Is.False);
    }

    [Test]
    public void Replay_RestoresOnlyFromTheLearnedTypesItWasRecordedAfter()
    {
        // A memo of T3's entry recorded after T1: replayed after T1 it restores [T1, T3]; after T2 (same count, and the
        // same checksum forced by giving T2 T1's hash) the restore would put T1 back in T2's place, so it must add instead.
        var registry = new TypeRegistry(new TypeRegistryTemplate([]));
        registry.Add(typeof(T1), 11);
        int countBefore = registry.Count;
        ulong checksumBefore = registry.RunningChecksum;
        registry.Add(typeof(T3), 33);
        EntryMemo memo = EntryMemo.Capture(registry, countBefore, checksumBefore, [1, 2, 3]);

        registry.Reset();
        registry.Add(typeof(T1), 11);
        Assert.That(memo.Replay(registry, typeof(T3)), Is.EqualTo(countBefore));
        Assert.That(registry.RestoredSnapshot, Is.Not.Null, "restored");
        Assert.That(registry[countBefore - 1], Is.EqualTo(typeof(T1)));
        Assert.That(registry[countBefore], Is.EqualTo(typeof(T3)));

        registry.Reset();
        registry.Add(typeof(T2), 11);
        Assert.That(registry.RunningChecksum, Is.EqualTo(checksumBefore));
        Assert.That(memo.Replay(registry, typeof(T3)), Is.EqualTo(countBefore));
        Assert.That(registry.RestoredSnapshot, Is.Null, "added, not restored");
        Assert.That(registry[countBefore - 1], Is.EqualTo(typeof(T2)));
        Assert.That(registry[countBefore], Is.EqualTo(typeof(T3)));
        Assert.That(registry.LearnedCount, Is.EqualTo(2));
    }

    [Test]
    public void Replay_AfterAReplayThatRestored_RestoresAgainAndKeepsBothSnapshots()
    {
        var registry = new TypeRegistry(new TypeRegistryTemplate([]));
        int start = registry.Count;
        registry.Add(typeof(T1), 11);
        EntryMemo first = EntryMemo.Capture(registry, start, registry.TemplateChecksum, [1]);
        ulong afterFirst = registry.RunningChecksum;
        registry.Add(typeof(T2), 22);
        EntryMemo second = EntryMemo.Capture(registry, start + 1, afterFirst, [2]);
        ulong afterSecond = registry.RunningChecksum;

        for (int i = 0; i < 3; i++)
        {
            registry.Reset();
            Assert.That(first.Replay(registry, typeof(T1)), Is.EqualTo(start));
            TypeRegistry.LearnedType[]? one = registry.RestoredSnapshot;
            Assert.That(second.Replay(registry, typeof(T2)), Is.EqualTo(start + 1));
            Assert.That(registry.RestoredSnapshot, Is.Not.Null.And.Not.SameAs(one));
            Assert.That(one, Has.Length.EqualTo(1), "the first snapshot is not written by the second replay");
            Assert.That(registry.RunningChecksum, Is.EqualTo(afterSecond));
            Assert.That(registry[start], Is.EqualTo(typeof(T1)));
            Assert.That(registry[start + 1], Is.EqualTo(typeof(T2)));
        }
    }
}
