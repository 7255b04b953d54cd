using NFX.Glue.Contracts;
using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Server.Streaming;

/// <summary>
/// The result stream of one server-streaming call: items go out only against the client's credits, so a client that
/// stops reading stops the implementation's iterator (it waits in <see cref="SendAsync"/>) with at most one window
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

    /// <summary>Queues one item once a credit is there.</summary>
    public ValueTask SendAsync(object? item, CancellationToken cancellationToken)
    {
        ValueTask credit = Credits.TakeAsync(cancellationToken);
        if (credit.IsCompletedSuccessfully)
        {
            Queue(item);
            return default;
        }
        return SendAfterCreditAsync(credit, item);
    }

    private async ValueTask SendAfterCreditAsync(ValueTask credit, object? item)
    {
        await credit.ConfigureAwait(false);
        Queue(item);
    }

    private void Queue(object? item)
    {
        ThrowIfFailed();
        // A closed connection cancels the call's token, which ends the iterator; nothing to do here.
        connection.Enqueue(OutgoingFrame.StreamItem(CallId, item, this));
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
