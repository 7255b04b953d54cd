using System.Diagnostics;
using System.Numerics;
using System.Reflection;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Security.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security;

/// <summary>
/// REFERENCE.md section 3, item 10: hashed collections rebuilt from attacker-chosen keys stay out of quadratic time.
/// The real checks are structural (the bucket chains of the rebuilt collection are short, or the input is refused with
/// MaxHashCollisions); the time bound is deliberately generous (a quadratic rebuild of these inputs takes far longer).
/// </summary>
[NonParallelizable]
public sealed class HashFloodingTests
{
    private const uint Next = BuiltInCount;
    private const uint TImmutableDictionary = 51, TImmutableHashSet = 52, TSortedList = 44, TConcurrentDictionary = 46;
    private static readonly TimeSpan s_generous = TimeSpan.FromSeconds(10);

    /// <summary>The table sizes a Dictionary presized for n to n * 1.5 entries can have: the primes an attacker would aim at.</summary>
    private static int[] CandidatePrimes(int n)
    {
        var primes = new SortedSet<int>();
        for (int capacity = n; capacity <= n + n / 2; capacity += Math.Max(1, n / 64))
        {
            primes.Add(new Dictionary<int, int>().EnsureCapacity(capacity));
        }
        return [.. primes];
    }

    [Test]
    public void Dictionary_IntKeysCollidingModuloEachCandidatePrime_RebuildsWithShortChains()
    {
        const int N = 30_000;
        SlimSerializer slim = new();
        var stopwatch = Stopwatch.StartNew();
        foreach (int prime in CandidatePrimes(N))
        {
            Assume.That((long)N * prime, Is.LessThan(int.MaxValue));
            // Every key is a multiple of the prime: in a table of that size they would all share bucket 0.
            byte[] bytes = Message(slim, w =>
            {
                w.WriteVarUInt32(NewWithType);
                GenericType(w, Next, TDictionary, TInt, TInt);
                w.WriteByte(0);
                w.WriteVarUInt32(N);
                for (int i = 0; i < N; i++)
                {
                    w.WriteInt32(i * prime);
                    w.WriteInt32(i);
                }
            });
            var dictionary = (Dictionary<int, int>)slim.Deserialize(bytes)!;
            Assert.That(dictionary, Has.Count.EqualTo(N));
            Assert.That(dictionary[(N - 1) * prime], Is.EqualTo(N - 1));
            int size = dictionary.EnsureCapacity(0);
            int longest = dictionary.Keys.GroupBy(k => (uint)k % (uint)size).Max(g => g.Count());
            Assert.That(longest, Is.LessThanOrEqualTo(SlimLimits.Default.MaxHashCollisions), $"keys aimed at {prime}, table of {size}");
        }
        Assert.That(stopwatch.Elapsed, Is.LessThan(s_generous));
    }

    [Test]
    public void DeepClone_DictionaryOfKeysAimedAtThePrimeOfItsCount_CopiesWithTheSourcesChains()
    {
        const int N = 50_000;
        // The table size a Dictionary presized for exactly N entries gets: what a copy sized by the count would use.
        int prime = new Dictionary<int, int>().EnsureCapacity(N);
        var keys = new Dictionary<int, int>(2 * N);
        for (int i = 0; i < N; i++)
        {
            keys.Add(unchecked((int)((uint)i * (uint)prime)), i); // hash codes: multiples of the prime, all distinct
        }
        SlimSerializer slim = new();
        var source = (Dictionary<int, int>)slim.Deserialize(slim.Serialize(keys))!; // the reader's own (padded) table
        Assert.That(LongestChain(source, source.EnsureCapacity(0)), Is.LessThanOrEqualTo(SlimLimits.Default.MaxHashCollisions), "test set-up");

        var stopwatch = Stopwatch.StartNew();
        Dictionary<int, int> copy = slim.DeepClone(source)!;

        Assert.That(copy, Has.Count.EqualTo(N));
        Assert.That(source.All(pair => copy[pair.Key] == pair.Value), "the copy holds the source's entries");
        int size = copy.EnsureCapacity(0);
        Assert.That(size, Is.EqualTo(source.EnsureCapacity(0)), "the copy's table is the source's size");
        Assert.That(LongestChain(copy, size), Is.EqualTo(LongestChain(source, size)), $"keys aimed at {prime}, copy's table of {size}");
        Assert.That(stopwatch.Elapsed, Is.LessThan(s_generous));
    }

    [Test]
    public void DeepClone_DictionaryLeftSparseByRemovals_CopiesIntoATableForItsCount()
    {
        var sparse = new Dictionary<int, int>(100_000);
        for (int i = 0; i < 100; i++)
        {
            sparse.Add(i, i);
        }
        Dictionary<int, int> copy = new SlimSerializer().DeepClone(sparse)!;

        Assert.That(copy, Is.EquivalentTo(sparse));
        Assert.That(copy.EnsureCapacity(0), Is.InRange(100, 200), "a copy of 100 entries is sized for them (padded at random), not for the source's 100,000");
    }

    private static int LongestChain(Dictionary<int, int> dictionary, int size) =>
        dictionary.Keys.GroupBy(k => (uint)k % (uint)size).Max(g => g.Count());

    [Test]
    public void HashSet_IntItemsCollidingModuloEachCandidatePrime_RebuildsWithShortChains()
    {
        const int N = 30_000;
        SlimSerializer slim = new();
        foreach (int prime in CandidatePrimes(N))
        {
            var set = (HashSet<int>)slim.Deserialize(Message(slim, w =>
            {
                w.WriteVarUInt32(NewWithType);
                GenericType(w, Next, THashSet, TInt);
                w.WriteByte(0);
                w.WriteVarUInt32(N);
                for (int i = 0; i < N; i++)
                {
                    w.WriteInt32(i * prime);
                }
            }))!;
            Assert.That(set, Has.Count.EqualTo(N));
            int size = set.EnsureCapacity(0);
            Assert.That(set.GroupBy(k => (uint)k % (uint)size).Max(g => g.Count()), Is.LessThanOrEqualTo(SlimLimits.Default.MaxHashCollisions));
        }
    }

    public static IEnumerable<TestCaseData> SharedHashCodeCollections()
    {
        // Longs (i << 32 | i) all hash to 0: no table size spreads them, so they are refused.
        yield return new TestCaseData((Action<SlimWriter>)(w => { GenericType(w, Next, TDictionary, TLong, TInt); w.WriteByte(0); Pairs(w); })).SetName("Dictionary<long,int>");
        yield return new TestCaseData((Action<SlimWriter>)(w => { GenericType(w, Next, THashSet, TLong); w.WriteByte(0); Items(w); })).SetName("HashSet<long>");
        yield return new TestCaseData((Action<SlimWriter>)(w => { GenericType(w, Next, TConcurrentDictionary, TLong, TInt); w.WriteByte(0); Pairs(w); })).SetName("ConcurrentDictionary<long,int>");
        yield return new TestCaseData((Action<SlimWriter>)(w => { GenericType(w, Next, TImmutableHashSet, TLong); w.WriteByte(0); Items(w); })).SetName("ImmutableHashSet<long>");
        yield return new TestCaseData((Action<SlimWriter>)(w => { GenericType(w, Next, TImmutableDictionary, TLong, TInt); w.WriteByte(0); w.WriteByte(0); Pairs(w); })).SetName("ImmutableDictionary<long,int>");
    }

    private const int Colliding = 200_000;

    private static long CollidingLong(int i) => ((long)i << 32) | (uint)i;

    private static void Pairs(SlimWriter w)
    {
        w.WriteVarUInt32(Colliding);
        for (int i = 0; i < Colliding; i++)
        {
            w.WriteInt64(CollidingLong(i));
            w.WriteInt32(i);
        }
    }

    private static void Items(SlimWriter w)
    {
        w.WriteVarUInt32(Colliding);
        for (int i = 0; i < Colliding; i++)
        {
            w.WriteInt64(CollidingLong(i));
        }
    }

    [TestCaseSource(nameof(SharedHashCodeCollections))]
    public void HashedCollection_KeysSharingOneHashCode_AreRefusedQuickly(Action<SlimWriter> collection)
    {
        Assert.That(CollidingLong(12345).GetHashCode(), Is.EqualTo(CollidingLong(678).GetHashCode()), "the keys really collide");
        SlimSerializer slim = new();
        byte[] bytes = Message(slim, w => { w.WriteVarUInt32(NewWithType); collection(w); });
        var stopwatch = Stopwatch.StartNew();
        var error = Assert.Throws<SlimLimitExceededException>(() => slim.Deserialize(bytes));
        Assert.That(stopwatch.Elapsed, Is.LessThan(s_generous), "200,000 keys in one chain would take minutes");
        Assert.That(error!.LimitName, Does.StartWith(nameof(SlimLimits.MaxHashCollisions)));
        Assert.That(error.Requested, Is.GreaterThan(SlimLimits.Default.MaxHashCollisions));
    }

    [Test]
    public void Dictionary_ManyOrdinaryLongKeys_IsAccepted()
    {
        var value = Enumerable.Range(0, 200_000).ToDictionary(i => (long)i * 1_000_003, i => i);
        SlimSerializer slim = new();
        var copy = (Dictionary<long, int>)slim.Deserialize(slim.Serialize(value))!;
        Assert.That(copy, Has.Count.EqualTo(value.Count));
        Assert.That(value.All(p => copy.TryGetValue(p.Key, out int v) && v == p.Value), Is.True);
    }

    [Test]
    public void MaxHashCollisions_Raised_AcceptsAModeratelyCollidingSet()
    {
        var value = Enumerable.Range(0, 150).Select(CollidingLong).ToHashSet();
        byte[] bytes = new SlimSerializer().Serialize(value);
        Assert.Throws<SlimLimitExceededException>(() => new SlimSerializer().Deserialize(bytes));
        var widened = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxHashCollisions = 1000 } });
        Assert.That((HashSet<long>)widened.Deserialize(bytes)!, Is.EquivalentTo(value));
    }

    /// <summary>
    /// Strings with one non-randomized hash code (the hash .NET starts string-keyed dictionaries with): four characters,
    /// the last two chosen freely, the first two solved for so that the hash comes out equal.
    /// </summary>
    private static List<string> CollidingStrings(int count)
    {
        const uint Seed = (5381 << 16) + 5381;
        uint g = BitOperations.RotateLeft(Seed, 5) + Seed;
        const uint Target = 0x5EED5EED;
        var strings = new List<string>(count);
        for (uint p1 = 0x00410041; strings.Count < count; p1++)
        {
            char c2 = (char)(p1 & 0xFFFF), c3 = (char)(p1 >> 16);
            if (char.IsSurrogate(c2) || char.IsSurrogate(c3))
            {
                continue;
            }
            uint hash2 = g ^ p1;
            uint p0 = (Target - hash2 * 1566083941u) ^ g;
            char c0 = (char)(p0 & 0xFFFF), c1 = (char)(p0 >> 16);
            if (!char.IsSurrogate(c0) && !char.IsSurrogate(c1))
            {
                strings.Add(new string([c0, c1, c2, c3]));
            }
        }
        return strings;
    }

    [Test]
    public void Dictionary_StringKeysWithOneNonRandomizedHash_FinishesQuickly()
    {
        List<string> keys = CollidingStrings(100_000);
        MethodInfo? nonRandomized = typeof(string).GetMethod("GetNonRandomizedHashCode", BindingFlags.Instance | BindingFlags.NonPublic, Type.EmptyTypes);
        Assume.That(nonRandomized, Is.Not.Null, "this runtime has no non-randomized string hash to attack");
        Assert.That(keys.Take(1000).Select(k => (int)nonRandomized!.Invoke(k, null)!).Distinct().Count(), Is.EqualTo(1), "the keys really collide");
        Assert.That(keys.Distinct().Count(), Is.EqualTo(keys.Count));

        var value = keys.Select((k, i) => (k, i)).ToDictionary(p => p.k, p => p.i);
        var set = keys.ToHashSet();
        SlimSerializer slim = new();
        byte[] dictionaryBytes = slim.Serialize(value), setBytes = slim.Serialize(set);
        var stopwatch = Stopwatch.StartNew();
        var copy = (Dictionary<string, int>)slim.Deserialize(dictionaryBytes)!;
        var setCopy = (HashSet<string>)slim.Deserialize(setBytes)!;
        Assert.That(stopwatch.Elapsed, Is.LessThan(s_generous), "100,000 keys in one chain would take minutes");
        Assert.That(copy, Has.Count.EqualTo(keys.Count));
        Assert.That(copy[keys[^1]], Is.EqualTo(keys.Count - 1));
        Assert.That(setCopy.SetEquals(keys), Is.True);
    }

    [Test]
    public void SortedList_KeysInDescendingOrder_RebuildsInNLogN()
    {
        // SortedList.Add shifts its arrays: 200,000 keys arriving in descending order would move 2 * 10^10 elements.
        const int N = 200_000;
        SlimSerializer slim = new();
        byte[] bytes = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TSortedList, TInt, TInt);
            w.WriteByte(0);
            w.WriteVarUInt32(N);
            for (int i = N - 1; i >= 0; i--)
            {
                w.WriteInt32(i);
                w.WriteInt32(-i);
            }
        });
        var stopwatch = Stopwatch.StartNew();
        var list = (SortedList<int, int>)slim.Deserialize(bytes)!;
        Assert.That(stopwatch.Elapsed, Is.LessThan(s_generous));
        Assert.That(list, Has.Count.EqualTo(N));
        Assert.That((list.Keys[0], list.Keys[N - 1], list[N - 1]), Is.EqualTo((0, N - 1, -(N - 1))));
    }

    [Test]
    public void ExceptionData_MoreEntriesThanMaxHashCollisions_IsRefused()
    {
        // Exception.Data is a linked list that every insert scans: all its keys are one chain.
        var exception = new InvalidOperationException("x");
        for (int i = 0; i <= SlimLimits.Default.MaxHashCollisions; i++)
        {
            exception.Data["k" + i] = i;
        }
        SlimSerializer slim = new();
        byte[] bytes = slim.Serialize(exception);
        var error = Assert.Throws<SlimLimitExceededException>(() => slim.Deserialize(bytes));
        Assert.That(error!.LimitName, Does.StartWith(nameof(SlimLimits.MaxHashCollisions)));

        exception.Data.Remove("k0");
        var copy = (Exception)slim.Deserialize(slim.Serialize(exception))!;
        Assert.That(copy.Data.Count, Is.EqualTo(SlimLimits.Default.MaxHashCollisions));
    }
}
