using System.Reflection;
using NFX.Glue;
using NFX.Glue.Hosting;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// Glue errors in Glue's terms: a size error names the side whose limit applies, the method and the option; a policy
/// refusal names the side and GlueClientOptions/GlueServerOptions.AllowedTypes, not Slim's policy API, over every
/// transport.
/// </summary>
[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueErrorWordingTests(GlueTransportKind kind)
{
    private ShapesService _service = null!;
    private GlueTestHost _host = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new ShapesService();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(_service));
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    private async Task RestartServerAsync(GlueServerOptions options)
    {
        await _host.DisposeAsync();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(_service), options);
    }

    [Test]
    public async Task Arguments_OverTheClientsOwnLimit_NameTheMethodAndGlueClientOptions()
    {
        IShapes proxy = _host.CreateClient(new GlueClientOptions { MaxMessageSize = 64 * 1024 }).GetProxy<IShapes>();
        var error = await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Measure(new byte[100_000]));
        Assert.That(error!.Message, Does.StartWith("The arguments of IShapes.Measure make a "));
        Assert.That(error.Message, Does.Contain("this client's GlueClientOptions.MaxMessageSize (65536 bytes)"));
    }

    [Test]
    public async Task Arguments_OverTheLimitTheServerAnnounced_SayRaisingItOnTheServer()
    {
        await RestartServerAsync(GlueTestHost.DefaultServerOptions with { MaxMessageSize = 64 * 1024 });
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();
        var error = await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Measure(new byte[100_000]));
        Assert.That(error!.Message, Does.StartWith("The arguments of IShapes.Measure make a "));
        Assert.That(error.Message, Does.Contain("the server's GlueServerOptions.MaxMessageSize (65536 bytes").And.Contain("raise it on the server"));
    }

    [Test]
    public async Task Result_OverTheServersLimit_NamesTheMethodAndGlueServerOptions()
    {
        await RestartServerAsync(GlueTestHost.DefaultServerOptions with { MaxMessageSize = 64 * 1024 });
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();
        var error = await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Blob(100_000));
        Assert.That(error!.Message, Does.Contain("IShapes.Blob").And.Contain("this server's GlueServerOptions.MaxMessageSize (65536 bytes)"));
    }

    [Test]
    public async Task Result_OverTheClientsLimit_SaysTheClientsOptionApplies()
    {
        IShapes proxy = _host.CreateClient(new GlueClientOptions { MaxMessageSize = 64 * 1024 }).GetProxy<IShapes>();
        var error = await Assert.ThrowsAsync<GlueMessageTooLargeException>(() => proxy.Blob(100_000));
        Assert.That(error!.Message, Does.Contain("IShapes.Blob").And.Contain("the client's GlueClientOptions.MaxMessageSize (65536 bytes"));
    }

    [Test]
    public async Task ArgumentType_RefusedByTheServer_NamesGlueServerOptionsAllowedTypesAndTheMethod()
    {
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();
        var error = await Assert.ThrowsAsync<GlueSerializationException>(() => proxy.Box(new Stranger { Name = "Eve" }));
        Assert.That(error!.Message, Does.Contain("IShapes.Box").And.Contain("The server refused type").And.Contain(nameof(Stranger)));
        Assert.That(error.Message, Does.Contain("add it to GlueServerOptions.AllowedTypes on the server"));
        Assert.That(error.Message, Does.Not.Contain("SlimTypePolicy"));
    }

    [Test]
    public async Task ResultType_RefusedByTheClient_NamesGlueClientOptionsAllowedTypes()
    {
        await RestartServerAsync(GlueTestHost.DefaultServerOptions with { AllowedTypes = [typeof(Stranger)] });
        IShapes proxy = _host.CreateClient().GetProxy<IShapes>();
        var error = await Assert.ThrowsAsync<GlueSerializationException>(() => proxy.Box(new Stranger { Name = "Eve" }));
        Assert.That(error!.Message, Does.Contain("The client refused type").And.Contain("add it to GlueClientOptions.AllowedTypes on the client"));
        Assert.That(error.Message, Does.Not.Contain("SlimTypePolicy"));
    }

    [Test]
    public void AddService_WithAnImplementationType_HasNoDefaultLifetime()
    {
        MethodInfo addService = typeof(GlueServerBuilder).GetMethods().Single(m => m.Name == nameof(GlueServerBuilder.AddService) && m.GetGenericArguments().Length == 2);
        Assert.That(addService.GetParameters().Single().HasDefaultValue, Is.False, "the lifetime is the caller's visible choice");
    }
}
