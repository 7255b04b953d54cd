using System.Buffers;
using System.Numerics;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// Keeps hashed collections rebuilt from untrusted input out of quadratic time (hash flooding, docs/SECURITY.md).
/// Before the keys go in, their hash codes are counted per bucket; the longest bucket chain is what every insert and
/// lookup walks, so it must stay under <see cref="SlimLimits.MaxHashCollisions"/>.
/// <list type="bullet">
/// <item>Dictionary and HashSet: the count is taken against the table the collection really uses (a prime the
/// reader picks with random padding, so the sender cannot aim at it). If the keys pile up anyway, up to two other
/// sizes are tried; keys that still collide share whole hash codes (e.g. longs <c>k &lt;&lt; 32 | k</c>, which all
/// hash to 0), which no table size can spread, and the input is refused.</item>
/// <item>Immutable hashed collections and ConcurrentDictionary (no size to choose): whole hash codes are counted,
/// spread by a random multiplier, so only keys that share a hash code can form a chain.</item>
/// </list>
/// Collections with at most <c>MaxHashCollisions</c> keys cannot exceed it and are not checked (no cost for small
/// collections). String keys under the default, Ordinal and OrdinalIgnoreCase comparers are skipped: the runtime
/// itself switches those to randomized hashing when it sees collisions.
/// </summary>
internal static class HashFloodGuard
{
    /// <summary>Sizes a Dictionary for <paramref name="keys"/> and checks its chains.</summary>
    public static void Prepare<TKey, TValue>(Dictionary<TKey, TValue> dictionary, TKey[] keys, int maxChain, long offset)
        where TKey : notnull
    {
        if (keys.Length <= 16)
        {
            return;
        }
        int size = dictionary.EnsureCapacity(PaddedCapacity(keys.Length));
        if (keys.Length <= maxChain || IsRuntimeProtected(dictionary.Comparer))
        {
            return;
        }
        for (int attempt = 0; ; attempt++)
        {
            int chain = LongestChain(keys, dictionary.Comparer, size, maxChain);
            if (chain <= maxChain)
            {
                return;
            }
            if (attempt == 2)
            {
                Refuse(typeof(Dictionary<TKey, TValue>), chain, maxChain, offset);
            }
            size = dictionary.EnsureCapacity(PaddedCapacity(size + 1));
        }
    }

    /// <summary>Sizes a HashSet for <paramref name="items"/> and checks its chains.</summary>
    public static void Prepare<T>(HashSet<T> set, T[] items, int maxChain, long offset)
    {
        if (items.Length <= 16)
        {
            return;
        }
        int size = set.EnsureCapacity(PaddedCapacity(items.Length));
        if (items.Length <= maxChain || IsRuntimeProtected(set.Comparer))
        {
            return;
        }
        for (int attempt = 0; ; attempt++)
        {
            int chain = LongestChain(items, set.Comparer, size, maxChain);
            if (chain <= maxChain)
            {
                return;
            }
            if (attempt == 2)
            {
                Refuse(typeof(HashSet<T>), chain, maxChain, offset);
            }
            size = set.EnsureCapacity(PaddedCapacity(size + 1));
        }
    }

    /// <summary>
    /// Sizes <paramref name="copy"/> for the entries of <paramref name="source"/> with the source's own table size: every
    /// key then lands in the chain it has in the source, so the copy costs what the source's inserts did. A size from the
    /// count alone is a prime the sender knows (keys whose hash codes are its multiples made copies quadratic). A source
    /// left sparse by removals gets a padded random size instead, as a read does.
    /// </summary>
    public static void SizeCopy<TKey, TValue>(Dictionary<TKey, TValue> copy, Dictionary<TKey, TValue> source) where TKey : notnull
    {
        int size = source.EnsureCapacity(0); // the current size; never resizes
        copy.EnsureCapacity(size <= 3L * source.Count + 16 ? size : PaddedCapacity(source.Count));
    }

    /// <summary>Refuses <paramref name="items"/> when more than <paramref name="maxChain"/> of them share a hash code.</summary>
    public static void CheckSharedHashCodes<T>(Type collection, ReadOnlySpan<T> items, IEqualityComparer<T> comparer, int maxChain, long offset)
    {
        if (items.Length <= maxChain || IsRuntimeProtected(comparer))
        {
            return;
        }
        int bits = Math.Min(30, BitOperations.Log2((uint)items.Length) + 2);
        uint multiplier = (uint)Random.Shared.Next() | 1u;
        int[] counts = ArrayPool<int>.Shared.Rent(1 << bits);
        try
        {
            Array.Clear(counts, 0, 1 << bits);
            int longest = 0;
            foreach (T item in items)
            {
                if (item is null)
                {
                    continue;
                }
                uint bucket = ((uint)comparer.GetHashCode(item) * multiplier) >> (32 - bits);
                longest = Math.Max(longest, ++counts[bucket]);
            }
            if (longest > maxChain)
            {
                Refuse(collection, longest, maxChain, offset);
            }
        }
        finally
        {
            ArrayPool<int>.Shared.Return(counts);
        }
    }

    /// <summary>The capacity to ask for: the count plus up to half again, at random, so the table size is not the sender's choice.</summary>
    private static int PaddedCapacity(int count) => (int)Math.Min(Array.MaxLength, count + (long)Random.Shared.Next(count / 2 + 1));

    /// <summary>
    /// The longest chain the keys form in a table of <paramref name="buckets"/> buckets (bucket = hash mod size, as
    /// Dictionary and HashSet do), or a value over <paramref name="maxChain"/> as soon as one chain passes it.
    /// Kept cheap because it runs for every large collection: byte counters (a chain is only followed up to the limit),
    /// a multiply-shift modulo, and a direct, devirtualized hash call for the default comparer of a value type.
    /// </summary>
    private static int LongestChain<T>(T[] keys, IEqualityComparer<T> comparer, int buckets, int maxChain)
    {
        if (maxChain >= byte.MaxValue)
        {
            return LongestChainWide(keys, comparer, buckets);
        }
        byte[] counts = ArrayPool<byte>.Shared.Rent(buckets);
        try
        {
            Array.Clear(counts, 0, buckets);
            ulong multiplier = ulong.MaxValue / (uint)buckets + 1;
            bool byDefault = typeof(T).IsValueType && ReferenceEquals(comparer, EqualityComparer<T>.Default);
            foreach (T key in keys)
            {
                if (key is null)
                {
                    continue; // refused later, with its own message
                }
                uint hash = (uint)(byDefault ? EqualityComparer<T>.Default.GetHashCode(key) : comparer.GetHashCode(key));
                uint bucket = (uint)((((multiplier * hash) >> 32) + 1) * (uint)buckets >> 32); // hash % buckets
                if (++counts[bucket] > maxChain)
                {
                    return maxChain + 1;
                }
            }
            return maxChain;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(counts);
        }
    }

    private static int LongestChainWide<T>(T[] keys, IEqualityComparer<T> comparer, int buckets)
    {
        int[] counts = ArrayPool<int>.Shared.Rent(buckets);
        try
        {
            Array.Clear(counts, 0, buckets);
            int longest = 0;
            foreach (T key in keys)
            {
                if (key is not null)
                {
                    longest = Math.Max(longest, ++counts[(uint)comparer.GetHashCode(key) % (uint)buckets]);
                }
            }
            return longest;
        }
        finally
        {
            ArrayPool<int>.Shared.Return(counts);
        }
    }

    private static bool IsRuntimeProtected<T>(IEqualityComparer<T> comparer) =>
        typeof(T) == typeof(string) &&
        (ReferenceEquals(comparer, EqualityComparer<string>.Default) || ReferenceEquals(comparer, StringComparer.Ordinal) ||
         ReferenceEquals(comparer, StringComparer.OrdinalIgnoreCase));

    private static void Refuse(Type collection, int chain, int maxChain, long offset) =>
        throw new SlimLimitExceededException(
            $"{nameof(SlimLimits.MaxHashCollisions)} ({TypeNames.Describe(collection)}: keys that collide in one hash bucket, " +
            "crafted input (hash flooding) or a key type with a degenerate GetHashCode)", chain, maxChain, offset);
}
