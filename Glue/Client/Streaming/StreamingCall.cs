using NFX.Glue.Client.Calls;
using NFX.Glue.Protocol;
using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Client.Streaming;

/// <summary>
/// A call that carries a stream: a result stream from the server (<see cref="DownloadCall{T}"/>), an upload to it
/// (<see cref="UploadPump"/>), or both. Its outcome is a pending call's (answer, error, timeout, cancellation, lost
/// connection, each exactly once); its streams start when the Call frame has been written.
/// </summary>
internal abstract class StreamingCall : PendingCall
{
    protected StreamingCall(UploadPump? upload) => Upload = upload;

    /// <summary>The stream this end uploads (null: none).</summary>
    public UploadPump? Upload { get; }

    /// <summary>Flow control of the result stream (null: the server streams nothing back).</summary>
    public StreamWindow? Window { get; protected init; }

    /// <summary>The connection the call started on (set before its frame is queued).</summary>
    public ClientConnection Connection { get; set; } = null!;

    /// <summary>A batch of the result stream (reader loop, deserialized): counted against the window, then buffered.</summary>
    public virtual void Deliver(object? body) =>
        throw new GlueProtocolException($"Stream items for call {CallId}, which streams no result.");

    /// <summary>The Call frame has been written (writer loop): grant the first window, start uploading.</summary>
    public void OnCallSent()
    {
        if (Window is not null)
        {
            Connection.Enqueue(OutgoingFrame.StreamCredit(CallId, Window.Open()));
        }
        Upload?.Start(Connection, this);
    }

    /// <summary>The call has its outcome: the upload stops (its producer's token is canceled).</summary>
    protected void Ended() => Upload?.Stop();
}
