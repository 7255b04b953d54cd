using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Tests.Glue.Support;

/// <summary>
/// A hand-driven TCP peer that speaks (or breaks) the Glue wire protocol byte by byte: a client (<see cref="ConnectAsync"/>),
/// or a server's end of one accepted connection (<see cref="AcceptAsync"/>).
/// </summary>
internal sealed class RawPeer : IDisposable
{
    private readonly Socket _socket;

    private RawPeer(Socket socket) => _socket = socket;

    public static async Task<RawPeer> ConnectAsync(IPEndPoint endPoint)
    {
        var socket = new Socket(endPoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(endPoint);
        return new RawPeer(socket);
    }

    /// <summary>The next connection <paramref name="listener"/> accepts within <paramref name="timeout"/>.</summary>
    public static async Task<RawPeer> AcceptAsync(TcpListener listener, TimeSpan timeout)
    {
        using var cts = new CancellationTokenSource(timeout);
        return new RawPeer(await listener.AcceptSocketAsync(cts.Token));
    }

    public async Task SendAsync(byte[] bytes)
    {
        try
        {
            await _socket.SendAsync(bytes);
        }
        catch (SocketException)
        {
            // The server may already have closed; the test checks that next.
        }
    }

    public Task SendFrameAsync(FrameType type, ReadOnlySpan<byte> content) => SendAsync(Frame(type, content));

    public static byte[] Frame(FrameType type, ReadOnlySpan<byte> content)
    {
        byte[] frame = new byte[5 + content.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(frame, (uint)(1 + content.Length));
        frame[4] = (byte)type;
        content.CopyTo(frame.AsSpan(5));
        return frame;
    }

    /// <summary>A valid Hello asking for <paramref name="contracts"/>.</summary>
    public Task SendHelloAsync(byte[]? token, params ContractRequest[] contracts)
    {
        using var w = new SlimWriter();
        HandshakeCodec.WriteHello(w, new HelloMessage(ProtocolConstants.Version, 0, 1 << 20, token ?? [], contracts));
        return SendFrameAsync(FrameType.Hello, w.WrittenSpan);
    }

    /// <summary>Reads one frame; null when the server closed the connection first.</summary>
    public async Task<(FrameType Type, byte[] Content)?> ReceiveFrameAsync(TimeSpan timeout)
    {
        using var cts = new CancellationTokenSource(timeout);
        byte[] prefix = new byte[4];
        if (!await ReadExactlyAsync(prefix, cts.Token))
        {
            return null;
        }
        int length = (int)BinaryPrimitives.ReadUInt32LittleEndian(prefix);
        byte[] frame = new byte[length];
        if (!await ReadExactlyAsync(frame, cts.Token))
        {
            return null;
        }
        return ((FrameType)frame[0], frame[1..]);
    }

    /// <summary>True when the server closes the connection (reading ends) within <paramref name="timeout"/>, skipping frames.</summary>
    public async Task<bool> IsClosedByServerAsync(TimeSpan timeout)
    {
        using var cts = new CancellationTokenSource(timeout);
        byte[] buffer = new byte[4096];
        try
        {
            while (true)
            {
                int read = await _socket.ReceiveAsync(buffer, cts.Token);
                if (read == 0)
                {
                    return true;
                }
            }
        }
        catch (SocketException)
        {
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    private async Task<bool> ReadExactlyAsync(byte[] buffer, CancellationToken cancellationToken)
    {
        int offset = 0;
        try
        {
            while (offset < buffer.Length)
            {
                int read = await _socket.ReceiveAsync(buffer.AsMemory(offset), cancellationToken);
                if (read == 0)
                {
                    return false;
                }
                offset += read;
            }
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    public void Dispose() => _socket.Dispose();
}
