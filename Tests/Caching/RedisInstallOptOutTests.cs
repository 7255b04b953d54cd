using NFX.Perf.Cache;

namespace NFX.Tests.Caching;

/// <summary>NFX_NO_INSTALL=1 turns off the automatic redis-server install that `dotnet test` otherwise runs (.ci/install-deps).</summary>
[NonParallelizable]
public sealed class RedisInstallOptOutTests
{
    [TestCase(null, true)]
    [TestCase("", true)]
    [TestCase("0", true)]
    [TestCase("1", false)]
    [TestCase("true", false)]
    public void InstallAllowed_NoInstallVariable_DecidesTheAutomaticInstall(string? value, bool allowed)
    {
        string? before = Environment.GetEnvironmentVariable(RedisServer.NoInstallVariable);
        try
        {
            Environment.SetEnvironmentVariable(RedisServer.NoInstallVariable, value);
            Assert.That(RedisServer.InstallAllowed(), Is.EqualTo(allowed));
        }
        finally
        {
            Environment.SetEnvironmentVariable(RedisServer.NoInstallVariable, before);
        }
    }

    [Test]
    public void NoInstallVariable_IsTheOneTheReadmeAndInstallScriptName()
    {
        Assert.That(RedisServer.NoInstallVariable, Is.EqualTo("NFX_NO_INSTALL"));
        string root = AppContext.BaseDirectory;
        while (!File.Exists(Path.Combine(root, "NFX.Slim.sln")))
        {
            root = Path.GetDirectoryName(root)!;
        }
        Assert.That(File.ReadAllText(Path.Combine(root, "README.md")), Does.Contain("NFX_NO_INSTALL=1"));
        Assert.That(File.ReadAllText(Path.Combine(root, ".ci", "install-deps")), Does.Contain("NFX_NO_INSTALL"));
    }
}
