using System.Buffers;
using System.Net;
using System.Net.Sockets;
using System.Text;
using NFX.Glue;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;
using NFX.IO;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// Errors of a Glue endpoint pointed at the wrong thing name the fix: a client connected to an HTTP port says the
/// peer is an HTTP server (not "Frame of 1347703880 bytes", the ASCII of "HTTP" read as a length), so does a client
/// whose peer starts answering in text after the handshake, and a server whose port is taken names the endpoint.
/// </summary>
public sealed class GlueWrongPeerTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(60);

    [Test]
    public async Task Client_ConnectedToAnHttpServer_SaysThePeerIsNotAGlueServerButHttp()
    {
        using var http = new TcpListener(IPAddress.Loopback, 0);
        http.Start();
        Task answering = AnswerLikeHttpAsync(http);
        var endPoint = (IPEndPoint)http.LocalEndpoint;
        await using var client = new GlueClient(endPoint, new GlueClientOptions());

        var error = await Assert.ThrowsAsync(Is.InstanceOf<GlueException>(), async () => await client.GetProxy<IShapes>().Nop().WaitAsync(s_guard));

        string messages = string.Join(" | ", Chain(error!).Select(e => e.Message));
        Assert.That(messages, Does.Contain($"The peer at {endPoint} is not a Glue server: it looks like an HTTP server (it sent \"HTTP/1.1 400 Bad Request\")"));
        Assert.That(messages, Does.Contain("Check the host and port the GlueClient connects to"));
        Assert.That(messages, Does.Not.Contain("1347703880"));
        http.Stop();
        await answering.WaitAsync(s_guard);
    }

    [Test]
    public async Task Client_PeerAnswersInTextAfterTheHandshake_SaysThePeerStoppedSpeakingGlue()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var endPoint = (IPEndPoint)listener.LocalEndpoint;
        Task serving = WelcomeThenAnswerInTextAsync(listener);
        await using var client = new GlueClient(endPoint, new GlueClientOptions());

        var error = await Assert.ThrowsAsync(Is.InstanceOf<GlueException>(), async () => await client.GetProxy<IShapes>().Nop().WaitAsync(s_guard));

        string messages = string.Join(" | ", Chain(error!).Select(e => e.Message));
        Assert.That(messages, Does.Contain($"The peer at {endPoint} stopped speaking Glue after the handshake: where a frame should start, " +
            "it sent ASCII text \"HTTP/1.1 400 Bad Request\", which looks like an HTTP server, not a Glue server."));
        Assert.That(messages, Does.Contain("Check the host and port the GlueClient connects to"));
        Assert.That(messages, Does.Not.Contain("1347703880").And.Not.Contain("over the limit"));
        await serving.WaitAsync(s_guard);
    }

    [Test]
    public void Describe_HttpRequestToAServer_SaysHttpClient()
    {
        string? message = ForeignPeer.Describe(Bytes("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), GlueSide.Server, "at 10.0.0.1:5000");
        Assert.That(message, Is.EqualTo("The peer at 10.0.0.1:5000 is not a Glue client: it looks like an HTTP client " +
            "(it sent \"GET / HTTP/1.1\"). Only Glue clients (GlueClient) can talk to this port."));
    }

    [Test]
    public void Describe_TlsRecordToAClient_SaysTlsAndTheOption()
    {
        string? message = ForeignPeer.Describe(new ReadOnlySequence<byte>([0x16, 0x03, 0x03, 0x00, 0x7A, 0x02]), GlueSide.Client, "at h:1");
        Assert.That(message, Does.StartWith("The peer at h:1 is not a Glue server: it looks like a TLS server"));
        Assert.That(message, Does.Contain("GlueClientOptions.Tls").And.Contain("160303007A02"));
    }

    [Test]
    public void Describe_BinaryBytes_IsNullSoTheLengthMessageStays()
    {
        Assert.That(ForeignPeer.Describe(new ReadOnlySequence<byte>([0xFF, 0xFF, 0x01, 0x00, 0x09]), GlueSide.Client, "at h:1"), Is.Null);
    }

    [Test]
    public async Task Server_PortAlreadyInUse_ThrowsGlueExceptionNamingTheEndpoint()
    {
        await using var first = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) });
        first.Host<IShapes>(new ShapesService());
        await first.StartAsync();
        IPEndPoint taken = first.LocalEndPoint!;
        await using var second = new GlueServer(new GlueServerOptions { EndPoint = taken });
        second.Host<IShapes>(new ShapesService());

        var error = await Assert.ThrowsAsync<GlueException>(() => second.StartAsync());

        Assert.That(error!.Message, Does.StartWith($"The Glue server cannot listen on {taken}: the address is already in use"));
        Assert.That(error.Message, Does.Contain("GlueServerOptions.EndPoint").And.Contain("port 0"));
        Assert.That(error.InnerException, Is.InstanceOf<SocketException>());
        Assert.That(((SocketException)error.InnerException!).SocketErrorCode, Is.EqualTo(SocketError.AddressAlreadyInUse));
    }

    private static ReadOnlySequence<byte> Bytes(string text) => new(Encoding.ASCII.GetBytes(text));

    private static IEnumerable<Exception> Chain(Exception e)
    {
        for (Exception? current = e; current is not null; current = current.InnerException)
        {
            yield return current;
            if (current is AggregateException aggregate)
            {
                foreach (Exception inner in aggregate.InnerExceptions)
                {
                    yield return inner;
                }
            }
        }
    }

    /// <summary>A server that completes the Glue handshake, then answers the first call in HTTP (as a proxy taking over might).</summary>
    private static async Task WelcomeThenAnswerInTextAsync(TcpListener listener)
    {
        using RawPeer peer = await RawPeer.AcceptAsync(listener, s_guard);
        (FrameType Type, byte[] Content)? hello = await peer.ReceiveFrameAsync(s_guard);
        Assert.That(hello?.Type, Is.EqualTo(FrameType.Hello));
        HelloMessage asked = HandshakeCodec.ReadHello(new ReadOnlySequence<byte>(hello!.Value.Content));
        using (var w = new SlimWriter())
        {
            ContractAnswer[] answers = asked.Contracts.Select(c => new ContractAnswer(c.MethodHashes.Select(_ => true).ToArray())).ToArray();
            HandshakeCodec.WriteWelcome(w, new WelcomeMessage(ProtocolConstants.Version, 1 << 20, 16, answers));
            await peer.SendFrameAsync(FrameType.Welcome, w.WrittenSpan);
        }
        (FrameType Type, byte[] Content)? call;
        do
        {
            call = await peer.ReceiveFrameAsync(s_guard);
        }
        while (call?.Type is FrameType.Ping or FrameType.Bind);
        Assert.That(call?.Type, Is.EqualTo(FrameType.Call));
        await peer.SendAsync("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"u8.ToArray());
        Assert.That(await peer.IsClosedByServerAsync(s_guard), Is.True, "the client closes the link after the text");
    }

    /// <summary>What an HTTP server does with bytes that are not a request: answers 400 and closes.</summary>
    private static async Task AnswerLikeHttpAsync(TcpListener listener)
    {
        try
        {
            while (true)
            {
                using TcpClient peer = await listener.AcceptTcpClientAsync();
                NetworkStream stream = peer.GetStream();
                byte[] request = new byte[256];
                _ = await stream.ReadAsync(request);
                await stream.WriteAsync("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"u8.ToArray());
            }
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException or IOException or InvalidOperationException)
        {
            // The listener was stopped: during an accept (SocketException, ObjectDisposedException), or before the loop
            // came back to accept again ("Not listening", InvalidOperationException), which the test's Stop can race.
        }
    }
}
