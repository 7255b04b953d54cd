using NFX.Glue.Contracts;
using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Server.Streaming;

/// <summary>
/// The result stream of one server-streaming call: items go out only against the client's credits, so a client that
/// stops reading stops the implementation's iterator (it waits for a credit) with at most one window
/// of items queued or in flight.
/// </summary>
internal sealed class ServerDownload(GlueConnection connection, int callId, MethodDescriptor method, CancellationTokenSource cancellation)
    : IStreamSender
{
    private volatile GlueException? _failure;

    public int CallId { get; } = callId;

    /// <summary>Credits from the client's StreamCredit frames.</summary>
    public StreamCredits Credits { get; } = new();

    /// <summary>An item that could not be sent (not serializable, too large): the stream ends with it.</summary>
    public GlueException? Failure => _failure;

    public bool IsLive => _failure is null;

    public string MethodName => method.DisplayName;

    /// <summary>Queues a batch of items (their credits taken); false when the stream has failed.</summary>
    public bool Send(Array batch)
    {
        ThrowIfFailed();
        // A closed connection cancels the call's token, which ends the iterator; nothing to do here.
        connection.Enqueue(OutgoingFrame.StreamItems(CallId, batch, this));
        return true;
    }

    public void ThrowIfFailed()
    {
        if (_failure is GlueException failure)
        {
            throw failure;
        }
    }

    public void OnItemFailed(GlueException error)
    {
        _failure ??= error;
        // Stops the iterator; the call then answers with an Error frame naming this failure.
        _ = cancellation.CancelAsync();
    }
}
