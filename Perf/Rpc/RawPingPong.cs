using System.Buffers.Binary;
using System.Net;
using System.Net.Sockets;
using System.Runtime.CompilerServices;

namespace NFX.Perf.Rpc;

/// <summary>
/// The raw-socket baseline: one TCP connection, a length-prefixed request, a length-prefixed reply of the same size
/// as the workload's protobuf reply, one message in flight. No serialization, no call ids: the floor of a round trip.
/// </summary>
public static class RawPingPong
{
    /// <summary>The reply size per workload: W1 4 bytes, W2 100 bytes, W3 the protobuf size of the ten rows.</summary>
    public static int ReplySize(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => 4,
        RpcWorkload.Echo => 100,
        _ => RpcData.RowsMessage.CalculateSize(),
    };

    /// <summary>The request: workload byte, then 8 bytes (W1), 100 bytes (W2) or 4 bytes (W3).</summary>
    public static byte[] Request(RpcWorkload workload)
    {
        int size = workload switch { RpcWorkload.Sum => 8, RpcWorkload.Echo => 100, _ => 4 };
        byte[] frame = new byte[4 + 1 + size];
        BinaryPrimitives.WriteUInt32LittleEndian(frame, (uint)(1 + size));
        frame[4] = (byte)workload;
        return frame;
    }

    /// <summary>The server: answers each request with a reply of <see cref="ReplySize"/> bytes.</summary>
    public sealed class Server : IDisposable
    {
        private readonly Socket _listener;
        private readonly CancellationTokenSource _stop = new();

        /// <summary>Listens on a free loopback port.</summary>
        public Server()
        {
            _listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            _listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
            _listener.Listen(64);
            Port = ((IPEndPoint)_listener.LocalEndPoint!).Port;
            _ = AcceptLoopAsync();
        }

        /// <summary>The loopback port.</summary>
        public int Port { get; }

        /// <inheritdoc/>
        public void Dispose()
        {
            _stop.Cancel();
            _listener.Dispose();
        }

        private async Task AcceptLoopAsync()
        {
            try
            {
                while (true)
                {
                    Socket socket = await _listener.AcceptAsync(_stop.Token);
                    socket.NoDelay = true;
                    _ = ServeAsync(socket);
                }
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                // Stopped.
            }
        }

        private async Task ServeAsync(Socket socket)
        {
            using (socket)
            {
                byte[] request = new byte[64 * 1024];
                byte[][] replies = RpcWorkloads.Small.Select(w =>
                {
                    byte[] reply = new byte[4 + ReplySize(w)];
                    BinaryPrimitives.WriteUInt32LittleEndian(reply, (uint)ReplySize(w));
                    return reply;
                }).ToArray();
                try
                {
                    while (true)
                    {
                        if (!await ReadExactlyAsync(socket, request.AsMemory(0, 4), _stop.Token))
                        {
                            return;
                        }
                        int length = (int)BinaryPrimitives.ReadUInt32LittleEndian(request);
                        if (length < 1 || length > request.Length || !await ReadExactlyAsync(socket, request.AsMemory(0, length), _stop.Token))
                        {
                            return;
                        }
                        byte[] reply = replies[Math.Min(request[0], (byte)2)];
                        await socket.SendAsync(reply, SocketFlags.None, _stop.Token);
                    }
                }
                catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
                {
                    // The client went away or the server stopped.
                }
            }
        }
    }

    /// <summary>The client: one connection, one request at a time.</summary>
    public sealed class Client : IDisposable
    {
        private readonly Socket _socket;
        private readonly byte[] _reply = new byte[64 * 1024];

        private Client(Socket socket) => _socket = socket;

        /// <summary>Connects to the server on loopback <paramref name="port"/>.</summary>
        public static async Task<Client> ConnectAsync(int port)
        {
            var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            await socket.ConnectAsync(new IPEndPoint(IPAddress.Loopback, port));
            return new Client(socket);
        }

        /// <summary>One round trip; returns the reply's size. Not thread-safe (one message in flight by design).</summary>
        [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
        public async ValueTask<int> PingAsync(byte[] request)
        {
            await _socket.SendAsync(request, SocketFlags.None);
            if (!await ReadExactlyAsync(_socket, _reply.AsMemory(0, 4), CancellationToken.None))
            {
                throw new EndOfStreamException();
            }
            int length = (int)BinaryPrimitives.ReadUInt32LittleEndian(_reply);
            if (!await ReadExactlyAsync(_socket, _reply.AsMemory(0, length), CancellationToken.None))
            {
                throw new EndOfStreamException();
            }
            return length;
        }

        /// <inheritdoc/>
        public void Dispose() => _socket.Dispose();
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private static async ValueTask<bool> ReadExactlyAsync(Socket socket, Memory<byte> buffer, CancellationToken cancellationToken)
    {
        while (buffer.Length > 0)
        {
            int read = await socket.ReceiveAsync(buffer, SocketFlags.None, cancellationToken);
            if (read == 0)
            {
                return false;
            }
            buffer = buffer[read..];
        }
        return true;
    }
}
