using System.Diagnostics;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Orleans.Support;
using Orleans.Serialization;

namespace NFX.Tests.Orleans;

/// <summary>
/// Values read from another node and then copied by Orleans' copier (a call that stays inside a silo): the copy of a
/// hashed collection costs what its read did, whatever table size the sender aimed its keys at.
/// </summary>
public sealed class CopyInputTests
{
    [Test]
    public void Copy_DictionaryOfKeysAimedAtThePrimeOfItsCount_IsLinearAndKeepsTheChains()
    {
        const int N = 300_000;
        int prime = new Dictionary<long, int>().EnsureCapacity(N);
        // 300,000 distinct long keys whose hash codes (low ^ high) are multiples of that prime, at most 21 per hash
        // code: the reader's flood check admits them (its table size is its own), a copy sized by the count would
        // chain them all in one bucket.
        // Built presized to twice the count: grown one insert at a time, its own table would pass through that very prime.
        var table = new Table { Rows = new Dictionary<long, int>(2 * N) };
        for (long m = 0, j = 0; table.Rows.Count < N; j = (j + 1) % 21, m += j == 0 ? 1 : 0)
        {
            uint hash = (uint)(m * prime);
            table.Rows.Add((j << 32) | (hash ^ (uint)j), table.Rows.Count);
        }
        using ServiceProvider services = new ServiceCollection()
            .AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure))
            .BuildServiceProvider();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        DeepCopier<object> copier = services.GetRequiredService<DeepCopier<object>>();
        var read = (Table)serializer.Deserialize(serializer.SerializeToArray(table))!;
        Assert.That(read.Rows, Has.Count.EqualTo(N), "test set-up: the reader admits the keys");

        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        long start = Stopwatch.GetTimestamp();
        var copy = (Table)copier.Copy(read);
        TimeSpan elapsed = Stopwatch.GetElapsedTime(start);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;

        Assert.That(copy, Is.Not.SameAs(read));
        Assert.That(copy.Rows, Has.Count.EqualTo(N));
        int size = copy.Rows.EnsureCapacity(0);
        Assert.That(size, Is.Not.EqualTo(prime), "the copy's table is not the size the keys were aimed at");
        int longest = copy.Rows.Keys.GroupBy(k => (uint)k.GetHashCode() % (uint)size).Max(g => g.Count());
        Assert.That(longest, Is.LessThanOrEqualTo(SlimLimits.Default.MaxHashCollisions), $"longest chain of the copy's table of {size}");
        Assert.That(allocated, Is.LessThan(64L << 20), $"{allocated:N0} bytes allocated for the copy");
        Assert.That(elapsed, Is.LessThan(TimeSpan.FromSeconds(5)), "a quadratic copy of these keys takes minutes");
    }
}
