using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Orleans;
using Orleans.Hosting;
using Orleans.Configuration;
using Orleans.Serialization;
using Orleans.Storage;
using Orleans.TestingHost;

namespace NFX.Tests.Orleans;

/// <summary>
/// One in-process cluster for the assembly's tests: two silos and a client of Microsoft.Orleans.TestingHost, with real
/// Orleans messaging (TCP on loopback) between them, every one registered with the one-line Slim fallback. In the root
/// test namespace, so NUnit starts it before every test of the assembly that needs it.
/// </summary>
[SetUpFixture]
public sealed class ClusterFixture
{
    public const string StorageName = "slimstore";

    private static TestCluster? s_cluster;

    public static TestCluster Cluster => s_cluster ?? throw new InvalidOperationException("the cluster did not start");

    /// <summary>The settings every node runs: the test model and the third-party exception's namespace.</summary>
    public static void Configure(SlimOrleansOptions options)
    {
        options.AllowedNamespaces.Add("NFX.Tests.Orleans.Model");
        options.AllowedNamespaces.Add("Acme.Driver");
    }

    [OneTimeSetUp]
    public async Task StartAsync()
    {
        var builder = new TestClusterBuilder(2);
        builder.Options.ConfigureFileLogging = false; // TestingHost would write a log per silo and client into the working directory
        builder.AddSiloBuilderConfigurator<SiloConfigurator>();
        builder.AddClientBuilderConfigurator<ClientConfigurator>();
        s_cluster = builder.Build();
        await s_cluster.DeployAsync();
    }

    [OneTimeTearDown]
    public async Task StopAsync()
    {
        if (s_cluster is not null)
        {
            await s_cluster.StopAllSilosAsync();
            await s_cluster.DisposeAsync();
        }
    }

    private sealed class SiloConfigurator : ISiloConfigurator
    {
        public void Configure(ISiloBuilder siloBuilder)
        {
            siloBuilder.Services.AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure));
            siloBuilder.AddMemoryGrainStorage(StorageName);
            siloBuilder.Services.AddOptions<MemoryGrainStorageOptions>(StorageName)
                .Configure<IServiceProvider>((options, services) =>
                    options.GrainStorageSerializer = ActivatorUtilities.CreateInstance<SlimGrainStorageSerializer>(services));
        }
    }

    private sealed class ClientConfigurator : IClientBuilderConfigurator
    {
        public void Configure(IConfiguration configuration, IClientBuilder clientBuilder) =>
            clientBuilder.Services.AddSerializer(serializer => serializer.AddSlimSerializer(ClusterFixture.Configure));
    }
}
