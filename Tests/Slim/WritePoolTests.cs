using System.Runtime.CompilerServices;
using NFX.Slim.Session;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// The writer's pool keyed by raw addresses during an unchecked message (<see cref="WritePool"/>): keys found with their
/// indexes, forgotten by the next message's stamp (and by a cleared table when the stamp comes round), a collection seen
/// at the end and every 16,384 keys, and program code due in the middle ending the run with object keys for a while.
/// </summary>
public sealed class WritePoolTests
{
    [Test]
    public void ARawRun_FindsEveryKeyWithItsIndex_AndTheNextMessagesFindNone()
    {
        var pool = new WritePool();
        // 3,000 keys grow the table from 16 slots through every size to 8K; the same keys in every message, so each
        // message's entries lie where the last one's did (the stamp alone tells them apart).
        object[] keys = IdentityKeys.Spread(3_000);
        Assert.That(GC.TryStartNoGCRegion(16 << 20), Is.True);
        int wrong = 0;
        try
        {
            for (int message = 0; message < 5; message++)
            {
                pool.BeginUnchecked();
                wrong += pool.IsRaw ? 0 : 1000;
                // Half of the keys, then all: the first half is found, the second half is new.
                for (int i = 0; i < keys.Length / 2; i++)
                {
                    wrong += pool.IndexOfOrAdd(keys[i]) == -1 && pool.Count == i + 1 ? 0 : 1;
                }
                for (int i = 0; i < keys.Length; i++)
                {
                    int index = pool.IndexOfOrAdd(keys[i]);
                    wrong += i < keys.Length / 2 ? (index == i ? 0 : 1) : (index == -1 ? 0 : 1);
                }
                for (int i = 0; i < keys.Length; i++)
                {
                    wrong += pool.IndexOfOrAdd(keys[i]) == i ? 0 : 1;
                }
                wrong += pool.Count == keys.Length ? 0 : 1;
                pool.Confirm();
                pool.Clear();
                wrong += pool.Count == 0 && !pool.IsRaw ? 0 : 1;
            }
        }
        finally
        {
            GC.EndNoGCRegion();
        }
        Assert.That(wrong, Is.Zero, "keys missed, found with another key's index, or found in a message after their own");
    }

    [Test]
    public void ABigRawTable_PlacesKeysInBlocksByPage_AndFindsEachWithItsIndex()
    {
        // 200,000 keys of mixed sizes grow the table past 64K slots, where keys are placed in blocks by their page.
        var pool = new WritePool();
        object[] keys = IdentityKeys.Mixed(200_000);
        Assert.That(GC.TryStartNoGCRegion(64 << 20), Is.True);
        int wrong = 0;
        try
        {
            for (int message = 0; message < 2; message++)
            {
                pool.BeginUnchecked();
                for (int i = 0; i < keys.Length; i++)
                {
                    wrong += pool.IndexOfOrAdd(keys[i]) == -1 ? 0 : 1;
                }
                for (int i = 0; i < keys.Length; i++)
                {
                    wrong += pool.IndexOfOrAdd(keys[i]) == i ? 0 : 1;
                }
                pool.Confirm();
                pool.Clear();
            }
        }
        finally
        {
            GC.EndNoGCRegion();
        }
        Assert.That(wrong, Is.Zero);
    }

    [Test]
    public void TheLeafProbe_AgreesWithTheFullOne_AndDoesNothingWhenItDoesNotProbe()
    {
        // IndexOfOrAddInRoom (generated bodies' strings) and IndexOfOrAdd take turns on one message's keys across the
        // table's growth: each finds what the other added, with its index, and NotProbed (no room: the table is due to
        // grow) changes nothing.
        var pool = new WritePool();
        object[] keys = IdentityKeys.Spread(3_000);
        Assert.That(GC.TryStartNoGCRegion(16 << 20), Is.True);
        int wrong = 0, notProbed = 0;
        try
        {
            for (int message = 0; message < 3; message++)
            {
                int parity = message % 2;
                var probes = AddThenLookUp(pool, keys, addByLeaf: i => i % 2 == parity, lookUpByLeaf: i => i % 2 != parity);
                wrong += probes.Wrong;
                notProbed += probes.NotProbedWhileAdding;
            }
        }
        finally
        {
            GC.EndNoGCRegion();
        }
        Assert.That(wrong, Is.Zero, "a key missed, found with another's index, or counted when not probed");
        Assert.That(notProbed, Is.GreaterThan(0), "the table's growth went through the full probe");
    }

    [Test]
    public void TheLeafProbe_OutsideARawRun_DoesNotProbe()
    {
        var pool = new WritePool();
        Assert.That(pool.IndexOfOrAddInRoom(new object()), Is.EqualTo(WritePool.NotProbed), "no run begun");
        Assert.That(pool.Count, Is.Zero);
    }

    [Test]
    public void TheLeafProbe_PastTheBlockedSize_AgreesWithTheFullOne()
    {
        // 40,000 keys of mixed sizes: a table past 64K slots, keys placed in blocks by their page (the leaf's inlined copy
        // of BlockedSlotOf must give the same slot, or a key would be missed and added twice).
        var pool = new WritePool();
        object[] keys = IdentityKeys.Mixed(40_000);
        Assert.That(GC.TryStartNoGCRegion(32 << 20), Is.True);
        (int Wrong, int NotProbedWhileAdding, int LeafAnswersWhileLookingUp) probes;
        try
        {
            probes = AddThenLookUp(pool, keys, addByLeaf: i => i % 2 == 1, lookUpByLeaf: _ => true);
        }
        finally
        {
            GC.EndNoGCRegion();
        }
        Assert.That(probes.Wrong, Is.Zero, "a key missed, found with another's index, or added twice");
        Assert.That(probes.LeafAnswersWhileLookingUp, Is.EqualTo(keys.Length), "the blocked table's lookups all took the leaf probe");
    }

    [Test]
    public void TheStampComingRound_ClearsTheTable()
    {
        var pool = new WritePool();
        object[] keys = IdentityKeys.Spread(100);
        pool.SetStampForTest(1);
        pool.BeginUnchecked();
        AddAll(pool, keys); // entries of stamp 1
        pool.Confirm();
        pool.Clear();

        // The last stamp: its message's Clear comes round to stamp 1 again, whose entries above must not count.
        pool.SetStampForTest(uint.MaxValue);
        pool.BeginUnchecked();
        pool.IndexOfOrAdd(new object());
        pool.Confirm();
        pool.Clear();

        pool.BeginUnchecked();
        Assert.That(keys.Count(key => pool.IndexOfOrAdd(key) != -1), Is.Zero, "every key is new in the message after the wrap");
        pool.Confirm();
        pool.Clear();
    }

    [Test]
    public void ACollectionDuringARawRun_IsSeenAtTheEnd_WhatEverItsLookupsFound()
    {
        var pool = new WritePool();
        object[] keys = IdentityKeys.Spread(300);
        pool.BeginUnchecked();
        AddAll(pool, keys);
        nint[] before = keys.Select(Address).ToArray();
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        Assert.That(keys.Where((key, i) => Address(key) != before[i]).Count(), Is.GreaterThan(0), "the collection moved keys");
        // A moved key is missed, and an object now at a key's old address is taken for it: the run must not be believed.
        Assert.That(keys.Count(key => pool.IndexOfOrAdd(key) == -1), Is.GreaterThan(0), "a key looked up by its new address is missed");
        Assert.That(pool.UncheckedRunInDoubt, Is.True);
        Assert.Throws<CollectionDuringMessageException>(pool.Confirm);
        pool.Clear();

        // The next message starts afresh: no collection during it, every key found.
        Assert.That(GC.TryStartNoGCRegion(1 << 20), Is.True);
        try
        {
            pool.BeginUnchecked();
            AddAll(pool, keys);
            Assert.That(keys.Select(pool.IndexOfOrAdd).SequenceEqual(Enumerable.Range(0, keys.Length)), Is.True);
            Assert.That(pool.UncheckedRunInDoubt, Is.False);
            pool.Confirm();
        }
        finally
        {
            GC.EndNoGCRegion();
        }
        pool.Clear();
    }

    [Test]
    public void ARawRunPastTheCheckedLimit_LooksForCollectionsEvery16384Keys()
    {
        const int Limit = IdentityMap<int>.MaxKeysByAddress;
        var pool = new WritePool();
        object[] many = IdentityKeys.Spread(3 * Limit);
        pool.BeginUnchecked();
        AddAll(pool, many.AsSpan(0, 100));
        GC.Collect(0, GCCollectionMode.Forced, blocking: true);
        int added = 100;
        Assert.Throws<CollectionDuringMessageException>(() =>
        {
            for (; added < many.Length; added++)
            {
                pool.IndexOfOrAdd(many[added]);
            }
        });
        Assert.That(added, Is.EqualTo(Limit), "given up at the first look after the collection");
        pool.Clear();
    }

    [Test]
    public void ProgramCodeDueInARawRun_EndsIt_AndTheSessionsNextMessagesUseObjectKeys()
    {
        var pool = new WritePool();
        object[] keys = IdentityKeys.Spread(10);
        pool.BeginUnchecked();
        AddAll(pool, keys);
        Assert.Throws<ObjectKeysNeededException>(pool.ConfirmBeforeProgramCode);
        pool.Clear();
        Assert.That(pool.ObjectKeyMessages, Is.EqualTo(64));

        // 64 messages with object keys (the one written again among them), in which program code is no reason to stop.
        for (int message = 0; message < 64; message++)
        {
            pool.BeginUnchecked();
            Assert.That(pool.IsRaw, Is.False, $"message {message}");
            AddAll(pool, keys);
            pool.ConfirmBeforeProgramCode();
            Assert.That(keys.Select(pool.IndexOfOrAdd).SequenceEqual(Enumerable.Range(0, keys.Length)), Is.True, "found after the confirm");
            pool.Confirm();
            pool.Clear();
        }

        // Then raw addresses again; program code due again keeps to object keys twice as long.
        pool.BeginUnchecked();
        Assert.That(pool.IsRaw, Is.True);
        AddAll(pool, keys);
        Assert.Throws<ObjectKeysNeededException>(pool.ConfirmBeforeProgramCode);
        pool.Clear();
        Assert.That(pool.ObjectKeyMessages, Is.EqualTo(128));
    }

    // One message through the pool: every key added (each a new index in turn), then every key looked up (its index);
    // each step by the leaf probe where the predicate says, else by the full one. A leaf's NotProbed must have done
    // nothing; the full probe then does the step. Counts the mistakes, the leaf's NotProbed while adding and its answers
    // while looking up.
    private static (int Wrong, int NotProbedWhileAdding, int LeafAnswersWhileLookingUp) AddThenLookUp(
        WritePool pool, object[] keys, Func<int, bool> addByLeaf, Func<int, bool> lookUpByLeaf)
    {
        int wrong = 0, notProbed = 0, leafAnswers = 0;
        pool.BeginUnchecked();
        for (int i = 0; i < keys.Length; i++)
        {
            int index = Probe(pool, keys[i], addByLeaf(i), ref wrong, out bool leafAnswered);
            notProbed += addByLeaf(i) && !leafAnswered ? 1 : 0;
            wrong += index == -1 && pool.Count == i + 1 ? 0 : 1;
        }
        for (int i = 0; i < keys.Length; i++)
        {
            int index = Probe(pool, keys[i], lookUpByLeaf(i), ref wrong, out bool leafAnswered);
            leafAnswers += leafAnswered ? 1 : 0;
            wrong += index == i ? 0 : 1;
        }
        wrong += pool.Count == keys.Length ? 0 : 1;
        pool.Confirm();
        pool.Clear();
        return (wrong, notProbed, leafAnswers);
    }

    private static int Probe(WritePool pool, object key, bool byLeaf, ref int wrong, out bool leafAnswered)
    {
        leafAnswered = false;
        if (!byLeaf)
        {
            return pool.IndexOfOrAdd(key);
        }
        int countBefore = pool.Count;
        int index = pool.IndexOfOrAddInRoom(key);
        if (index != WritePool.NotProbed)
        {
            leafAnswered = true;
            return index;
        }
        wrong += pool.Count == countBefore ? 0 : 1;
        return pool.IndexOfOrAdd(key);
    }

    private static void AddAll(WritePool pool, ReadOnlySpan<object> keys)
    {
        // Counted, then asserted once: an assertion per key would allocate past a no-GC region's budget.
        int wrong = 0;
        foreach (object key in keys)
        {
            int count = pool.Count;
            wrong += pool.IndexOfOrAdd(key) == -1 && pool.Count == count + 1 && pool.IndexOfOrAdd(key) == count ? 0 : 1;
        }
        Assert.That(wrong, Is.Zero, "every key is new, added with its index");
    }

    private static nint Address(object value) => Unsafe.As<object, nint>(ref value);
}
