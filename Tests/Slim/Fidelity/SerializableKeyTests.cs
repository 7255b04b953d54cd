using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>An ISerializable key whose body is read before the dictionary's: the dictionary waits for its constructor.</summary>
public sealed class SerialKeyBeforeDictionaryTests : CodecTester<SerialKeyHolder>
{
    protected override SerialKeyHolder CreateValue()
    {
        var key = new SerialKey("alpha");
        var other = new SerialKey("beta");
        return new SerialKeyHolder
        {
            A_Key = key,
            B_Map = new Dictionary<SerialKey, int> { [key] = 1, [other] = 2 },
            C_Set = [key, other],
            D_ByName = new SortedDictionary<string, SerialKey> { ["a"] = key },
        };
    }

    protected override void CheckCopy(SerialKeyHolder original, SerialKeyHolder copy)
    {
        Assert.That(copy.B_Map![copy.A_Key!], Is.EqualTo(1), "the copy finds its own key");
        Assert.That(copy.B_Map.ContainsKey(new SerialKey("beta")), Is.True);
        Assert.That(copy.C_Set!.Contains(new SerialKey("alpha")), Is.True);
    }
}

/// <summary>A plain key whose hash comes from an ISerializable announced earlier: waited for through the key's own fields.</summary>
public sealed class IndirectSerialKeyTests : CodecTester<IndirectKeyHolder>
{
    protected override IndirectKeyHolder CreateValue()
    {
        var inners = new List<SerialKey> { new("one"), new("two") };
        return new IndirectKeyHolder
        {
            A_Inners = inners,
            B_Map = new Dictionary<IndirectKey, string> { [new IndirectKey { Inner = inners[0] }] = "1", [new IndirectKey { Inner = inners[1] }] = "2" },
        };
    }

    protected override void CheckCopy(IndirectKeyHolder original, IndirectKeyHolder copy) =>
        Assert.That(copy.B_Map![new IndirectKey { Inner = new SerialKey("two") }], Is.EqualTo("2"));
}

/// <summary>TimeZoneInfo keys (ISerializable, hashed by their id) reached through an earlier field.</summary>
public sealed class TimeZoneKeyTests : CodecTester<ZoneHolder>
{
    protected override ZoneHolder CreateValue()
    {
        var zone = TimeZoneInfo.CreateCustomTimeZone("Test/Zone", TimeSpan.FromHours(2), "Test Zone", "TZ");
        return new ZoneHolder { A_Zone = zone, B_Names = new Dictionary<TimeZoneInfo, string> { [zone] = "two hours east" } };
    }

    protected override SlimSerializer CreateSerializer() => RoundTrip.NewSerializer(SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(TimeZoneInfo), typeof(TimeZoneInfo.AdjustmentRule[]),
            typeof(TimeZoneInfo.AdjustmentRule), typeof(TimeZoneInfo.TransitionTime)),
    });

    protected override void CheckCopy(ZoneHolder original, ZoneHolder copy)
    {
        Assert.That(copy.A_Zone!.Id, Is.EqualTo("Test/Zone"));
        Assert.That(copy.B_Names![copy.A_Zone], Is.EqualTo("two hours east"));
    }
}
