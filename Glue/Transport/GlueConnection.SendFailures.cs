using System.IO.Pipelines;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;

namespace NFX.Glue.Transport;

/// <summary>What the writer loop does when a frame cannot go out as queued.</summary>
internal abstract partial class GlueConnection
{
    /// <summary>The body threw while serializing: both ends' registries restart and the caller (or the peer) learns why.</summary>
    private void BodyNotSerialized(PipeWriter output, in OutgoingFrame frame, Exception error)
    {
        // The registry may have learned types that never reached the peer: restart both ends' registries.
        ResetSender(output);
        SendFailed(output, in frame, new GlueSerializationException(
            $"The {(frame.Type == FrameType.Result ? "result" : "arguments")} could not be serialized: {error.Message}", error));
    }

    /// <summary>The frame is over the peer's maximum message size.</summary>
    private void FrameTooLarge(PipeWriter output, in OutgoingFrame frame, long length)
    {
        if (frame.HasBody)
        {
            ResetSender(output);
        }
        SendFailed(output, in frame, TooLarge(in frame, length));
    }

    /// <summary>A result that cannot be sent becomes an Error frame for the caller; a call fails on this end.</summary>
    private void SendFailed(PipeWriter output, in OutgoingFrame frame, GlueException error)
    {
        if (frame.Type == FrameType.Result)
        {
            ErrorKind kind = error is GlueMessageTooLargeException ? ErrorKind.MessageTooLarge : ErrorKind.Serialization;
            WriteError(output, frame.CallId, new ErrorMessage(kind, error.GetType().FullName!, error.Message, null, null));
            return;
        }
        OnSendFailed(in frame, error);
    }

    private void ResetSender(PipeWriter output)
    {
        Sender.Reset();
        FrameCodec.Write(output, FrameType.ResetRegistry, default, default);
    }

    private void WriteError(PipeWriter output, int callId, ErrorMessage error)
    {
        _control.Reset();
        ControlFrames.WriteError(_control, callId, error);
        if (FrameCodec.FrameLength(0, _control.Position) > MaxSendSize)
        {
            // Too big with its stack trace and exception object: the type and a short message always fit.
            string message = error.Message.Length > 200 ? error.Message[..200] : error.Message;
            _control.Reset();
            ControlFrames.WriteError(_control, callId, error with { Message = message, StackTrace = null, ExceptionBytes = null });
        }
        FrameCodec.Write(output, FrameType.Error, default, _control.WrittenSpan);
    }
}
