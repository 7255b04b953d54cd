using System.Buffers;
using System.IO.Pipelines;
using System.Threading.Channels;
using Microsoft.Extensions.Logging;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Serialization;
using NFX.Glue.Telemetry;
using NFX.IO;

namespace NFX.Glue.Transport;

/// <summary>
/// One live link to a peer, shared by the client and server ends: a send queue drained by ONE writer loop that
/// serializes and coalesces frames into few socket writes, and ONE reader loop that handles every complete frame of
/// each read. Both loops run in wire order, which is what the Slim batch registries need.
/// </summary>
internal abstract partial class GlueConnection
{
    // Flush when this much is buffered even if more frames are queued: keeps latency bounded under load. Measured on
    // loopback with 64 callers and 1.3 KB answers: 16 KB split each burst of answers into about six sends, each waking
    // the peer's reader; 32 KB and 64 KB both cut CPU per call by a tenth to a fifth, 32 KB keeps the wait shorter.
    private const int FlushThreshold = 32 * 1024;

    // Pong and Bound frames a peer may have queued without reading them: a peer that floods Pings or Binds while not
    // reading its socket is cut off instead of growing the send queue without bound.
    private const int MaxQueuedControlAnswers = 1024;

    /// <summary>How long the Goodbye announcing a protocol error may take to flush before the link is torn down.</summary>
    private static readonly TimeSpan s_protocolErrorLinger = TimeSpan.FromSeconds(1);

    private readonly Channel<OutgoingFrame> _queue = Channel.CreateUnbounded<OutgoingFrame>(
        new UnboundedChannelOptions { SingleReader = true, SingleWriter = false, AllowSynchronousContinuations = false });

    private readonly SlimWriter _control = new(256);
    private readonly CancellationTokenSource _stopReading = new();
    private readonly TaskCompletionSource _closed = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly PooledBodyBuffer _body = new();
    private Task _writeLoop = Task.CompletedTask;
    private int _state;
    private Exception? _closeReason;
    private Exception? _gracefulReason;
    private int _queuedControlAnswers;
    private long _lastReceived = Environment.TickCount64;
    private long _lastHeartbeatSent;
    private long _heartbeats;
    private int _loopsStarted;
    private volatile bool _readerPaused;

    protected GlueConnection(GlueTransport transport, IGlueSerializer sender, IGlueSerializer receiver, int maxMessageSize,
        GlueMetrics metrics, GlueSide side, ILogger logger)
    {
        Transport = transport;
        Sender = sender;
        Receiver = receiver;
        MaxSendSize = maxMessageSize;
        MaxReceiveSize = maxMessageSize;
        Metrics = metrics;
        Side = side;
        Logger = logger;
    }

    public GlueMetrics Metrics { get; }

    public GlueSide Side { get; }

    protected ILogger Logger { get; }

    public GlueTransport Transport { get; }

    /// <summary>Used by the writer loop only.</summary>
    protected IGlueSerializer Sender { get; }

    /// <summary>Used by the reader loop only (replaced there when the registries restart).</summary>
    protected IGlueSerializer Receiver { get; set; }

    /// <summary>The largest frame this end sends; a bigger call fails locally and the connection stays up.</summary>
    public int MaxSendSize { get; protected set; }

    /// <summary>The largest frame this end accepts; a bigger length prefix closes the connection.</summary>
    public int MaxReceiveSize { get; protected set; }

    public bool IsClosed => Volatile.Read(ref _state) != 0;

    /// <summary>True once a graceful close has begun (or the connection is closed): no more frames are handled.</summary>
    public bool IsClosing => IsClosed || Volatile.Read(ref _gracefulReason) is not null;

    /// <summary>Why the connection closed (null while open).</summary>
    public Exception? CloseReason => Volatile.Read(ref _closeReason);

    /// <summary>Completes when the connection has closed and every pending call has been failed.</summary>
    public Task Completion => _closed.Task;

    /// <summary>Queues a frame for the writer loop; false when the connection is closing or closed.</summary>
    public bool Enqueue(in OutgoingFrame frame) => _queue.Writer.TryWrite(frame);

    /// <summary>Queues a Pong or Bound answer, refusing a peer that keeps asking without reading the answers.</summary>
    protected void EnqueueControlAnswer(in OutgoingFrame frame)
    {
        if (Interlocked.Increment(ref _queuedControlAnswers) > MaxQueuedControlAnswers)
        {
            throw new GlueProtocolException($"The peer has {MaxQueuedControlAnswers} Ping/Bind answers unread.");
        }
        Enqueue(frame);
    }

    /// <summary>Starts the reader and writer loops (after the handshake).</summary>
    protected void StartLoops()
    {
        Volatile.Write(ref _lastReceived, Environment.TickCount64);
        Volatile.Write(ref _loopsStarted, 1);
        Metrics.ConnectionsOpened.Add(1, Side.Tag());
        Metrics.ConnectionsActive.Add(1, Side.Tag());
        Log.ConnectionOpened(Logger, Side, Transport.RemoteEndPoint);
        _writeLoop = Task.Run(WriteLoopAsync);
        _ = Task.Run(ReadLoopAsync);
    }

    /// <summary>
    /// The reader is waiting for a call slot (server backpressure) and reads nothing, so silence from the peer proves
    /// nothing: the heartbeat timeout does not apply meanwhile.
    /// </summary>
    protected bool ReaderPaused
    {
        get => _readerPaused;
        set
        {
            _readerPaused = value;
            if (!value)
            {
                Volatile.Write(ref _lastReceived, Environment.TickCount64);
            }
        }
    }

    /// <summary>
    /// Heartbeat, called periodically: after <paramref name="interval"/> without receiving anything, sends a Ping (at
    /// most one per interval); after <paramref name="timeout"/> without receiving anything, closes the connection as
    /// dead. Either may be <see cref="Timeout.InfiniteTimeSpan"/> (off).
    /// </summary>
    public void CheckHeartbeat(long now, TimeSpan interval, TimeSpan timeout)
    {
        if (IsClosing || Volatile.Read(ref _loopsStarted) == 0)
        {
            return;
        }
        long silent = now - Volatile.Read(ref _lastReceived);
        if (timeout != Timeout.InfiniteTimeSpan && silent >= (long)timeout.TotalMilliseconds && !_readerPaused)
        {
            var error = new GlueConnectionException(
                $"Nothing was received from {Transport.RemoteEndPoint?.ToString() ?? "the peer"} for {silent} ms (heartbeat timeout {timeout.TotalMilliseconds:0} ms): the peer is considered dead.");
            Log.HeartbeatTimeout(Logger, Transport.RemoteEndPoint, silent);
            Abort(error);
            return;
        }
        if (interval != Timeout.InfiniteTimeSpan && silent >= (long)interval.TotalMilliseconds
            && now - Volatile.Read(ref _lastHeartbeatSent) >= (long)interval.TotalMilliseconds)
        {
            Volatile.Write(ref _lastHeartbeatSent, now);
            Enqueue(OutgoingFrame.Ping(ProtocolConstants.HeartbeatBit | (ulong)Interlocked.Increment(ref _heartbeats)));
        }
    }

    /// <summary>Sends Goodbye, lets the writer flush what is queued (at most <paramref name="linger"/>), then closes.</summary>
    public async Task CloseAsync(GoodbyeReason reason, string message, Exception closeReason, TimeSpan linger)
    {
        if (IsClosed)
        {
            // Another thread may be inside Abort right now: whoever closes the connection waits until it is closed
            // (metrics, logs and pending calls settled), so "closed" means the same for every caller.
            await Completion.ConfigureAwait(false);
            return;
        }
        Volatile.Write(ref _gracefulReason, closeReason);
        Enqueue(OutgoingFrame.Goodbye(reason, message));
        _queue.Writer.TryComplete();
        await Task.WhenAny(_writeLoop, Task.Delay(linger)).ConfigureAwait(false);
        Abort(closeReason);
    }

    /// <summary>Closes at once: wakes both loops, tears the transport down and fails what is pending. Idempotent.</summary>
    public void Abort(Exception reason)
    {
        if (Interlocked.Exchange(ref _state, 1) != 0)
        {
            return;
        }
        Volatile.Write(ref _closeReason, reason);
        _queue.Writer.TryComplete();
        _stopReading.Cancel();
        Transport.Abort();
        if (Volatile.Read(ref _loopsStarted) != 0)
        {
            Metrics.ConnectionsActive.Add(-1, Side.Tag());
            Log.ConnectionClosed(Logger, Side, Transport.RemoteEndPoint, reason.Message);
        }
        try
        {
            OnClosed(reason);
        }
        finally
        {
            _closed.TrySetResult();
        }
    }

    /// <summary>Fails or cancels everything pending on this end; called once, from <see cref="Abort"/>.</summary>
    protected abstract void OnClosed(Exception reason);

    /// <summary>Handles a frame the shared code does not (called by the reader loop, in wire order).</summary>
    protected abstract ValueTask HandleFrameAsync(FrameType type, ReadOnlySequence<byte> content);

    /// <summary>A Call or OneWayCall frame could not be sent (serialization failed, too large, or the call is done).</summary>
    protected virtual void OnSendFailed(in OutgoingFrame frame, Exception error)
    {
    }

    /// <summary>A Call or OneWayCall frame has been written to the pipe.</summary>
    protected virtual void OnSent(in OutgoingFrame frame)
    {
    }

    /// <summary>A Result or Error frame has been written (or replaced by an Error frame).</summary>
    protected virtual void OnAnswerWritten(in OutgoingFrame frame)
    {
    }

    /// <summary>Deserializes a body with <see cref="Receiver"/>; a failure becomes <see cref="GlueSerializationException"/>.</summary>
    protected object? Deserialize(in ReadOnlySequence<byte> body)
    {
        try
        {
            return Receiver.Deserialize(body);
        }
        catch (NFX.Slim.SlimTypeNotAllowedException e)
        {
            throw TypeRefused(e);
        }
        catch (Exception e) when (e is not GlueException)
        {
            throw new GlueSerializationException($"A received message could not be deserialized: {e.Message}", e);
        }
    }

    private async Task ReadLoopAsync()
    {
        PipeReader input = Transport.Input;
        Exception? error = null;
        try
        {
            while (!IsClosed)
            {
                ReadResult result = await input.ReadAsync(_stopReading.Token).ConfigureAwait(false);
                ReadOnlySequence<byte> buffer = result.Buffer;
                long received = buffer.Length;
                Volatile.Write(ref _lastReceived, Environment.TickCount64);
                try
                {
                    while (TryReadFrame(ref buffer, out FrameType type, out ReadOnlySequence<byte> content))
                    {
                        if (IsClosing)
                        {
                            // Closing gracefully: drain what the peer still sends (so closing does not reset the
                            // link before our last frames arrive) but handle none of it.
                            continue;
                        }
                        try
                        {
                            ValueTask handled = DispatchAsync(type, content);
                            if (handled.IsCompletedSuccessfully)
                            {
                                continue;
                            }
                            await handled.ConfigureAwait(false);
                        }
                        catch (Exception e) when (e is not GlueException and not OperationCanceledException)
                        {
                            // A value from the peer reached an API that refused it (ArgumentOutOfRange and the like):
                            // the peer broke the protocol, and is told so like for any other protocol error.
                            throw new GlueProtocolException($"A {type} frame could not be handled: {e.GetType().Name}: {e.Message}", e);
                        }
                    }
                }
                finally
                {
                    input.AdvanceTo(buffer.Start, buffer.End);
                    // Bytes of the frames handled in this read (a partial frame counts when it completes).
                    received -= buffer.Length;
                    if (received > 0 && Metrics.BytesReceived.Enabled)
                    {
                        Metrics.BytesReceived.Add(received, Side.Tag());
                    }
                }
                if (result.IsCompleted || result.IsCanceled)
                {
                    break;
                }
            }
        }
        catch (Exception e)
        {
            error = e;
        }
        finally
        {
            await input.CompleteAsync().ConfigureAwait(false);
        }
        if (error is null && Volatile.Read(ref _gracefulReason) is not null)
        {
            // A graceful close is under way: let the writer flush its last frames; CloseAsync aborts after that.
            return;
        }
        if (error is GlueProtocolException protocol && !IsClosing)
        {
            // The peer learns why before the link closes: Goodbye (reason 2) with the error's text.
            await CloseAsync(GoodbyeReason.ProtocolError, protocol.Message, protocol, s_protocolErrorLinger).ConfigureAwait(false);
            return;
        }
        Abort(error switch
        {
            null => new GlueConnectionException("The connection was closed by the peer."),
            GlueException g => g,
            OperationCanceledException => new GlueConnectionException("The connection was closed."),
            _ => new GlueConnectionException($"Receiving failed: {error.Message}", error),
        });
    }

    /// <summary>
    /// Takes the next frame off the front of <paramref name="buffer"/>. Text (or a TLS record) where a frame should start
    /// is said to be what it is: a peer that stopped speaking Glue, not a frame over the size limit.
    /// </summary>
    private bool TryReadFrame(ref ReadOnlySequence<byte> buffer, out FrameType type, out ReadOnlySequence<byte> content)
    {
        try
        {
            return FrameCodec.TryRead(ref buffer, MaxReceiveSize, out type, out content);
        }
        catch (GlueProtocolException) when (ForeignPeer.DescribeAfterHandshake(buffer, Side, PeerName()) is string foreign)
        {
            throw new GlueProtocolException(foreign);
        }
    }

    private ValueTask DispatchAsync(FrameType type, ReadOnlySequence<byte> content)
    {
        switch (type)
        {
            case FrameType.Ping:
            {
                var header = new HeaderReader(content);
                EnqueueControlAnswer(OutgoingFrame.Pong(ControlFrames.ReadPing(ref header)));
                return default;
            }
            case FrameType.Pong when IsHeartbeatPong(content):
                // The answer to a heartbeat: receiving it already counted as a sign of life.
                return default;
            case FrameType.ResetRegistry:
                Receiver.Reset();
                return default;
            case FrameType.Goodbye:
                (GoodbyeReason _, string message) = ControlFrames.ReadGoodbye(content);
                Abort(new GlueConnectionException($"The peer closed the connection: {message}"));
                return default;
            default:
                return HandleFrameAsync(type, content);
        }
    }

    private static bool IsHeartbeatPong(in ReadOnlySequence<byte> content)
    {
        var header = new HeaderReader(content);
        return ControlFrames.IsHeartbeat(ControlFrames.ReadPing(ref header));
    }

    private async Task WriteLoopAsync()
    {
        PipeWriter output = Transport.Output;
        ChannelReader<OutgoingFrame> queue = _queue.Reader;
        Exception? error = null;
        try
        {
            while (await queue.WaitToReadAsync().ConfigureAwait(false))
            {
                while (queue.TryRead(out OutgoingFrame frame))
                {
                    WriteFrame(output, in frame);
                    if (output.UnflushedBytes >= FlushThreshold && IsDone(await FlushAsync(output).ConfigureAwait(false)))
                    {
                        return;
                    }
                }
                if (IsDone(await FlushAsync(output).ConfigureAwait(false)))
                {
                    return;
                }
            }
        }
        catch (Exception e)
        {
            error = e;
        }
        finally
        {
            _body.Dispose(); // the only user of the body buffer is this loop, which ends here
            try
            {
                await output.CompleteAsync().ConfigureAwait(false);
            }
            catch (Exception)
            {
                // The link is already gone; the reason that matters is recorded below.
            }
            Abort(Volatile.Read(ref _gracefulReason) ?? (error is null
                ? new GlueConnectionException("The connection was closed.")
                : new GlueConnectionException($"Sending failed: {error.Message}", error)));
        }
    }

    private ValueTask<FlushResult> FlushAsync(PipeWriter output)
    {
        if (Metrics.BytesSent.Enabled)
        {
            long bytes = output.UnflushedBytes;
            if (bytes > 0)
            {
                Metrics.BytesSent.Add(bytes, Side.Tag());
            }
        }
        return output.FlushAsync();
    }

    private static bool IsDone(FlushResult result) => result.IsCompleted || result.IsCanceled;
}
