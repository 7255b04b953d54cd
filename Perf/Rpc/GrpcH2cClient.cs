using System.Buffers.Binary;
using System.Net;
using System.Net.Http.Headers;
using Google.Protobuf;
using NFX.Perf.Rpc.Proto;

namespace NFX.Perf.Rpc;

/// <summary>
/// The gRPC contender's client: unary gRPC calls over HttpClient with HTTP/2 cleartext (prior knowledge), the way
/// grpc-dotnet's GrpcChannel drives SocketsHttpHandler (several HTTP/2 connections allowed, since each carries at most
/// 100 concurrent streams by default), with Google.Protobuf messages framed by hand.
/// </summary>
public sealed class GrpcH2cClient : IDisposable
{
    private static readonly MediaTypeHeaderValue s_grpc = new("application/grpc");
    private readonly HttpClient _http;
    private readonly Uri _sum;
    private readonly Uri _echo;
    private readonly Uri _dbWork;

    /// <summary>A client of the server on loopback <paramref name="port"/>.</summary>
    public GrpcH2cClient(int port)
    {
        var handler = new SocketsHttpHandler
        {
            EnableMultipleHttp2Connections = true,
            PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
            UseProxy = false,
            AllowAutoRedirect = false,
        };
        _http = new HttpClient(handler)
        {
            DefaultRequestVersion = HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Timeout = TimeSpan.FromSeconds(30),
        };
        var root = new Uri($"http://127.0.0.1:{port}");
        _sum = new Uri(root, GrpcH2cServer.SumPath);
        _echo = new Uri(root, GrpcH2cServer.EchoPath);
        _dbWork = new Uri(root, GrpcH2cServer.DbWorkPath);
    }

    /// <summary>W1.</summary>
    public async ValueTask<int> SumAsync(int a, int b) => (await CallAsync(_sum, new SumRequest { A = a, B = b }, SumReply.Parser)).Sum;

    /// <summary>W2.</summary>
    public async ValueTask<string> EchoAsync(string text) => (await CallAsync(_echo, new EchoMessage { Text = text }, EchoMessage.Parser)).Text;

    /// <summary>W3.</summary>
    public ValueTask<DbReply> DbWorkAsync(int id) => CallAsync(_dbWork, new DbRequest { Id = id }, DbReply.Parser);

    /// <inheritdoc/>
    public void Dispose() => _http.Dispose();

    private async ValueTask<TReply> CallAsync<TRequest, TReply>(Uri uri, TRequest request, MessageParser<TReply> parser)
        where TRequest : IMessage<TRequest>
        where TReply : IMessage<TReply>
    {
        int size = request.CalculateSize();
        byte[] body = new byte[5 + size];
        BinaryPrimitives.WriteUInt32BigEndian(body.AsSpan(1), (uint)size);
        request.WriteTo(body.AsSpan(5));
        using var message = new HttpRequestMessage(HttpMethod.Post, uri)
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = new ByteArrayContent(body),
        };
        message.Content.Headers.ContentType = s_grpc;
        message.Headers.TE.ParseAdd("trailers");
        using HttpResponseMessage response = await _http.SendAsync(message, HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        byte[] reply = await response.Content.ReadAsByteArrayAsync();
        if (!response.TrailingHeaders.TryGetValues("grpc-status", out IEnumerable<string>? status) || status.FirstOrDefault() != "0")
        {
            throw new InvalidOperationException("The gRPC call did not end with grpc-status 0.");
        }
        if (reply.Length < 5)
        {
            throw new InvalidDataException("Truncated gRPC reply.");
        }
        int length = (int)BinaryPrimitives.ReadUInt32BigEndian(reply.AsSpan(1));
        return parser.ParseFrom(reply.AsSpan(5, length));
    }
}
