using System.IO.Pipelines;
using System.Net;
using System.Net.Sockets;

namespace NFX.Glue.Transport;

/// <summary>TCP: a connected socket, read and written through pipes over a <see cref="NetworkStream"/>.</summary>
internal sealed class SocketTransport : GlueTransport
{
    // Pipe segments of 16 KB: small frames of one read land in one segment, big bodies in few.
    private const int SegmentSize = 16 * 1024;

    private readonly Socket _socket;
    private readonly NetworkStream _stream;
    private int _aborted;

    public SocketTransport(Socket socket)
    {
        _socket = socket;
        _socket.NoDelay = true;
        RemoteEndPoint = socket.RemoteEndPoint;
        _stream = new NetworkStream(socket, ownsSocket: true);
        Input = PipeReader.Create(_stream, new StreamPipeReaderOptions(bufferSize: SegmentSize, minimumReadSize: 4096, leaveOpen: true));
        Output = PipeWriter.Create(_stream, new StreamPipeWriterOptions(minimumBufferSize: SegmentSize, leaveOpen: true));
    }

    public override PipeReader Input { get; }

    public override PipeWriter Output { get; }

    public override EndPoint? RemoteEndPoint { get; }

    public static async ValueTask<SocketTransport> ConnectAsync(EndPoint endPoint, CancellationToken cancellationToken)
    {
        // A host name (DnsEndPoint) has no family yet: a dual-mode socket reaches both IPv4 and IPv6 addresses.
        Socket socket = endPoint.AddressFamily == AddressFamily.Unspecified
            ? new Socket(SocketType.Stream, ProtocolType.Tcp)
            : new Socket(endPoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            await socket.ConnectAsync(endPoint, cancellationToken).ConfigureAwait(false);
            return new SocketTransport(socket);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }

    public override void Abort()
    {
        if (Interlocked.Exchange(ref _aborted, 1) != 0)
        {
            return;
        }
        try
        {
            _socket.Shutdown(SocketShutdown.Both);
        }
        catch (SocketException)
        {
            // Already reset by the peer: nothing left to shut down.
        }
        catch (ObjectDisposedException)
        {
        }
        _stream.Dispose();
    }
}
