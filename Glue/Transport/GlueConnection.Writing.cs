using System.Diagnostics;
using System.Buffers;
using System.IO.Pipelines;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;

namespace NFX.Glue.Transport;

internal abstract partial class GlueConnection
{
    /// <summary>Writes one queued frame into the pipe (writer loop only): serializes its body, checks its size.</summary>
    private void WriteFrame(PipeWriter output, in OutgoingFrame frame)
    {
        if (frame.Type is FrameType.TracedCall or FrameType.TracedOneWayCall)
        {
            WriteTracedCall(output, in frame);
            return;
        }
        Span<byte> buffer = stackalloc byte[HeaderWriter.MaxSize];
        var header = new HeaderWriter(buffer);
        switch (frame.Type)
        {
            case FrameType.Call:
                if (!PrepareCall(in frame, out uint timeoutMs))
                {
                    return;
                }
                header.WriteVarUInt32((uint)frame.CallId);
                header.WriteVarUInt32((uint)frame.ContractId);
                header.WriteVarUInt32((uint)frame.MethodId);
                header.WriteVarUInt32(timeoutMs);
                WriteWithBody(output, in frame, header.Written);
                return;
            case FrameType.OneWayCall:
                header.WriteVarUInt32((uint)frame.ContractId);
                header.WriteVarUInt32((uint)frame.MethodId);
                WriteWithBody(output, in frame, header.Written);
                return;
            case FrameType.Result:
                header.WriteVarUInt32((uint)frame.CallId);
                WriteWithBody(output, in frame, header.Written);
                OnAnswerWritten(in frame);
                return;
            case FrameType.Draining:
                FrameCodec.Write(output, frame.Type, default, default);
                return;
            case FrameType.Cancel:
                header.WriteVarUInt32((uint)frame.CallId);
                FrameCodec.Write(output, frame.Type, header.Written, default);
                return;
            case FrameType.Ping:
                header.WriteFixed64(frame.Value);
                FrameCodec.Write(output, frame.Type, header.Written, default);
                return;
            case FrameType.Pong:
                header.WriteFixed64(frame.Value);
                FrameCodec.Write(output, frame.Type, header.Written, default);
                Interlocked.Decrement(ref _queuedControlAnswers);
                return;
            case FrameType.Error:
                WriteError(output, frame.CallId, (ErrorMessage)frame.State!);
                OnAnswerWritten(in frame);
                return;
            case FrameType.Goodbye:
                _control.Reset();
                ControlCodec.WriteGoodbye(_control, (GoodbyeReason)frame.Value, (string?)frame.State ?? string.Empty);
                FrameCodec.Write(output, frame.Type, default, _control.WrittenSpan);
                return;
            case FrameType.Bind:
                header.WriteVarUInt32((uint)frame.CallId);
                header.WriteVarUInt32((uint)frame.ContractId);
                _control.Reset();
                HandshakeCodec.WriteContractRequest(_control, (ContractRequest)frame.State!);
                WriteControl(output, frame.Type, header.Written);
                return;
            case FrameType.Bound:
                header.WriteVarUInt32((uint)frame.CallId);
                header.WriteVarUInt32((uint)frame.ContractId);
                _control.Reset();
                HandshakeCodec.WriteContractAnswer(_control, (ContractAnswer)frame.State!);
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

    /// <summary>A call frame with the caller's trace context after the usual header (kept apart: its header buffer is bigger).</summary>
    private void WriteTracedCall(PipeWriter output, in OutgoingFrame frame)
    {
        Span<byte> buffer = stackalloc byte[HeaderWriter.MaxSize + TraceContextCodec.MaxSize];
        var header = new HeaderWriter(buffer);
        if (frame.Type == FrameType.TracedCall)
        {
            if (!PrepareCall(in frame, out uint timeoutMs))
            {
                return;
            }
            header.WriteVarUInt32((uint)frame.CallId);
            header.WriteVarUInt32((uint)frame.ContractId);
            header.WriteVarUInt32((uint)frame.MethodId);
            header.WriteVarUInt32(timeoutMs);
        }
        else
        {
            header.WriteVarUInt32((uint)frame.ContractId);
            header.WriteVarUInt32((uint)frame.MethodId);
        }
        ActivityContext trace = ((ITraceCarrier)frame.State!).TraceContext;
        TraceContextCodec.Write(ref header, in trace);
        WriteWithBody(output, in frame, header.Written);
    }

    private void WriteWithBody(PipeWriter output, in OutgoingFrame frame, ReadOnlySpan<byte> header)
    {
        ReadOnlySpan<byte> body = default;
        if (frame.HasBody)
        {
            _body.ResetWrittenCount();
            try
            {
                Sender.Serialize(_body, frame.Payload);
            }
            catch (Exception e)
            {
                // The registry may have learned types that never reached the peer: restart both ends' registries.
                ResetSender(output);
                SendFailed(output, in frame, new GlueSerializationException(
                    $"The {(frame.Type == FrameType.Result ? "result" : "arguments")} could not be serialized: {e.Message}", e));
                return;
            }
            body = _body.WrittenSpan;
        }
        long length = FrameCodec.FrameLength(header.Length, body.Length);
        if (length > MaxSendSize)
        {
            if (frame.HasBody)
            {
                ResetSender(output);
            }
            SendFailed(output, in frame, TooLarge(in frame, length));
            return;
        }
        FrameCodec.Write(output, frame.Type, header, body);
        if (_body.Capacity > KeepBodyBufferBytes)
        {
            _body = new ArrayBufferWriter<byte>(4096);
        }
        OnSent(in frame);
    }

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
        ControlCodec.WriteError(_control, callId, error);
        if (FrameCodec.FrameLength(0, _control.Position) > MaxSendSize)
        {
            // Too big with its stack trace and exception object: the type and a short message always fit.
            string message = error.Message.Length > 200 ? error.Message[..200] : error.Message;
            _control.Reset();
            ControlCodec.WriteError(_control, callId, error with { Message = message, StackTrace = null, ExceptionBytes = null });
        }
        FrameCodec.Write(output, FrameType.Error, default, _control.WrittenSpan);
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
