using System.Buffers;
using System.Buffers.Binary;
using System.IO.Pipelines;
using System.Net;
using Google.Protobuf;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using NFX.Perf.Rpc.Proto;

namespace NFX.Perf.Rpc;

/// <summary>
/// The gRPC contender's server: the gRPC protocol on Kestrel over HTTP/2 cleartext (h2c), framed by hand because
/// Grpc.AspNetCore is not on this machine's package source. Each method reads the 5-byte length-prefixed request,
/// writes the length-prefixed reply and the <c>grpc-status: 0</c> trailer, as grpc-dotnet does on the wire.
/// </summary>
public sealed class GrpcH2cServer : IAsyncDisposable
{
    /// <summary>The gRPC paths of the three methods.</summary>
    public const string SumPath = "/nfx.perf.rpc.RpcBench/Sum";

    /// <summary>W2.</summary>
    public const string EchoPath = "/nfx.perf.rpc.RpcBench/Echo";

    /// <summary>W3.</summary>
    public const string DbWorkPath = "/nfx.perf.rpc.RpcBench/DbWork";

    private readonly WebApplication _app;

    private GrpcH2cServer(WebApplication app, int port)
    {
        _app = app;
        Port = port;
    }

    /// <summary>The loopback port it listens on.</summary>
    public int Port { get; }

    /// <summary>Starts Kestrel on a free loopback port, HTTP/2 only.</summary>
    public static async Task<GrpcH2cServer> StartAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.AddServerHeader = false;
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http2);
        });
        WebApplication app = builder.Build();
        app.MapPost(SumPath, (RequestDelegate)(async context =>
        {
            SumRequest request = await ReadAsync(context, SumRequest.Parser);
            await WriteAsync(context, new SumReply { Sum = request.A + request.B });
        }));
        app.MapPost(EchoPath, (RequestDelegate)(async context =>
        {
            EchoMessage request = await ReadAsync(context, EchoMessage.Parser);
            await WriteAsync(context, request);
        }));
        app.MapPost(DbWorkPath, (RequestDelegate)(async context =>
        {
            await ReadAsync(context, DbRequest.Parser);
            await WriteAsync(context, RpcData.RowsMessage);
        }));
        await app.StartAsync();
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        return new GrpcH2cServer(app, new Uri(address).Port);
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }

    private static async Task<T> ReadAsync<T>(HttpContext context, MessageParser<T> parser) where T : IMessage<T>
    {
        PipeReader body = context.Request.BodyReader;
        while (true)
        {
            ReadResult result = await body.ReadAsync();
            ReadOnlySequence<byte> buffer = result.Buffer;
            if (TryParse(buffer, parser, out T? message, out long consumed))
            {
                body.AdvanceTo(buffer.GetPosition(consumed));
                return message;
            }
            if (result.IsCompleted)
            {
                throw new InvalidDataException("Truncated gRPC request.");
            }
            body.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    private static bool TryParse<T>(in ReadOnlySequence<byte> buffer, MessageParser<T> parser, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out T? message, out long consumed)
        where T : IMessage<T>
    {
        message = default;
        consumed = 0;
        if (buffer.Length < 5)
        {
            return false;
        }
        Span<byte> prefix = stackalloc byte[5];
        buffer.Slice(0, 5).CopyTo(prefix);
        long length = BinaryPrimitives.ReadUInt32BigEndian(prefix[1..]);
        if (buffer.Length < 5 + length)
        {
            return false;
        }
        message = parser.ParseFrom(buffer.Slice(5, length));
        consumed = 5 + length;
        return true;
    }

    private static async Task WriteAsync<T>(HttpContext context, T reply) where T : IMessage<T>
    {
        context.Response.ContentType = "application/grpc";
        int size = reply.CalculateSize();
        PipeWriter output = context.Response.BodyWriter;
        Span<byte> span = output.GetSpan(5 + size);
        span[0] = 0;
        BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)size);
        reply.WriteTo(span.Slice(5, size));
        output.Advance(5 + size);
        context.Response.AppendTrailer("grpc-status", "0");
        await output.FlushAsync();
    }
}
