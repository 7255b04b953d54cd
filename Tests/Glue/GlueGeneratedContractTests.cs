using System.Net;
using System.Reflection;
using NFX.Glue;
using NFX.Glue.Contracts;
using NFX.Glue.Generated;
using NFX.Glue.Protocol;
using NFX.Glue.Server;
using NFX.Tests.Glue.Support;
using NFX.Tests.GlueStreaming.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// The proxies and dispatch the NFX.Glue source generator writes at build time (this suite is built with it, so every
/// other Glue test runs on them: streaming in Streaming/, deadlines and cancellation in GlueSemanticsTests, retries in
/// Cluster/GlueRetryTests, authentication in GlueSecurityTests): that they are the ones used, and that they and the
/// ones made at run time (Reflection.Emit, expression trees) call each other with the same frames.
/// </summary>
public sealed class GlueGeneratedContractTests
{
    private static readonly GlueServerOptions s_quietServer = GlueTestHost.DefaultServerOptions with
    {
        HeartbeatInterval = Timeout.InfiniteTimeSpan,
        HeartbeatTimeout = Timeout.InfiniteTimeSpan,
    };

    [Test]
    public void Registry_EveryContractOfTheSuite_HasGeneratedCodeForThisBuildOfIt()
    {
        var generated = new List<string>();
        Assembly[] assemblies = [typeof(GlueGeneratedContractTests).Assembly, typeof(NFX.Tests.RetryProbe.IRetryProbe).Assembly];
        foreach (Type type in assemblies.SelectMany(a => a.GetTypes()).Where(t => t.IsInterface && t.IsDefined(typeof(GluedAttribute), false)))
        {
            ContractDescriptor descriptor;
            try
            {
                descriptor = ContractDescriptor.For(type);
            }
            catch (GlueContractException)
            {
                continue; // a contract the suite keeps to see it refused
            }
            Assert.That(descriptor.Generated, Is.Not.Null, $"{type.FullName} has no generated proxy and dispatch");
            generated.Add(type.Name);
        }
        Assert.That(generated, Is.SupersetOf(new[] { nameof(IShapes), nameof(IStreams), nameof(IGreeter), nameof(ICounter), nameof(IOverloadsAndBase), "IRetryProbe" }));
    }

    [Test]
    public void Registry_GeneratedMethods_CarryTheRuntimeSignaturesIdsAndPacks()
    {
        ContractDescriptor descriptor = ContractDescriptor.For(typeof(IShapes));
        GeneratedContract generated = descriptor.Generated!;

        Assert.That(generated.Methods.Select(m => m.Signature), Is.EqualTo(descriptor.Methods.Select(m => m.Signature)));
        Assert.That(generated.Methods.Select(m => m.ArgsType), Is.EqualTo(descriptor.Methods.Select(m => ArgsPack.TypeFor(m.ParameterTypes))));
        MethodDescriptor sumNine = descriptor.Methods.Single(m => m.Method.Name == nameof(IShapes.SumNine));
        Assert.That(sumNine.ArgsType, Is.EqualTo(typeof(ValueTuple<int, int, int, int, int, int, int, ValueTuple<int, long>>)));
    }

    [Test]
    public void Registry_SignaturesOfAnotherBuild_DoNotMatch()
    {
        ContractDescriptor descriptor = ContractDescriptor.For(typeof(IGreeter));
        GlueMethodInvoker never = (_, _, _, _) => throw new AssertionException("not to be called");
        var other = new GeneratedContract(_ => throw new AssertionException("not to be called"),
            [.. descriptor.Methods.Select(m => GlueGeneratedMethod.Create<GlueNoArgs>(m.Signature + " ", never))]);

        Assert.That(descriptor.Generated!.Matches(descriptor.Methods), Is.True);
        Assert.That(other.Matches(descriptor.Methods), Is.False);
        Assert.That(other.Matches(descriptor.Methods.Skip(1).ToList()), Is.False);
    }

    [TestCase(true, "NFX.Glue.Tests")]
    [TestCase(false, "NFX.Glue.Proxies")]
    public async Task GetProxy_GeneratedOrNot_ComesFromTheExpectedAssembly(bool useGenerated, string assembly)
    {
        // Never connects: a proxy is made without a call.
        await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, 1), new GlueClientOptions { UseGeneratedCode = useGenerated });

        IShapes proxy = client.GetProxy<IShapes>();

        Assert.That(proxy.GetType().Assembly.GetName().Name, Is.EqualTo(assembly));
        Assert.That(proxy, Is.InstanceOf<GlueProxy>());
    }

    [Test]
    public void Host_GeneratedDispatch_IsTheGeneratedCodesAndUploadsAreTyped()
    {
        ContractDescriptor descriptor = ContractDescriptor.For(typeof(IStreams));
        var generated = new HostedContract(descriptor, InstanceProvider.Singleton(new StreamsService()), useGenerated: true);
        var compiled = new HostedContract(descriptor, InstanceProvider.Singleton(new StreamsService()), useGenerated: false);

        Assembly suite = typeof(GlueGeneratedContractTests).Assembly;
        Assert.That(generated.Invokers.Select(i => i.Method.DeclaringType?.Assembly), Is.All.EqualTo(suite));
        Assert.That(compiled.Invokers.Select(i => i.Method.DeclaringType?.Assembly), Has.None.EqualTo(suite));
        Assert.That(generated.UploadFactories.Select(f => f is null), Is.EqualTo(descriptor.Methods.Select(m => !m.HasUpload)));
        Assert.That(generated.UploadFactories.Select(f => f?.Method.DeclaringType), Is.EqualTo(compiled.UploadFactories.Select(f => f?.Method.DeclaringType)));
    }

    [TestCase(true, false)]
    [TestCase(false, true)]
    [TestCase(true, true)]
    [TestCase(false, false)]
    public async Task Calls_GeneratedAndRuntimeEnds_InteroperateInEveryShape(bool generatedClient, bool generatedServer)
    {
        var shapes = new ShapesService();
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Memory,
            s => s.Host<IShapes>(shapes).Host<IStreams>(new StreamsService()), s_quietServer with { UseGeneratedCode = generatedServer });
        GlueClient client = host.CreateClient(new GlueClientOptions { UseGeneratedCode = generatedClient });
        IShapes proxy = client.GetProxy<IShapes>();
        IStreams streams = client.GetProxy<IStreams>();

        await proxy.Nop();
        Assert.That(await proxy.Add(2, 3), Is.EqualTo(5));
        await proxy.Touch("k");
        Assert.That(await proxy.Echo(null), Is.Null);
        Assert.That(await proxy.Describe(4, "n"), Is.EqualTo("n:4"));
        Assert.That(await proxy.Describe("s"), Is.EqualTo("string:s"));
        Assert.That(await proxy.SumNine(1, 1, 1, 1, 1, 1, 1, 1, 1), Is.EqualTo(45));
        Assert.That(await proxy.CountTo(250, CancellationToken.None), Is.EqualTo(250));
        Assert.That(async () => await proxy.Throw("boom"), Throws.InstanceOf<RemoteException>().With.Message.Contains("boom"));
        proxy.Fire("one-way");
        Assert.That(await shapes.FiredSignal.WaitAsync(TimeSpan.FromSeconds(30)), Is.True);
        Assert.That(shapes.Fired, Is.EqualTo(new[] { "one-way" }));
        Assert.That(shapes.Touched, Is.EqualTo(new[] { "k" }));

        Assert.That(await ToListAsync(streams.Range(5, CancellationToken.None)), Is.EqualTo(new[] { 0, 1, 2, 3, 4 }));
        Assert.That(await streams.Sum(AsyncSequences.Numbers(10)), Is.EqualTo(45));
        Assert.That(await ToListAsync(streams.Scale(AsyncSequences.Numbers(3), 10)), Is.EqualTo(new[] { 0, 10, 20 }));
    }

    [Test]
    public async Task Frames_GeneratedAndRuntimeEnds_AreByteForByteTheSame()
    {
        (List<(FrameType, byte[])> Client, List<(FrameType, byte[])> Server) generated = await RecordAsync(useGenerated: true);
        (List<(FrameType, byte[])> Client, List<(FrameType, byte[])> Server) runtime = await RecordAsync(useGenerated: false);

        Assert.That(generated.Client.Count(f => f.Item1 == FrameType.Call), Is.EqualTo(6));
        Assert.That(Hex(generated.Client), Is.EqualTo(Hex(runtime.Client)));
        Assert.That(Hex(generated.Server), Is.EqualTo(Hex(runtime.Server)));
    }

    /// <summary>The frames of a fixed conversation between two ends that both use generated code, or neither.</summary>
    private static async Task<(List<(FrameType, byte[])>, List<(FrameType, byte[])>)> RecordAsync(bool useGenerated)
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(GlueTransportKind.Memory,
            s => s.Host<IShapes>(new ShapesService()), s_quietServer with { UseGeneratedCode = useGenerated });
        var tap = new WireTap(host.Server);
        GlueClient client = host.CreateClient(new GlueClientOptions
        {
            Connector = tap.ConnectAsync,
            UseGeneratedCode = useGenerated,
            HeartbeatInterval = Timeout.InfiniteTimeSpan,
            HeartbeatTimeout = Timeout.InfiniteTimeSpan,
        });
        IShapes proxy = client.GetProxy<IShapes>(Timeout.InfiniteTimeSpan);

        await proxy.Nop();
        Assert.That(await proxy.Add(40, 2), Is.EqualTo(42));
        Assert.That(await proxy.Echo("echo"), Is.EqualTo("echo"));
        Assert.That(await proxy.Describe(7, "seven"), Is.EqualTo("seven:7"));
        Assert.That(await proxy.SumNine(1, 2, 3, 4, 5, 6, 7, 8, 9), Is.EqualTo(285));
        Person child = await proxy.Adopt(new Person { Name = "P", Age = 50 }, new Person { Name = "C", Age = 9 });
        Assert.That(child.Parent!.Friends[0], Is.SameAs(child));
        return (tap.ClientFrames(), tap.ServerFrames());
    }

    private static string[] Hex(List<(FrameType Type, byte[] Content)> frames) =>
        [.. frames.Select(f => $"{f.Type}: {Convert.ToHexString(f.Content)}")];

    private static async Task<List<T>> ToListAsync<T>(IAsyncEnumerable<T> items)
    {
        var list = new List<T>();
        await foreach (T item in items)
        {
            list.Add(item);
        }
        return list;
    }
}
