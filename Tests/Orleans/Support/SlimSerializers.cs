using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Orleans;
using Orleans.Serialization;

namespace NFX.Tests.Orleans.Support;

/// <summary>What the hostile-input suites share: Orleans' serializers with Slim as the fallback, and the exception a read threw.</summary>
internal static class SlimSerializers
{
    /// <summary>A service provider whose Orleans serializer falls back to Slim, configured as the test cluster is.</summary>
    public static ServiceProvider Services() => new ServiceCollection()
        .AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure))
        .BuildServiceProvider();

    /// <summary>The exception <paramref name="read"/> threw, or null when it returned.</summary>
    public static Exception? Thrown(Func<object?> read)
    {
        try
        {
            read();
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }
}
