using System.IO.Pipelines;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Transport;

internal abstract partial class GlueConnection
{
    /// <summary>
    /// A StreamItems frame (writer loop): the batch is one Slim message of the batch registry. A batch over the size
    /// limit is split in halves (the registry restarted first, as for any body not sent); a single item over it fails
    /// its stream.
    /// </summary>
    private void WriteStreamItems(PipeWriter output, in OutgoingFrame frame)
    {
        IStreamSender sender = frame.ItemSender;
        if (!sender.IsLive)
        {
            return; // the stream ended on this end after the batch was queued: the peer must not get it
        }
        WriteStreamItems(output, frame.CallId, (Array)frame.Payload!, sender);
    }

    private void WriteStreamItems(PipeWriter output, int callId, Array batch, IStreamSender sender)
    {
        Span<byte> buffer = stackalloc byte[StreamFrames.MaxHeaderSize];
        var header = new HeaderWriter(buffer);
        StreamFrames.WriteCallId(ref header, callId);
        _body.Reset();
        try
        {
            Sender.Serialize(_body, batch);
        }
        catch (Exception e)
        {
            ResetSender(output);
            sender.OnItemFailed(new GlueSerializationException($"A stream item of {sender.MethodName} could not be serialized: {e.Message}", e));
            return;
        }
        long length = FrameCodec.FrameLength(header.Written.Length, _body.WrittenCount);
        if (length > MaxSendSize)
        {
            ResetSender(output);
            if (batch.Length > 1)
            {
                int half = batch.Length / 2;
                // The batch's own array type: no new type is made (which NativeAOT could not).
                Array first = Array.CreateInstanceFromArrayType(batch.GetType(), half);
                Array second = Array.CreateInstanceFromArrayType(batch.GetType(), batch.Length - half);
                Array.Copy(batch, 0, first, 0, half);
                Array.Copy(batch, half, second, 0, batch.Length - half);
                WriteStreamItems(output, callId, first, sender);
                WriteStreamItems(output, callId, second, sender);
                return;
            }
            sender.OnItemFailed(new GlueMessageTooLargeException(
                $"A stream item of {sender.MethodName} makes a {length}-byte message, over the {MaxSendSize}-byte limit of this connection " +
                "(the smaller of the two ends' MaxMessageSize).", length, MaxSendSize));
            return;
        }
        FrameCodec.Write(output, FrameType.StreamItems, header.Written, _body.WrittenSpan);
        _body.Reset();
    }
}
