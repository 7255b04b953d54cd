using System.IO.Pipelines;
using System.Net;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;

namespace NFX.Glue.Transport;

/// <summary>
/// TCP: a connected socket, read and written through pipes over a <see cref="NetworkStream"/>, or over an
/// <see cref="SslStream"/> around it when TLS is on.
/// </summary>
internal sealed class SocketTransport : GlueTransport
{
    // Pipe segments of 32 KB: small frames of one read land in one segment, a burst of answers in few reads (with 16 KB
    // a burst of 64 answers of 1.3 KB took six or more receive calls, and more frames straddled two segments). A
    // connection waiting to read holds one segment, so 1024 idle connections hold 32 MB.
    private const int SegmentSize = 32 * 1024;

    private readonly Socket _socket;
    private readonly Stream _stream;
    private int _aborted;

    private SocketTransport(Socket socket, Stream stream)
    {
        _socket = socket;
        _stream = stream;
        RemoteEndPoint = socket.RemoteEndPoint;
        RemoteCertificate = (stream as SslStream)?.RemoteCertificate as X509Certificate2;
        Input = PipeReader.Create(stream, new StreamPipeReaderOptions(bufferSize: SegmentSize, minimumReadSize: 4096, leaveOpen: true));
        Output = PipeWriter.Create(stream, new StreamPipeWriterOptions(minimumBufferSize: SegmentSize, leaveOpen: true));
    }

    public override PipeReader Input { get; }

    public override PipeWriter Output { get; }

    public override EndPoint? RemoteEndPoint { get; }

    public override X509Certificate2? RemoteCertificate { get; }

    /// <summary>Connects (and runs the TLS handshake when <paramref name="tls"/> is set).</summary>
    /// <exception cref="GlueAuthenticationException">The TLS handshake failed.</exception>
    public static async ValueTask<SocketTransport> ConnectAsync(EndPoint endPoint, GlueClientTls? tls, CancellationToken cancellationToken)
    {
        // A host name (DnsEndPoint) has no family yet: a dual-mode socket reaches both IPv4 and IPv6 addresses.
        Socket socket = endPoint.AddressFamily == AddressFamily.Unspecified
            ? new Socket(SocketType.Stream, ProtocolType.Tcp)
            : new Socket(endPoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            await socket.ConnectAsync(endPoint, cancellationToken).ConfigureAwait(false);
            return await OpenAsync(socket, tls is null ? null : (ssl, ct) => ssl.AuthenticateAsClientAsync(tls.ToSslOptions(HostOf(endPoint)), ct),
                cancellationToken).ConfigureAwait(false);
        }
        catch (AuthenticationException e)
        {
            socket.Dispose();
            throw new GlueAuthenticationException($"The TLS handshake with {endPoint} failed: {e.Message}", e);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }

    /// <summary>Wraps an accepted socket, running the server side of the TLS handshake when <paramref name="tls"/> is set.</summary>
    public static async ValueTask<SocketTransport> AcceptAsync(Socket socket, SslServerAuthenticationOptions? tls, CancellationToken cancellationToken)
    {
        try
        {
            return await OpenAsync(socket, tls is null ? null : (ssl, ct) => ssl.AuthenticateAsServerAsync(tls, ct), cancellationToken)
                .ConfigureAwait(false);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }

    /// <summary>
    /// The streams over a connected socket: the socket's own, or TLS around it after <paramref name="authenticate"/>
    /// (either end's handshake). A TLS stream whose handshake fails is disposed here; the caller disposes the socket.
    /// </summary>
    private static async ValueTask<SocketTransport> OpenAsync(Socket socket, Func<SslStream, CancellationToken, Task>? authenticate,
        CancellationToken cancellationToken)
    {
        socket.NoDelay = true;
        var network = new NetworkStream(socket, ownsSocket: true);
        if (authenticate is null)
        {
            return new SocketTransport(socket, network);
        }
        var ssl = new SslStream(network, leaveInnerStreamOpen: false);
        try
        {
            await authenticate(ssl, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            await ssl.DisposeAsync().ConfigureAwait(false);
            throw;
        }
        return new SocketTransport(socket, ssl);
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
        try
        {
            _stream.Dispose();
        }
        catch (IOException)
        {
            // SslStream may try to send close_notify on a dead link.
        }
        _socket.Dispose();
    }

    private static string HostOf(EndPoint endPoint) => endPoint switch
    {
        DnsEndPoint dns => dns.Host,
        IPEndPoint ip => ip.Address.ToString(),
        _ => endPoint.ToString() ?? string.Empty,
    };
}
