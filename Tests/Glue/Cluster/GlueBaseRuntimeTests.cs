using System.Net;
using System.Text.Json;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;
using NFX.Tests.RetryProbe;

namespace NFX.Tests.GlueCluster;

/// <summary>
/// Glue runs on the base .NET runtime: a console app built on it (NFX.Glue.RetryProbe, a server and nothing else)
/// asks only for Microsoft.NETCore.App, not ASP.NET Core's shared framework, and serves calls in its own process.
/// </summary>
public sealed class GlueBaseRuntimeTests
{
    [Test]
    public void ConsoleAppOnGlue_RuntimeConfig_NamesOnlyTheBaseRuntime()
    {
        string path = Path.Combine(AppContext.BaseDirectory, "NFX.Glue.RetryProbe.runtimeconfig.json");
        using JsonDocument config = JsonDocument.Parse(File.ReadAllText(path));
        JsonElement options = config.RootElement.GetProperty("runtimeOptions");
        var frameworks = new List<string>();
        if (options.TryGetProperty("frameworks", out JsonElement many))
        {
            frameworks.AddRange(many.EnumerateArray().Select(f => f.GetProperty("name").GetString()!));
        }
        if (options.TryGetProperty("framework", out JsonElement one))
        {
            frameworks.Add(one.GetProperty("name").GetString()!);
        }

        Assert.That(frameworks, Is.EqualTo(new[] { "Microsoft.NETCore.App" }));
    }

    [Test]
    public void GlueAssembly_References_NoAspNetCoreAssembly()
    {
        string[] references = typeof(GlueServer).Assembly.GetReferencedAssemblies().Select(a => a.Name!).ToArray();

        Assert.That(references, Has.None.StartsWith("Microsoft.AspNetCore"));
        Assert.That(references, Does.Contain("Microsoft.Extensions.Hosting.Abstractions"));
    }

    [Test]
    public async Task ConsoleAppOnGlue_StartedOnTheBaseRuntime_AnswersACall()
    {
        await using RetryProbeProcess server = await RetryProbeProcess.StartAsync(port: 0, hold: false);
        await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, server.Port), new GlueClientOptions());

        int answer = await client.GetProxy<IRetryProbe>().Lookup(7).WaitAsync(TimeSpan.FromSeconds(60));

        Assert.That(answer, Is.EqualTo(70));
    }
}
