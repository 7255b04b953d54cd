using System.Buffers;
using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Perf.Soak;

/// <summary>
/// Hostile connections opened against the nodes while the soak runs: garbage, a huge or zero length prefix, a Hello
/// cut short, a silent peer, a wrong magic, a valid Hello followed by an unknown frame. Each must be closed by the
/// node (within its handshake timeout plus a grace) or refused (the node is down); one left open is a failure.
/// </summary>
public sealed class SoakHostile
{
    private static readonly TimeSpan s_closeWithin = SoakNode.HandshakeTimeout + TimeSpan.FromSeconds(8);

    private static readonly (string Name, byte[] Bytes)[] s_kinds = BuildKinds();

    /// <summary>Outcomes by "kind: closed | refused | left open".</summary>
    public ConcurrentDictionary<string, long> Outcomes { get; } = new();

    /// <summary>Connections left open past the bound.</summary>
    public long LeftOpen => Outcomes.Where(o => o.Key.EndsWith("left open", StringComparison.Ordinal)).Sum(o => o.Value);

    /// <summary>Opens one hostile connection of a kind chosen by <paramref name="random"/> to <paramref name="port"/>.</summary>
    public async Task RunOneAsync(int port, Random random)
    {
        (string name, byte[] bytes) = s_kinds[random.Next(s_kinds.Length)];
        using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port)).ConfigureAwait(false);
        }
        catch (SocketException)
        {
            Count(name, "refused");
            return;
        }
        Count(name, await SendAndWaitForCloseAsync(socket, bytes).ConfigureAwait(false) ? "closed" : "left open");
    }

    private static async Task<bool> SendAndWaitForCloseAsync(Socket socket, byte[] bytes)
    {
        using var limit = new CancellationTokenSource(s_closeWithin);
        byte[] buffer = new byte[4096];
        try
        {
            if (bytes.Length > 0)
            {
                await socket.SendAsync(bytes, SocketFlags.None, limit.Token).ConfigureAwait(false);
            }
            while (await socket.ReceiveAsync(buffer, SocketFlags.None, limit.Token).ConfigureAwait(false) > 0)
            {
                // A Refused or Goodbye frame may come first; the close is what counts.
            }
            return true;
        }
        catch (SocketException)
        {
            return true; // reset by the node: closed
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    private void Count(string kind, string outcome) => Outcomes.AddOrUpdate($"{kind}: {outcome}", 1, (_, n) => n + 1);

    private static (string, byte[])[] BuildKinds()
    {
        byte[] hello = Frame(FrameType.Hello, w => HandshakeCodec.WriteHello(w, new HelloMessage(ProtocolConstants.Version, 0, 1 << 20, [], [])));
        byte[] badMagic = [.. hello];
        badMagic[5] = (byte)'X';
        byte[] garbage = new byte[64];
        new Random(7).NextBytes(garbage);
        return
        [
            ("garbage", garbage),
            ("huge length", [0xFF, 0xFF, 0xFF, 0x7F, 0x01, 0x02]),
            ("zero length", [0, 0, 0, 0]),
            ("cut Hello", hello[..(hello.Length / 2)]),
            ("silent", []),
            ("wrong magic", badMagic),
            ("Hello then unknown frame", [.. hello, 1, 0, 0, 0, 0x7F]),
        ];
    }

    private static byte[] Frame(FrameType type, Action<SlimWriter> body)
    {
        using var w = new SlimWriter();
        body(w);
        var output = new ArrayBufferWriter<byte>();
        FrameCodec.Write(output, type, [], w.WrittenSpan);
        return output.WrittenSpan.ToArray();
    }
}
