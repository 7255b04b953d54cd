using System.Net;
using System.Net.Sockets;
using NFX.Perf.Thrift;
using Thrift;
using Thrift.Processor;
using Thrift.Server;
using Thrift.Transport;
using Thrift.Transport.Server;

namespace NFX.Perf.Rpc.Thrift;

/// <summary>
/// A Thrift server on a free loopback port: <see cref="TThreadPoolAsyncServer"/> (a task per connection), framed
/// transport, the given protocol, the processor generated from rpc.thrift.
/// </summary>
public sealed class ThriftRpcServer : IAsyncDisposable
{
    private readonly TServer _server;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _serving;

    private ThriftRpcServer(ThriftProtocolKind kind)
    {
        // Bound here so the port is known before the server starts listening on the same listener.
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        Port = ((IPEndPoint)listener.LocalEndpoint).Port;
        var configuration = new TConfiguration();
        _server = new TThreadPoolAsyncServer(
            new TSingletonProcessorFactory(new RpcBenchT.AsyncProcessor(new ThriftBenchHandler())),
            new TServerSocketTransport(listener, configuration),
            new TFramedTransport.Factory(),
            ThriftProtocols.Factory(kind));
        _serving = _server.ServeAsync(_stop.Token);
    }

    /// <summary>The loopback port it listens on.</summary>
    public int Port { get; }

    /// <summary>Starts a server speaking <paramref name="kind"/>.</summary>
    public static ThriftRpcServer Start(ThriftProtocolKind kind) => new(kind);

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _server.Stop();
        try
        {
            await _serving.WaitAsync(TimeSpan.FromSeconds(2));
        }
        catch (Exception e) when (e is OperationCanceledException or TimeoutException or TTransportException)
        {
            // Stopping: a pending accept ends this way.
        }
        _stop.Dispose();
    }
}
