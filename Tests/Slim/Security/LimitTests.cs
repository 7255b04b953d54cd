using NFX.Slim;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Security;

/// <summary>
/// Every limit of <see cref="SlimLimits"/> is enforced on read with the limit's name, and raising it (with <c>with</c>)
/// admits the same message: the "how to widen" of docs/SECURITY.md.
/// </summary>
public sealed class LimitTests
{
    private static readonly SlimSerializer s_writer = new(SlimOptions.Default with { Limits = SlimLimits.Trusted });

    private static SlimSerializer Reader(SlimLimits limits) => Corpus.NewSerializer(limits);

    public static IEnumerable<TestCaseData> Limits()
    {
        yield return Limit("MaxMessageBytes", new string('m', 2000), SlimLimits.Default with { MaxMessageBytes = 1000 }, l => l with { MaxMessageBytes = 4000 });
        yield return Limit("MaxObjects", Enumerable.Range(0, 50).Select(i => (object)("s" + i)).ToArray(), SlimLimits.Default with { MaxObjects = 10 }, l => l with { MaxObjects = 51 });
        yield return Limit("MaxCollectionLength", Enumerable.Range(0, 100).ToList(), SlimLimits.Default with { MaxCollectionLength = 50 }, l => l with { MaxCollectionLength = 100 });
        yield return Limit("MaxStringBytes", new string('é', 30), SlimLimits.Default with { MaxStringBytes = 50 }, l => l with { MaxStringBytes = 60 });
        yield return Limit("MaxArrayTotalElements", new int[10, 10], SlimLimits.Default with { MaxArrayTotalElements = 50 }, l => l with { MaxArrayTotalElements = 100 });
        object nested = "core";
        for (int i = 0; i < 10; i++)
        {
            nested = new InlineBox { Value = nested };
        }
        yield return Limit("MaxDepth", nested, SlimLimits.Default with { MaxDepth = 5 }, l => l with { MaxDepth = 10 });
        yield return Limit("MaxHashCollisions", Enumerable.Range(0, 50).Select(i => ((long)i << 32) | (uint)i).ToHashSet(),
            SlimLimits.Default with { MaxHashCollisions = 20 }, l => l with { MaxHashCollisions = 50 });
    }

    private static TestCaseData Limit(string name, object value, SlimLimits tight, Func<SlimLimits, SlimLimits> widen) =>
        new TestCaseData(name, value, tight, widen(tight)).SetName(name);

    [TestCaseSource(nameof(Limits))]
    public void Deserialize_OverTheLimit_IsRefusedNamingItAndWideningAdmitsIt(string limitName, object value, SlimLimits tight, SlimLimits widened)
    {
        byte[] bytes = s_writer.Serialize(value);
        var error = Assert.Throws<SlimLimitExceededException>(() => Reader(tight).Deserialize(bytes));
        Assert.That(error!.LimitName, Does.StartWith(limitName));
        Assert.That(error.Requested, Is.GreaterThan(error.Maximum));
        Assert.That(error.Message, Does.Contain(error.Maximum.ToString(System.Globalization.CultureInfo.InvariantCulture)));

        object? copy = Reader(widened).Deserialize(bytes);
        NFX.Tests.Slim.Support.GraphAssert.AreEquivalent(value, copy);
    }

    [Test]
    public void MaxStringBytes_IsIndependentOfMaxCollectionLength()
    {
        // A string longer than MaxCollectionLength is fine when MaxStringBytes allows it, and the other way round.
        byte[] text = s_writer.Serialize(new string('x', 500));
        Assert.That(Reader(SlimLimits.Default with { MaxCollectionLength = 100 }).Deserialize(text), Has.Length.EqualTo(500));
        byte[] list = s_writer.Serialize(Enumerable.Range(0, 500).ToList());
        Assert.That(Reader(SlimLimits.Default with { MaxStringBytes = 100 }).Deserialize(list), Has.Count.EqualTo(500));
    }

    [Test]
    public void MaxMessageBytes_AlsoBoundsWhatIsWritten()
    {
        var writer = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxMessageBytes = 100 } });
        Assert.Throws<SlimSerializationException>(() => writer.Serialize(new string('w', 200)));
    }

    [Test]
    public void Defaults_AreFiniteAndTrustedIsWider()
    {
        SlimLimits d = SlimLimits.Default, t = SlimLimits.Trusted;
        Assert.That(new long[] { d.MaxMessageBytes, d.MaxObjects, d.MaxCollectionLength, d.MaxStringBytes, d.MaxArrayTotalElements, d.MaxDepth, d.MaxHashCollisions },
            Is.EqualTo(new long[] { 256 << 20, 16 << 20, 64 << 20, 64 << 20, 64 << 20, 64, 100 }), "docs/SECURITY.md lists these defaults");
        Assert.That(t.MaxMessageBytes, Is.GreaterThan(d.MaxMessageBytes));
        Assert.That(t.MaxDepth, Is.GreaterThan(d.MaxDepth));
        Assert.That(t.MaxHashCollisions, Is.EqualTo(int.MaxValue));
    }
}
