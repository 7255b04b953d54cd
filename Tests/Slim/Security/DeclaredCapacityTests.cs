using System.Collections;
using System.Diagnostics;
using System.Reflection;
using System.Text;
using NFX.Slim;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Security;

/// <summary>
/// Stored capacities: ISerializable members from which a BCL type's constructor allocates before any element exists.
/// What they declare is debited from the message's budget (SlimLimits.MaxDeclaredCapacityBytes plus 32 bytes per
/// message byte) before any constructor runs.
/// </summary>
public sealed class DeclaredCapacityTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(5);
    private const long AllocationBound = 4 * 1024 * 1024;

    private static byte[] StringBuilderPayload(SlimSerializer slim, int capacity) =>
        HostilePayloads.DeclaredCapacity(slim, new TextHolder { Text = new StringBuilder("abc", 1000) }, "Capacity", 1000, capacity);

    private static SlimLimitExceededException Refused<T>(SlimSerializer slim, byte[] bytes)
    {
        var watch = Stopwatch.StartNew();
        long before = GC.GetAllocatedBytesForCurrentThread();
        SlimLimitExceededException? error = Assert.Throws<SlimLimitExceededException>(() => slim.Deserialize<T>(bytes));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.That(watch.Elapsed, Is.LessThan(s_bound));
        Assert.That(allocated, Is.LessThan(AllocationBound), $"{bytes.Length} bytes of input");
        Assert.That(error!.LimitName, Does.StartWith(nameof(SlimLimits.MaxDeclaredCapacityBytes)));
        return error;
    }

    [TestCase(1 << 26)]
    [TestCase(1 << 29)]
    [TestCase(int.MaxValue)]
    public void StringBuilderField_HugeStoredCapacity_RefusedBeforeTheConstructorAllocates(int capacity)
    {
        var slim = new SlimSerializer();
        slim.Deserialize<TextHolder>(StringBuilderPayload(slim, 1000)); // warm up the codecs
        byte[] bytes = StringBuilderPayload(slim, capacity);

        SlimLimitExceededException error = Refused<TextHolder>(slim, bytes);

        Assert.That(error.Message, Does.Contain($"StringBuilder.Capacity = {capacity}").And.Contain("SlimOptions.Limits.MaxDeclaredCapacityBytes"));
        Assert.That(error.Requested, Is.EqualTo(2L * capacity));
    }

    [Test]
    public void StringBuilderField_CapacityWithinTheBudget_Reads()
    {
        var slim = new SlimSerializer();
        var honest = new TextHolder { Text = new StringBuilder("abc", 100_000) };

        TextHolder copy = slim.Deserialize<TextHolder>(slim.Serialize(honest))!;

        Assert.That(copy.Text!.ToString(), Is.EqualTo("abc"));
        Assert.That(copy.Text.Capacity, Is.EqualTo(100_000));
    }

    [Test]
    public void StringBuilderField_LargeContent_ReadsWhateverTheLimit()
    {
        // 32 bytes per message byte come on top of the limit: a builder the message's own bytes justify always reads.
        var slim = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxDeclaredCapacityBytes = 0 } });
        var honest = new TextHolder { Text = new StringBuilder(new string('x', 3_000_000)) };

        Assert.That(slim.Deserialize<TextHolder>(slim.Serialize(honest))!.Text!.Length, Is.EqualTo(3_000_000));
    }

    [Test]
    public void StringBuilderField_LimitRaised_Reads()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxDeclaredCapacityBytes = 64 << 20 } });

        TextHolder copy = slim.Deserialize<TextHolder>(StringBuilderPayload(slim, 16 << 20))!;

        Assert.That(copy.Text!.Capacity, Is.EqualTo(16 << 20));
    }

    [Test]
    public void HashtableField_HugeHashSize_Refused()
    {
        var slim = new SlimSerializer();
        var honest = new TableHolder { Table = new Hashtable { ["k"] = 1 } };
        var buckets = (Array)typeof(Hashtable).GetField("_buckets", BindingFlags.Instance | BindingFlags.NonPublic)!.GetValue(honest.Table)!;
        int hashSize = buckets.Length;
        byte[] bytes = HostilePayloads.DeclaredCapacity(slim, honest, "HashSize", hashSize, 1 << 24);

        SlimLimitExceededException error = Refused<TableHolder>(slim, bytes);

        Assert.That(error.Message, Does.Contain("Hashtable.HashSize"));
    }

    [Test]
    public void DerivedDictionary_HugeHashSize_Refused()
    {
        // Its comparer (an internal CoreLib type) needs a wider policy; the budget holds under every policy.
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.AllowAll });
        var honest = new NamedCounts { ["a"] = 1 };
        int hashSize = honest.EnsureCapacity(0);
        byte[] bytes = HostilePayloads.DeclaredCapacity(slim, honest, "HashSize", hashSize, 1 << 24);

        SlimLimitExceededException error = Refused<NamedCounts>(slim, bytes);

        Assert.That(error.Message, Does.Contain("NamedCounts.HashSize"));
    }
}
