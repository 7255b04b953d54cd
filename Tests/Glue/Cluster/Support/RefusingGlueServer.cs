using System.Buffers;
using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>A fake server that welcomes one client (every contract and method hosted) and answers every call with an Error frame of one kind.</summary>
internal sealed class RefusingGlueServer : IDisposable
{
    private readonly Socket _listener;
    private int _calls;

    public RefusingGlueServer(byte errorKind)
    {
        _listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        _listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        _listener.Listen(4);
        EndPoint = (IPEndPoint)_listener.LocalEndPoint!;
        _ = ServeAsync(errorKind);
    }

    public IPEndPoint EndPoint { get; }

    /// <summary>Call frames received (each answered with the error).</summary>
    public int Calls => Volatile.Read(ref _calls);

    public void Dispose() => _listener.Dispose();

    private async Task ServeAsync(byte errorKind)
    {
        try
        {
            using Socket socket = await _listener.AcceptAsync();
            (_, byte[] hello) = await ReceiveAsync(socket);
            HelloMessage message = HandshakeCodec.ReadHello(new ReadOnlySequence<byte>(hello));
            using (var w = new SlimWriter())
            {
                ContractAnswer[] answers = message.Contracts.Select(c => new ContractAnswer(c.MethodHashes.Select(_ => true).ToArray())).ToArray();
                HandshakeCodec.WriteWelcome(w, new WelcomeMessage(ProtocolConstants.Version, 1 << 20, 16, answers));
                await SendAsync(socket, FrameType.Welcome, w.WrittenSpan.ToArray());
            }
            while (true)
            {
                (byte type, byte[] content) = await ReceiveAsync(socket);
                if (type is (byte)FrameType.Call or (byte)FrameType.TracedCall)
                {
                    using var r = new SlimReader(new ReadOnlySequence<byte>(content));
                    uint callId = r.ReadVarUInt32();
                    Interlocked.Increment(ref _calls);
                    using var w = new SlimWriter();
                    ControlFrames.WriteError(w, (int)callId, new ErrorMessage((ErrorKind)errorKind, "Fake", "refused by the fake server", null, null));
                    await SendAsync(socket, FrameType.Error, w.WrittenSpan.ToArray());
                }
            }
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException or EndOfStreamException)
        {
            // The test is over.
        }
    }

    private static async Task SendAsync(Socket socket, FrameType type, byte[] content)
    {
        byte[] frame = new byte[5 + content.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(frame, (uint)(1 + content.Length));
        frame[4] = (byte)type;
        content.CopyTo(frame, 5);
        await socket.SendAsync(frame);
    }

    private static async Task<(byte Type, byte[] Content)> ReceiveAsync(Socket socket)
    {
        byte[] prefix = new byte[4];
        await ReadExactlyAsync(socket, prefix);
        byte[] frame = new byte[BinaryPrimitives.ReadUInt32LittleEndian(prefix)];
        await ReadExactlyAsync(socket, frame);
        return (frame[0], frame[1..]);
    }

    private static async Task ReadExactlyAsync(Socket socket, byte[] buffer)
    {
        int offset = 0;
        while (offset < buffer.Length)
        {
            int read = await socket.ReceiveAsync(buffer.AsMemory(offset));
            if (read == 0)
            {
                throw new EndOfStreamException();
            }
            offset += read;
        }
    }
}
