using System.Buffers;
using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>A hand-driven client for <see cref="INodeProbe"/> that sends frames when the test says, whatever it received.</summary>
internal sealed class RawGlueClient : IDisposable
{
    public const byte Draining = (byte)FrameType.Draining;

    private static readonly ContractDescriptor s_contract = ContractDescriptor.For(typeof(INodeProbe));
    private readonly Socket _socket;

    private RawGlueClient(Socket socket) => _socket = socket;

    public static async Task<RawGlueClient> ConnectAsync(IPEndPoint endPoint)
    {
        var socket = new Socket(endPoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(endPoint);
        var client = new RawGlueClient(socket);
        using (var w = new SlimWriter())
        {
            var request = new ContractRequest(s_contract.Name, s_contract.Methods.Select(m => m.SignatureHash).ToArray());
            HandshakeCodec.WriteHello(w, new HelloMessage(ProtocolConstants.Version, 0, 1 << 20, [], [request]));
            await client.SendFrameAsync(FrameType.Hello, w.WrittenSpan.ToArray());
        }
        (byte type, _) = await client.ReceiveAsync(TimeSpan.FromSeconds(20));
        if (type != (byte)FrameType.Welcome)
        {
            throw new InvalidOperationException($"Expected Welcome, got 0x{type:X2}.");
        }
        return client;
    }

    public Task SendHoldAsync(int callId) => SendCallAsync(callId, nameof(INodeProbe.Hold));

    public Task SendWhoamiAsync(int callId) => SendCallAsync(callId, nameof(INodeProbe.Whoami));

    /// <summary>The type of the next frame that is not a heartbeat Ping.</summary>
    public async Task<byte> ReceiveTypeAsync(TimeSpan timeout) => (await ReceiveAsync(timeout)).Type;

    /// <summary>Skips frames up to the next Error frame; returns its call id and kind.</summary>
    public async Task<(int CallId, byte Kind)> ReceiveErrorAsync(TimeSpan timeout)
    {
        while (true)
        {
            (byte type, byte[] content) = await ReceiveAsync(timeout);
            if (type == (byte)FrameType.Error)
            {
                using var r = new SlimReader(new ReadOnlySequence<byte>(content));
                return ((int)r.ReadVarUInt32(), r.ReadByte());
            }
        }
    }

    public void Dispose() => _socket.Dispose();

    private async Task SendCallAsync(int callId, string method)
    {
        MethodDescriptor m = s_contract.Methods.Single(d => d.Method.Name == method);
        using var w = new SlimWriter();
        w.WriteVarUInt32((uint)callId);
        w.WriteVarUInt32(0); // contract id
        w.WriteVarUInt32((uint)m.Id);
        w.WriteVarUInt32(0); // no timeout
        await SendFrameAsync(FrameType.Call, w.WrittenSpan.ToArray());
    }

    private async Task SendFrameAsync(FrameType type, byte[] content)
    {
        byte[] frame = new byte[5 + content.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(frame, (uint)(1 + content.Length));
        frame[4] = (byte)type;
        content.CopyTo(frame, 5);
        await _socket.SendAsync(frame);
    }

    private async Task<(byte Type, byte[] Content)> ReceiveAsync(TimeSpan timeout)
    {
        using var cts = new CancellationTokenSource(timeout);
        while (true)
        {
            byte[] prefix = new byte[4];
            await ReadExactlyAsync(prefix, cts.Token);
            byte[] frame = new byte[BinaryPrimitives.ReadUInt32LittleEndian(prefix)];
            await ReadExactlyAsync(frame, cts.Token);
            if (frame[0] != (byte)FrameType.Ping)
            {
                return (frame[0], frame[1..]);
            }
        }
    }

    private async Task ReadExactlyAsync(byte[] buffer, CancellationToken cancellationToken)
    {
        int offset = 0;
        while (offset < buffer.Length)
        {
            int read = await _socket.ReceiveAsync(buffer.AsMemory(offset), cancellationToken);
            if (read == 0)
            {
                throw new EndOfStreamException("The server closed the connection.");
            }
            offset += read;
        }
    }
}
