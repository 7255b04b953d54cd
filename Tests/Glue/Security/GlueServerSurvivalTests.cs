using System.Buffers;
using System.Diagnostics;
using System.Net;
using System.Text;
using NFX.Glue;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Slim;
using NFX.Tests.GlueCluster.Support;
using NFX.Tests.Glue.Support;
using NFX.Tests.RetryProbe;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Security.Adversarial;

/// <summary>
/// Hostile payloads sent as Glue call arguments to a server in a child process (NFX.Glue.RetryProbe hosting
/// <see cref="IHostileTarget"/>): each call must be answered with an Error frame within a bounded time, and afterwards
/// the process must still be alive and serve a normal client. Raw frames are built with Glue's own CallFrames writer
/// around Slim bytes from <see cref="HostilePayloads"/>.
/// </summary>
[NonParallelizable]
public sealed class GlueServerSurvivalTests
{
    private static readonly TimeSpan s_answerBound = TimeSpan.FromSeconds(10);
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(30);

    private RetryProbeProcess? _server;

    private static ContractDescriptor Contract => ContractDescriptor.For(typeof(IHostileTarget));

    private static int MethodId(string name) => Contract.Methods.First(m => m.Method.Name == name).Id;

    private IPEndPoint EndPoint => new(IPAddress.Loopback, _server!.Port);

    [SetUp]
    public async Task SetUp()
    {
        // One server for the fixture; a test that killed it (a defect not fixed yet) costs only a restart.
        if (_server is null || _server.HasExited)
        {
            if (_server is not null)
            {
                await _server.DisposeAsync();
            }
            _server = await RetryProbeProcess.StartAsync(0, hold: false);
        }
    }

    [TearDown]
    public async Task AfterEach()
    {
        // A server a failed test left stuck (still working on a payload) is not reused.
        if (TestContext.CurrentContext.Result.Outcome.Status != NUnit.Framework.Interfaces.TestStatus.Passed && _server is not null)
        {
            await _server.DisposeAsync();
            _server = null;
        }
    }

    [OneTimeTearDown]
    public async Task TearDown()
    {
        if (_server is not null)
        {
            await _server.DisposeAsync();
        }
    }

    /// <summary>A fresh connection's argument serializer (Batch, as a Glue connection's), for one hostile call.</summary>
    private static SlimSerializer Batch() => new(new SlimOptions { RegistryMode = TypeRegistryMode.Batch });

    private static byte[] CallFrame(int callId, string method, uint timeoutMs, byte[] body)
    {
        byte[] buffer = new byte[HeaderWriter.MaxSize];
        var header = new HeaderWriter(buffer);
        CallFrames.WriteCall(ref header, FrameType.Call, callId, contractId: 0, MethodId(method), timeoutMs, default);
        var output = new ArrayBufferWriter<byte>();
        FrameCodec.Write(output, FrameType.Call, header.Written, body);
        return output.WrittenSpan.ToArray();
    }

    private async Task<RawPeer> HandshakenPeerAsync()
    {
        RawPeer peer = await RawPeer.ConnectAsync(EndPoint);
        await peer.SendHelloAsync(null, new ContractRequest(Contract.Name, Contract.Methods.Select(m => m.SignatureHash).ToArray()));
        Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.Welcome));
        return peer;
    }

    /// <summary>Sends the call and returns the Error it is answered with (skipping credits and heartbeats), within the bound.</summary>
    private async Task<ErrorMessage> ErrorAnswerAsync(RawPeer peer, byte[] frame)
    {
        var watch = Stopwatch.StartNew();
        await peer.SendAsync(frame);
        while (true)
        {
            (FrameType Type, byte[] Content)? answer = await ReceiveWithinAsync(peer, s_answerBound - watch.Elapsed);
            Assert.That(answer, Is.Not.Null, $"no answer within {s_answerBound.TotalSeconds} s: the connection was dropped or the server is stuck "
                + $"(server process {(_server!.HasExited ? "DIED" : "alive")})");
            if (answer!.Value.Type is FrameType.StreamCredit or FrameType.Ping or FrameType.Pong)
            {
                continue;
            }
            Assert.That(answer.Value.Type, Is.EqualTo(FrameType.Error), "the hostile call is answered with an Error frame");
            Assert.That(watch.Elapsed, Is.LessThan(s_answerBound));
            var header = new HeaderReader(new ReadOnlySequence<byte>(answer.Value.Content));
            Assert.That(header.ReadVarUInt32(), Is.EqualTo(1u));
            return ControlFrames.ReadError(header.Rest, 1 << 20);
        }
    }

    /// <summary>The next frame, or null when the connection closed or nothing came within <paramref name="timeout"/>.</summary>
    private static async Task<(FrameType Type, byte[] Content)?> ReceiveWithinAsync(RawPeer peer, TimeSpan timeout)
    {
        if (timeout <= TimeSpan.Zero)
        {
            return null;
        }
        try
        {
            return await peer.ReceiveFrameAsync(timeout);
        }
        catch (OperationCanceledException)
        {
            return null;
        }
    }

    private async Task AssertStillServesAsync()
    {
        Assert.That(_server!.HasExited, Is.False, "the server process is alive");
        await using var client = new GlueClient(EndPoint);
        IHostileTarget target = client.GetProxy<IHostileTarget>();
        Assert.That(await target.Add(20, 22).WaitAsync(s_guard), Is.EqualTo(42));
        Assert.That(await target.Take("fine").WaitAsync(s_guard), Is.EqualTo("String"));
        Assert.That(_server.HasExited, Is.False);
    }

    /// <summary>Sends <paramref name="body"/> as the arguments of <paramref name="method"/>: rejected (Error kind 7), server alive.</summary>
    private async Task AssertArgumentsRejectedAsync(string method, byte[] body, string expectedInMessage)
    {
        using (RawPeer peer = await HandshakenPeerAsync())
        {
            ErrorMessage error = await ErrorAnswerAsync(peer, CallFrame(1, method, 5000, body));
            Assert.That(error.Kind, Is.EqualTo(ErrorKind.ArgumentsRejected), error.Message);
            Assert.That(error.TypeName, Is.EqualTo(typeof(GlueSerializationException).FullName));
            Assert.That(error.Message, Does.Contain(expectedInMessage));
            Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True, "arguments that fail close that connection (GLUE.md)");
        }
        await AssertStillServesAsync();
    }

    [Test]
    public async Task Baseline_HonestObjectArgument_IsServed()
    {
        using RawPeer peer = await HandshakenPeerAsync();
        await peer.SendAsync(CallFrame(1, nameof(IHostileTarget.Take), 5000, Batch().Serialize(ValueTuple.Create<object?>(new Dictionary<string, int> { ["a"] = 1 }))));

        Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.Result));
        await AssertStillServesAsync();
    }

    [Test]
    public async Task UnknownCultureInAComparer_Rejected_ServerKeepsServing()
    {
        byte[] body = HostilePayloads.CultureComparer(Batch(), "ab-CD", d => ValueTuple.Create<object?>(d));

        await AssertArgumentsRejectedAsync(nameof(IHostileTarget.Take), body, "Culture 'ab-CD'");
    }

    [Test]
    public async Task StringBuilderCapacity2Pow29_Rejected_ServerKeepsServing()
    {
        byte[] body = HostilePayloads.DeclaredCapacity(Batch(), ValueTuple.Create(new TextBox { Text = new StringBuilder("abc", 1000) }),
            "Capacity", 1000, 1 << 29);

        await AssertArgumentsRejectedAsync(nameof(IHostileTarget.TakeText), body, "MaxDeclaredCapacityBytes");
    }

    [Test]
    public async Task StreamingCallTimeoutOutOfRange_ErrorFrame_ConnectionKept_ServerKeepsServing()
    {
        using (RawPeer peer = await HandshakenPeerAsync())
        {
            SlimSerializer batch = Batch();
            ErrorMessage error = await ErrorAnswerAsync(peer, CallFrame(1, nameof(IHostileTarget.Range), uint.MaxValue, batch.Serialize(ValueTuple.Create(3))));
            Assert.That(error.Kind, Is.EqualTo(ErrorKind.InvalidCall));
            Assert.That(error.Message, Does.Contain("timeoutMs 4294967295"));

            // The same connection serves the next call.
            await peer.SendAsync(CallFrame(2, nameof(IHostileTarget.Add), 5000, batch.Serialize((20, 22))));
            Assert.That((await peer.ReceiveFrameAsync(s_guard))?.Type, Is.EqualTo(FrameType.Result));
        }
        await AssertStillServesAsync();
    }

    [Test]
    public async Task CycleThroughAValue_AsHashSetElement_Rejected_ServerKeepsServing()
    {
        byte[] body = HostilePayloads.CycleThroughValue(Batch(), set => ValueTuple.Create<object?>(set));

        await AssertArgumentsRejectedAsync(nameof(IHostileTarget.Take), body, "");
    }

    [Test]
    public async Task SharedGenericTypeChain28Levels_Rejected_ServerKeepsServing()
    {
        byte[] body = HostilePayloads.SharedGenericChain(Batch(), 28, asGlueArgument: true);

        await AssertArgumentsRejectedAsync(nameof(IHostileTarget.Take), body, "");
    }

    [Test]
    public async Task NestedEmptyStructs17Levels_Rejected_ServerKeepsServing()
    {
        byte[] body = HostilePayloads.NestedEmptyStructs(Batch(), 17, asGlueArgument: true);

        await AssertArgumentsRejectedAsync(nameof(IHostileTarget.Take), body, "");
    }

    [Test]
    public async Task QueuedArrayHeaders_Rejected_ServerKeepsServing()
    {
        byte[] body = HostilePayloads.QueuedArrayHeaders(Batch(), 2_300, 36_000, asGlueArgument: true);

        await AssertArgumentsRejectedAsync(nameof(IHostileTarget.Take), body, "");
    }

    [Test]
    public async Task SharedGenericTypeChainShallow_IsAnsweredEitherWay_ServerKeepsServing()
    {
        // The payload builders' own check: a chain short enough to be cheap today reaches the server's reader and is
        // answered (a result or a rejection), so the deep ones above fail only for their depth.
        using (RawPeer peer = await HandshakenPeerAsync())
        {
            await peer.SendAsync(CallFrame(1, nameof(IHostileTarget.Take), 5000, HostilePayloads.SharedGenericChain(Batch(), 3, asGlueArgument: true)));
            (FrameType Type, byte[] Content)? answer = await peer.ReceiveFrameAsync(s_guard);
            Assert.That(answer?.Type, Is.EqualTo(FrameType.Result), "Dictionary<D2, D2> with D1 = Dictionary<int, int> is an allowed, empty dictionary");
        }
        using (RawPeer peer = await HandshakenPeerAsync())
        {
            await peer.SendAsync(CallFrame(1, nameof(IHostileTarget.Take), 5000, HostilePayloads.NestedEmptyStructs(Batch(), 2, asGlueArgument: true)));
            (FrameType Type, byte[] Content)? answer = await peer.ReceiveFrameAsync(s_guard);
            Assert.That(answer?.Type, Is.EqualTo(FrameType.Result), "a boxed KeyValuePair<KeyValuePair<ValueTuple, ValueTuple>, ...> is allowed");
        }
        await AssertStillServesAsync();
    }
}
