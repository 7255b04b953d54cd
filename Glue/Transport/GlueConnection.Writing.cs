using System.Buffers;
using System.IO.Pipelines;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;

namespace NFX.Glue.Transport;

internal abstract partial class GlueConnection
{
    /// <summary>Writes one queued frame into the pipe (writer loop only): encodes its header, serializes its body.</summary>
    private void WriteFrame(PipeWriter output, in OutgoingFrame frame)
    {
        if (frame.IsCall || frame.Type == FrameType.Result)
        {
            WriteCallFrame(output, in frame);
            return;
        }
        if (frame.Type is FrameType.StreamItems or FrameType.StreamCredit or FrameType.StreamEnd)
        {
            WriteStreamFrame(output, in frame);
            return;
        }
        WriteControlFrame(output, in frame);
    }

    /// <summary>A control frame: header and body by <see cref="ControlFrames"/>.</summary>
    private void WriteControlFrame(PipeWriter output, in OutgoingFrame frame)
    {
        Span<byte> buffer = stackalloc byte[ControlFrames.MaxHeaderSize];
        var header = new HeaderWriter(buffer);
        switch (frame.Type)
        {
            case FrameType.Draining:
                FrameCodec.Write(output, frame.Type, default, default);
                return;
            case FrameType.Cancel:
                ControlFrames.WriteCancel(ref header, frame.CallId);
                FrameCodec.Write(output, frame.Type, header.Written, default);
                return;
            case FrameType.Ping:
            case FrameType.Pong:
                ControlFrames.WritePing(ref header, frame.PingPayload);
                FrameCodec.Write(output, frame.Type, header.Written, default);
                if (frame.Type == FrameType.Pong)
                {
                    Interlocked.Decrement(ref _queuedControlAnswers);
                }
                return;
            case FrameType.Error:
                WriteError(output, frame.CallId, frame.Error);
                OnAnswerWritten(in frame);
                return;
            case FrameType.Goodbye:
                _control.Reset();
                ControlFrames.WriteGoodbye(_control, frame.GoodbyeReason, frame.GoodbyeMessage);
                FrameCodec.Write(output, frame.Type, default, _control.WrittenSpan);
                return;
            case FrameType.Bind:
                _control.Reset();
                ControlFrames.WriteBind(ref header, _control, frame.CallId, frame.ContractId, frame.BindRequest);
                WriteControl(output, frame.Type, header.Written);
                return;
            case FrameType.Bound:
                _control.Reset();
                ControlFrames.WriteBound(ref header, _control, frame.CallId, frame.ContractId, frame.BindAnswer);
                WriteControl(output, frame.Type, header.Written);
                // Protocol rule: the server's send registry starts afresh after a Bound frame, so the client can
                // switch to a receiver whose type policy covers the newly bound contract.
                Sender.Reset();
                Interlocked.Decrement(ref _queuedControlAnswers);
                return;
            default:
                throw new InvalidOperationException($"Frame type {frame.Type} cannot be queued.");
        }
    }

    /// <summary>A Call, OneWayCall (traced or not) or Result frame: header by <see cref="CallFrames"/>, then the Slim body.</summary>
    private void WriteCallFrame(PipeWriter output, in OutgoingFrame frame)
    {
        // Only a traced frame needs room for a trace state; the common frame keeps a small stack buffer.
        Span<byte> buffer = CallFrames.IsTraced(frame.Type)
            ? stackalloc byte[CallFrames.MaxTracedHeaderSize]
            : stackalloc byte[CallFrames.MaxUntracedHeaderSize];
        var header = new HeaderWriter(buffer);
        switch (frame.Type)
        {
            case FrameType.Call:
            case FrameType.TracedCall:
                if (!TimeLeft(in frame, out uint timeoutMs))
                {
                    return;
                }
                CallFrames.WriteCall(ref header, frame.Type, frame.CallId, frame.ContractId, frame.MethodId, timeoutMs, frame.Trace);
                WriteWithBody(output, in frame, header.Written);
                return;
            case FrameType.OneWayCall:
            case FrameType.TracedOneWayCall:
                CallFrames.WriteOneWay(ref header, frame.Type, frame.ContractId, frame.MethodId, frame.Trace);
                WriteWithBody(output, in frame, header.Written);
                return;
            default:
                CallFrames.WriteResult(ref header, frame.CallId);
                WriteWithBody(output, in frame, header.Written);
                OnAnswerWritten(in frame);
                return;
        }
    }

    /// <summary>A stream frame: header by <see cref="StreamFrames"/>; a batch of items is serialized here, in wire order.</summary>
    private void WriteStreamFrame(PipeWriter output, in OutgoingFrame frame)
    {
        Span<byte> buffer = stackalloc byte[StreamFrames.MaxHeaderSize];
        var header = new HeaderWriter(buffer);
        switch (frame.Type)
        {
            case FrameType.StreamItems:
                WriteStreamItems(output, in frame);
                return;
            case FrameType.StreamCredit:
                StreamFrames.WriteCredit(ref header, frame.CallId, frame.Credits);
                FrameCodec.Write(output, frame.Type, header.Written, default);
                return;
            default:
                StreamFrames.WriteCallId(ref header, frame.CallId);
                FrameCodec.Write(output, frame.Type, header.Written, default);
                OnAnswerWritten(in frame);
                return;
        }
    }

    /// <summary>False to drop a queued Call frame unsent (the call already ended); else the time the server gets.</summary>
    private static bool TimeLeft(in OutgoingFrame frame, out uint timeoutMs)
    {
        IOutgoingCall call = frame.Caller;
        timeoutMs = 0;
        if (!call.IsLive(frame.CallerGeneration) || !call.TryMarkWritten(frame.CallerGeneration))
        {
            // Finished (timed out, canceled) before it could be sent, already recycled, or withdrawn for a retry
            // elsewhere: marked before any byte goes out, so a withdrawn call provably never reached the server.
            return false;
        }
        if (call.Deadline != long.MaxValue)
        {
            // The server gets the time left, not an absolute time: the two clocks need not agree.
            timeoutMs = (uint)Math.Clamp(call.Deadline - Environment.TickCount64, 1, ProtocolConstants.MaxTimeoutMs);
        }
        return true;
    }

    private void WriteWithBody(PipeWriter output, in OutgoingFrame frame, ReadOnlySpan<byte> header)
    {
        ReadOnlySpan<byte> body = default;
        if (frame.HasBody)
        {
            _body.Reset();
            try
            {
                Sender.Serialize(_body, frame.Payload);
            }
            catch (Exception e)
            {
                BodyNotSerialized(output, in frame, e);
                return;
            }
            body = _body.WrittenSpan;
        }
        long length = FrameCodec.FrameLength(header.Length, body.Length);
        if (length > MaxSendSize)
        {
            FrameTooLarge(output, in frame, length);
            return;
        }
        FrameCodec.Write(output, frame.Type, header, body);
        _body.Reset(); // a large body's array goes back to the pool now, not at the next frame
        OnSent(in frame);
    }

    private void WriteControl(PipeWriter output, FrameType type, ReadOnlySpan<byte> header)
    {
        if (FrameCodec.FrameLength(header.Length, _control.Position) > MaxSendSize)
        {
            throw new GlueMessageTooLargeException(FrameCodec.FrameLength(header.Length, _control.Position), MaxSendSize);
        }
        FrameCodec.Write(output, type, header, _control.WrittenSpan);
    }
}
