using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Client.Streaming;

/// <summary>
/// Sends the caller's <c>IAsyncEnumerable&lt;T&gt;</c> argument as StreamItems frames, one item per credit the
/// server granted, then StreamEnd; or Cancel when the call ends first (answered early, timed out, canceled, the source
/// threw). The source is enumerated with a token that is canceled when the call ends.
/// </summary>
internal abstract class UploadPump : IStreamSender
{
    private readonly CancellationTokenSource _stop = new();

    protected StreamingCall Call { get; private set; } = null!;

    protected ClientConnection Connection { get; private set; } = null!;

    protected CancellationToken StopToken => _stop.Token;

    /// <summary>Credits from the server's StreamCredit frames.</summary>
    public StreamCredits Credits { get; } = new();

    public bool IsLive => !Call.IsFinished;

    public string MethodName => Call.Method?.DisplayName ?? "a stream";

    public void Start(ClientConnection connection, StreamingCall call)
    {
        Connection = connection;
        Call = call;
        _ = Task.Run(RunAsync);
    }

    /// <summary>The call ended: the source's token is canceled (asynchronously: this may run on the reader loop).</summary>
    public void Stop() => _ = _stop.CancelAsync();

    public void OnItemFailed(GlueException error) => Connection.FailStream(Call.CallId, error, sendCancel: false);

    protected abstract Task RunAsync();
}

/// <summary>The typed pump over the caller's source.</summary>
internal sealed class UploadPump<T>(IAsyncEnumerable<T> source) : UploadPump
{
    protected override async Task RunAsync()
    {
        bool ended = false;
        try
        {
            // A closed connection refuses the batch: the call fails with it.
            await StreamBatcher.PumpAsync(source, Credits, batch => Connection.Enqueue(OutgoingFrame.StreamItems(Call.CallId, batch, this)), StopToken)
                .ConfigureAwait(false);
            ended = !Call.IsFinished && Connection.Enqueue(OutgoingFrame.StreamEnd(Call.CallId, holdsCallSlot: false));
        }
        catch (OperationCanceledException) when (StopToken.IsCancellationRequested)
        {
            // The call ended first.
        }
        catch (Exception e)
        {
            // The caller's own source failed: the call fails with that exception, the server sees the call canceled.
            Connection.FailStream(Call.CallId, e, sendCancel: false);
        }
        finally
        {
            if (!ended)
            {
                // Closes the upload on the server (its last frame for it) and cancels the call there if it still runs.
                Connection.Enqueue(OutgoingFrame.Cancel(Call.CallId));
            }
        }
    }
}
