using System.Net;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using NFX.Glue;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

public sealed class GlueHostingTests
{
    private static readonly GlueServerOptions s_options = new() { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) };

    [Test]
    public async Task AddGlueServer_PerCall_NewScopedInstancePerCallDisposedAfter()
    {
        var services = new ServiceCollection();
        services.AddSingleton<CallLog>();
        services.AddGlueServer(s_options).AddService<ICounter, CountingService>(GlueInstanceMode.PerCall);
        await using ServiceProvider provider = services.BuildServiceProvider();
        IHostedService hosted = provider.GetServices<IHostedService>().Single();
        await hosted.StartAsync(CancellationToken.None);
        GlueServer server = provider.GetRequiredService<GlueServer>();
        await using var client = new GlueClient(server.LocalEndPoint!);
        ICounter counter = client.GetProxy<ICounter>();

        int first = await counter.InstanceId();
        int second = await counter.InstanceId();
        await hosted.StopAsync(CancellationToken.None);

        Assert.That(new[] { first, second }, Is.EqualTo(new[] { 1, 2 }));
        Assert.That(provider.GetRequiredService<CallLog>().Disposed, Is.EqualTo(2), "each call's scope was disposed");
    }

    [Test]
    public async Task AddGlueServer_Singleton_OneInstanceServesEveryCall()
    {
        var services = new ServiceCollection();
        services.AddSingleton<CallLog>();
        services.AddGlueServer(s_options).AddService<ICounter, CountingService>(GlueInstanceMode.Singleton);
        await using ServiceProvider provider = services.BuildServiceProvider();
        IHostedService hosted = provider.GetServices<IHostedService>().Single();
        await hosted.StartAsync(CancellationToken.None);
        await using var client = new GlueClient(provider.GetRequiredService<GlueServer>().LocalEndPoint!);
        ICounter counter = client.GetProxy<ICounter>();

        int[] ids = [await counter.InstanceId(), await counter.InstanceId(), await counter.InstanceId()];
        await hosted.StopAsync(CancellationToken.None);

        Assert.That(ids, Is.EqualTo(new[] { 1, 1, 1 }));
        Assert.That(provider.GetRequiredService<CallLog>().Disposed, Is.Zero);
    }

    [Test]
    public async Task AddGlueClient_ProxiesInjected_CallTheServerThroughOneClient()
    {
        await using var server = new GlueServer(s_options);
        server.Host<ICounter>(new CountingService(new CallLog()));
        server.Host<IShapes>(new ShapesService());
        await server.StartAsync();
        var services = new ServiceCollection();
        services.AddGlueClient<ICounter>(server.LocalEndPoint!, new GlueClientOptions()).AddProxy<IShapes>(TimeSpan.FromSeconds(30));
        services.AddSingleton<CounterUser>();

        GlueClient client;
        await using (ServiceProvider provider = services.BuildServiceProvider())
        {
            CounterUser user = provider.GetRequiredService<CounterUser>();
            int id = await user.Counter.InstanceId();
            await provider.GetRequiredService<IShapes>().Nop();
            client = provider.GetRequiredService<GlueClient>();

            Assert.That(id, Is.EqualTo(1));
            Assert.That(provider.GetRequiredService<ICounter>(), Is.SameAs(user.Counter), "one proxy (singleton)");
        }

        Assert.That(client.IsDisposed, Is.True, "the container disposed the client with itself");
    }

    [Test]
    public void AddGlueClient_Twice_SaysToAddProxiesToTheFirst()
    {
        var services = new ServiceCollection();
        services.AddGlueClient<ICounter>(new IPEndPoint(IPAddress.Loopback, 5005));

        var error = Assert.Throws<InvalidOperationException>(() => services.AddGlueClient<IShapes>(new IPEndPoint(IPAddress.Loopback, 5006)));

        Assert.That(error!.Message, Does.Contain("already registered").And.Contain("AddProxy<TContract>()"));
    }

    private sealed class CounterUser(ICounter counter)
    {
        public ICounter Counter { get; } = counter;
    }

    [Test]
    public async Task GenericHost_StartAndStop_ServesWhileRunning()
    {
        HostApplicationBuilder builder = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
        builder.Services.AddSingleton<CallLog>();
        builder.Services.AddGlueServer(s_options).AddService<IShapes>(new ShapesService());
        using IHost host = builder.Build();

        await host.StartAsync();
        await using var client = new GlueClient(host.Services.GetRequiredService<GlueServer>().LocalEndPoint!);
        int sum = await client.GetProxy<IShapes>().Add(40, 2);
        await host.StopAsync();

        Assert.That(sum, Is.EqualTo(42));
        await Assert.ThrowsAsync<GlueConnectionException>(() => client.GetProxy<IShapes>().Add(1, 1));
    }

    [Test]
    public void AddGlueServer_Twice_Throws()
    {
        var services = new ServiceCollection();
        services.AddGlueServer(s_options);

        Assert.Throws<InvalidOperationException>(() => services.AddGlueServer(s_options));
    }

    [Test]
    public async Task PerCallFactory_WithoutDI_NewInstancePerCallDisposedAfter()
    {
        var log = new CallLog();
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Memory,
            s => s.Host<ICounter>(() => new CountingService(log)));
        ICounter counter = host.CreateClient().GetProxy<ICounter>();

        int[] ids = [await counter.InstanceId(), await counter.InstanceId()];

        Assert.That(ids, Is.EqualTo(new[] { 1, 2 }));
        Assert.That(log.Disposed, Is.EqualTo(2));
    }
}
