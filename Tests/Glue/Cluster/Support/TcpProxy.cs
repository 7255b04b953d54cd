using System.Net;
using System.Net.Sockets;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>
/// A loopback TCP relay in front of a server that the test can freeze: it then stops forwarding in both directions but
/// keeps every socket open, like a peer that hangs or a network that silently drops packets.
/// </summary>
internal sealed class TcpProxy : IAsyncDisposable
{
    private readonly Socket _listener;
    private readonly IPEndPoint _target;
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Socket> _sockets = new();
    private readonly TaskCompletionSource _thawed = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private volatile bool _frozen;

    public TcpProxy(IPEndPoint target)
    {
        _target = target;
        _listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        _listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        _listener.Listen(16);
        EndPoint = (IPEndPoint)_listener.LocalEndPoint!;
        _ = AcceptLoopAsync();
    }

    public IPEndPoint EndPoint { get; }

    /// <summary>Stops forwarding (bytes already in flight may still arrive); sockets stay open.</summary>
    public void Freeze() => _frozen = true;

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _thawed.TrySetResult();
        _listener.Dispose();
        lock (_sockets)
        {
            foreach (Socket socket in _sockets)
            {
                socket.Dispose();
            }
        }
    }

    private async Task AcceptLoopAsync()
    {
        try
        {
            while (true)
            {
                Socket client = await _listener.AcceptAsync(_stop.Token);
                var server = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
                await server.ConnectAsync(_target, _stop.Token);
                lock (_sockets)
                {
                    _sockets.Add(client);
                    _sockets.Add(server);
                }
                _ = PumpAsync(client, server);
                _ = PumpAsync(server, client);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // Disposed.
        }
    }

    private async Task PumpAsync(Socket from, Socket to)
    {
        byte[] buffer = new byte[16 * 1024];
        try
        {
            while (true)
            {
                int read = await from.ReceiveAsync(buffer, _stop.Token);
                if (read == 0)
                {
                    to.Shutdown(SocketShutdown.Send);
                    return;
                }
                if (_frozen)
                {
                    // Swallow: the other side never hears of it, and nothing is closed.
                    await _thawed.Task.WaitAsync(_stop.Token);
                }
                await to.SendAsync(buffer.AsMemory(0, read), _stop.Token);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // One side closed or the proxy was disposed.
        }
    }
}
