using NFX.Perf.Cache;
namespace NFX.Tests.Caching.Redis;

/// <summary>Starts one redis-server for every test in this namespace and stops it after them.</summary>
[SetUpFixture]
public sealed class RedisFixture
{
    private static RedisServer? s_server;

    /// <summary>The running server (the fixture's set-up failed with the reason when there is none).</summary>
    public static RedisServer Server => s_server ?? throw new InvalidOperationException("The Redis fixture did not start a server.");

    [OneTimeSetUp]
    public void StartServer() => s_server = RedisServer.Start();

    [OneTimeTearDown]
    public void StopServer()
    {
        s_server?.Dispose();
        s_server = null;
    }
}
