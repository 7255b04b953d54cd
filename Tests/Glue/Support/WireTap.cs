using System.Buffers;
using System.Buffers.Binary;
using System.IO.Pipelines;
using NFX.Glue;
using NFX.Glue.Protocol;
using NFX.Glue.Transport;

namespace NFX.Tests.Glue.Support;

/// <summary>
/// An in-memory link with a recorder in the middle: everything the client sends and the server answers is kept, so
/// tests can look at the frames on the wire.
/// </summary>
internal sealed class WireTap
{
    private readonly GlueServer _server;
    private readonly MemoryStream _clientToServer = new();
    private readonly MemoryStream _serverToClient = new();

    public WireTap(GlueServer server) => _server = server;

    public ValueTask<GlueTransport> ConnectAsync(CancellationToken cancellationToken)
    {
        (PipeTransport client, PipeTransport tapClientSide) = PipeTransport.CreatePair();
        (PipeTransport tapServerSide, PipeTransport server) = PipeTransport.CreatePair();
        _ = PumpAsync(tapClientSide.Input, tapServerSide.Output, _clientToServer);
        _ = PumpAsync(tapServerSide.Input, tapClientSide.Output, _serverToClient);
        _ = _server.Accept(server);
        return new ValueTask<GlueTransport>(client);
    }

    /// <summary>The frames the client sent so far, as (type, content after the type byte).</summary>
    public List<(FrameType Type, byte[] Content)> ClientFrames() => Split(_clientToServer);

    /// <summary>The frames the server sent so far.</summary>
    public List<(FrameType Type, byte[] Content)> ServerFrames() => Split(_serverToClient);

    private static List<(FrameType, byte[])> Split(MemoryStream recorded)
    {
        byte[] bytes;
        lock (recorded)
        {
            bytes = recorded.ToArray();
        }
        var frames = new List<(FrameType, byte[])>();
        int offset = 0;
        while (offset + 4 <= bytes.Length)
        {
            int length = (int)BinaryPrimitives.ReadUInt32LittleEndian(bytes.AsSpan(offset));
            if (offset + 4 + length > bytes.Length)
            {
                break;
            }
            frames.Add(((FrameType)bytes[offset + 4], bytes.AsSpan(offset + 5, length - 1).ToArray()));
            offset += 4 + length;
        }
        return frames;
    }

    private static async Task PumpAsync(PipeReader from, PipeWriter to, MemoryStream record)
    {
        try
        {
            while (true)
            {
                ReadResult result = await from.ReadAsync();
                foreach (ReadOnlyMemory<byte> segment in result.Buffer)
                {
                    lock (record)
                    {
                        record.Write(segment.Span);
                    }
                    await to.WriteAsync(segment);
                }
                from.AdvanceTo(result.Buffer.End);
                if (result.IsCompleted || result.IsCanceled)
                {
                    break;
                }
            }
        }
        catch (Exception)
        {
            // The link was torn down; the recording so far is what the test looks at.
        }
        await from.CompleteAsync();
        await to.CompleteAsync();
    }
}
