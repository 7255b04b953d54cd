using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Layouts;

/// <summary>
/// A version-tolerant entry for a constructed type whose part's member list names that same constructed type
/// (List&lt;Boss&gt;, where Boss holds a List&lt;Boss&gt;): the inner mention registers it first, and the outer entry
/// resolves to it on both ends, in PerCall and Batch mode, message after message.
/// </summary>
public sealed class SelfNamingLayoutTests
{
    public sealed class Boss
    {
        public string? Name;
        public List<Boss> Reports = [];
        public Boss[]? Peers;
    }

    private static object NewRoot(int i)
    {
        var top = new Boss { Name = $"top{i}" };
        var report = new Boss { Name = "report", Peers = [top] };
        top.Reports.Add(report);
        return new object[] { new List<Boss> { top, report }, new Boss[] { report } };
    }

    [TestCase(TypeRegistryMode.PerCall)]
    [TestCase(TypeRegistryMode.Batch)]
    public void Tolerant_GenericWhosePartNamesIt_EveryMessageRoundTrips(TypeRegistryMode mode)
    {
        var options = new SlimOptions { RegistryMode = mode, Versioning = SlimVersioning.Tolerant };
        SlimSerializer writer = RoundTrip.NewSerializer(options);
        SlimSerializer reader = RoundTrip.NewSerializer(options);
        for (int i = 0; i < 3; i++)
        {
            object original = NewRoot(i);
            GraphAssert.AreEquivalent(original, reader.Deserialize<object>(writer.Serialize(original)));
        }
    }
}
