using System.Reflection;
using Orleans;

namespace OrleansUpgrade.Grains;

public interface IUpgradeGrain : IGrainWithIntegerKey
{
    /// <summary>What the silo's release of the model sees in <paramref name="value"/>.</summary>
    Task<string> Describe(object value);

    /// <summary>The value back, as the silo's release read it (written again by that release).</summary>
    Task<object> Echo(object value);

    /// <summary>A sample made by the silo's release.</summary>
    Task<object> Make();
}

public sealed class UpgradeGrain : Grain, IUpgradeGrain
{
    private static Type ReleaseType => AppDomain.CurrentDomain.GetAssemblies()
        .Single(a => a.GetName().Name == "NFX.Tests.OrleansUpgradeModel").GetType("OrleansUpgrade.Release", throwOnError: true)!;

    public Task<string> Describe(object value) => Task.FromResult((string)Call("Describe", value));

    public Task<object> Echo(object value) => Task.FromResult(value);

    public Task<object> Make() => Task.FromResult(Call("Sample"));

    private static object Call(string method, params object[] arguments) =>
        ReleaseType.GetMethod(method, BindingFlags.Public | BindingFlags.Static)!.Invoke(null, arguments)!;
}
