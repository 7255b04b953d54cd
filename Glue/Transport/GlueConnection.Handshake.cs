using System.Buffers;
using System.IO.Pipelines;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Glue.Transport;

internal abstract partial class GlueConnection
{
    /// <summary>
    /// Reads one handshake frame before the loops start; its length is checked against the small handshake limit
    /// before it is buffered, and its content is copied out so the pipe can move on.
    /// </summary>
    protected async ValueTask<(FrameType Type, ReadOnlySequence<byte> Content)> ReadHandshakeFrameAsync(CancellationToken cancellationToken)
    {
        PipeReader input = Transport.Input;
        while (true)
        {
            ReadResult result = await input.ReadAsync(cancellationToken).ConfigureAwait(false);
            ReadOnlySequence<byte> buffer = result.Buffer;
            bool framed;
            FrameType type;
            ReadOnlySequence<byte> content;
            try
            {
                framed = FrameCodec.TryRead(ref buffer, ProtocolConstants.MaxHandshakeFrame, out type, out content);
            }
            catch (GlueProtocolException) when (ForeignPeer.Describe(result.Buffer, Side, PeerName()) is string foreign)
            {
                // A first length over the handshake limit: a peer that speaks another protocol (HTTP's "HTTP" reads as
                // 1,347,703,880 bytes). Say what it looks like instead of quoting that length.
                throw new GlueProtocolException(foreign);
            }
            if (framed)
            {
                byte[] copy = content.ToArray();
                input.AdvanceTo(buffer.Start);
                return (type, new ReadOnlySequence<byte>(copy));
            }
            input.AdvanceTo(buffer.Start, buffer.End);
            if (result.IsCompleted || result.IsCanceled)
            {
                throw new GlueConnectionException("The peer closed the connection during the handshake.");
            }
        }
    }

    private string PeerName() => Transport.RemoteEndPoint is { } remote ? "at " + remote : "on the other end";

    /// <summary>Writes and flushes one handshake frame whose body is in <paramref name="body"/>.</summary>
    protected async ValueTask WriteHandshakeFrameAsync(FrameType type, SlimWriter body, CancellationToken cancellationToken)
    {
        FrameCodec.Write(Transport.Output, type, default, body.WrittenSpan);
        FlushResult flushed = await Transport.Output.FlushAsync(cancellationToken).ConfigureAwait(false);
        if (flushed.IsCompleted || flushed.IsCanceled)
        {
            throw new GlueConnectionException("The peer closed the connection during the handshake.");
        }
    }

    /// <summary>Closes a connection whose loops never started, completing the pipes they would have owned.</summary>
    protected void AbortHandshake(Exception reason)
    {
        Abort(reason);
        Transport.Input.Complete();
        Transport.Output.Complete();
    }
}
