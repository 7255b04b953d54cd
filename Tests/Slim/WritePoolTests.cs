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
                pool.BeginUnchecked();
                for (int i = 0; i < keys.Length; i++)
                {
                    int index = i % 2 == message % 2 ? pool.IndexOfOrAddInRoom(keys[i]) : pool.IndexOfOrAdd(keys[i]);
                    if (index == WritePool.NotProbed)
                    {
                        notProbed++;
                        wrong += pool.Count == i ? 0 : 1;
                        index = pool.IndexOfOrAdd(keys[i]);
                    }
                    wrong += index == -1 && pool.Count == i + 1 ? 0 : 1;
                }
                for (int i = 0; i < keys.Length; i++)
                {
                    int index = i % 2 == message % 2 ? pool.IndexOfOrAdd(keys[i]) : pool.IndexOfOrAddInRoom(keys[i]);
                    wrong += index == i || (index == WritePool.NotProbed && pool.IndexOfOrAdd(keys[i]) == i) ? 0 : 1;
                }
                wrong += pool.Count == keys.Length ? 0 : 1;
                pool.Confirm();
                pool.Clear();
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
        int wrong = 0, leafProbes = 0;
        try
        {
            pool.BeginUnchecked();
            for (int i = 0; i < keys.Length; i++)
            {
                int index = i % 2 == 0 ? pool.IndexOfOrAdd(keys[i]) : pool.IndexOfOrAddInRoom(keys[i]);
                if (index == WritePool.NotProbed)
                {
                    index = pool.IndexOfOrAdd(keys[i]);
                }
                wrong += index == -1 && pool.Count == i + 1 ? 0 : 1;
            }
            for (int i = 0; i < keys.Length; i++)
            {
                int index = pool.IndexOfOrAddInRoom(keys[i]);
                leafProbes += index == WritePool.NotProbed ? 0 : 1;
                wrong += index == i || (index == WritePool.NotProbed && pool.IndexOfOrAdd(keys[i]) == i) ? 0 : 1;
            }
            wrong += pool.Count == keys.Length ? 0 : 1;
            pool.Confirm();
            pool.Clear();
        }
        finally
        {
            GC.EndNoGCRegion();
        }
        Assert.That(wrong, Is.Zero, "a key missed, found with another's index, or added twice");
        Assert.That(leafProbes, Is.EqualTo(keys.Length), "the blocked table's lookups all took the leaf probe");
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
