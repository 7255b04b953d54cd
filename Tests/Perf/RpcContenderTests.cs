using NFX.Perf.Rpc;
using NFX.Perf.Rpc.Thrift;

namespace NFX.Tests.Perf;

/// <summary>
/// The wiring of every RPC peer of the benchmark against its real server (in this process, loopback): each answers
/// every workload correctly (W1-W3, and the 64 KB and 1 MB echoes of W4/W5, compared whole), one call and several in
/// flight, so a broken contender fails here, not in a perf run.
/// </summary>
[NonParallelizable]
public sealed class RpcContenderTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(60);
    private RpcServers? _servers;

    [OneTimeSetUp]
    public async Task StartServers() => _servers = await RpcServers.StartAsync().WaitAsync(s_timeout);

    [OneTimeTearDown]
    public async Task StopServers()
    {
        if (_servers is not null)
        {
            await _servers.DisposeAsync();
        }
    }

    private static IEnumerable<TestCaseData> Contenders()
    {
        yield return new TestCaseData((Func<RpcContender>)(() => new GrpcRpcContender())).SetName("GrpcDotnet");
        yield return new TestCaseData((Func<RpcContender>)(() => new ProtobufNetGrpcRpcContender())).SetName("ProtobufNetGrpc");
        yield return new TestCaseData((Func<RpcContender>)(() => new ThriftRpcContender(ThriftProtocolKind.Binary))).SetName("ThriftBinary");
        yield return new TestCaseData((Func<RpcContender>)(() => new ThriftRpcContender(ThriftProtocolKind.Compact))).SetName("ThriftCompact");
        yield return new TestCaseData((Func<RpcContender>)(() => new GlueRpcContender())).SetName("Glue");
        yield return new TestCaseData((Func<RpcContender>)(() => new GrpcRpcContender(multipleConnections: true))).SetName("GrpcDotnetMultipleConnections");
        yield return new TestCaseData((Func<RpcContender>)(() => new ProtobufNetGrpcRpcContender(multipleConnections: true))).SetName("ProtobufNetGrpcMultipleConnections");
    }

    [TestCaseSource(nameof(Contenders))]
    public async Task Call_EveryWorkload_AnswersCorrectlyOneAndEightInFlight(Func<RpcContender> create)
    {
        await using RpcContender contender = create();
        await contender.ConnectAsync(_servers!.Ports).WaitAsync(s_timeout);

        foreach (RpcWorkload workload in Enum.GetValues<RpcWorkload>())
        {
            RpcCaller caller = contender.Caller(workload);
            Assert.That(await caller.VerifyAsync().WaitAsync(s_timeout), Is.Null, $"{contender.Name} {workload}");
            string?[] concurrent = await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => caller.VerifyAsync())).WaitAsync(s_timeout);
            Assert.That(concurrent, Is.All.Null, $"{contender.Name} {workload}, 8 in flight");
        }
    }

    [Test]
    public void Ports_RoundTripThroughTheServerProcessLine()
    {
        RpcPorts ports = _servers!.Ports;

        Assert.That(RpcPorts.From(ports.ToArray()), Is.EqualTo(ports));
        Assert.That(ports.ToArray().Distinct().Count(), Is.EqualTo(5));
    }
}
