using NFX.Glue.Client.Calls;
using NFX.Glue.Client.Streaming;

namespace NFX.Glue.Generated;

public abstract partial class GlueProxy
{
    private int StreamWindow => _context.Client.Options.StreamWindow;

    /// <summary>Calls a method returning <see cref="IAsyncEnumerable{T}"/>: the call starts when the enumeration does.</summary>
    protected IAsyncEnumerable<TItem> CallStream<TArgs, TItem>(int methodId, TArgs args, CancellationToken cancellationToken) =>
        new ProxyStream<TItem>(new StreamRequest(_context, methodId, args, cancellationToken), null, StreamWindow);

    /// <summary>Calls a method that takes an <see cref="IAsyncEnumerable{T}"/> and returns one (both ends stream).</summary>
    protected IAsyncEnumerable<TItem> CallDuplex<TArgs, TUp, TItem>(int methodId, TArgs args, IAsyncEnumerable<TUp> upload, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(upload);
        return new ProxyStream<TItem>(new StreamRequest(_context, methodId, args, cancellationToken), () => new UploadPump<TUp>(upload), StreamWindow);
    }

    /// <summary>Calls a method returning <see cref="Task"/> that takes an uploaded stream.</summary>
    protected Task CallUploadTask<TArgs, TUp>(int methodId, TArgs args, IAsyncEnumerable<TUp> upload, CancellationToken cancellationToken) =>
        UploadAsync<TArgs, TUp, VoidResult>(methodId, args, upload, cancellationToken);

    /// <summary>Calls a method returning <see cref="Task{TResult}"/> that takes an uploaded stream.</summary>
    protected Task<TResult> CallUploadTaskOf<TArgs, TUp, TResult>(int methodId, TArgs args, IAsyncEnumerable<TUp> upload, CancellationToken cancellationToken) =>
        UploadAsync<TArgs, TUp, TResult>(methodId, args, upload, cancellationToken);

    /// <summary>Calls a method returning <see cref="ValueTask"/> that takes an uploaded stream.</summary>
    protected ValueTask CallUploadValueTask<TArgs, TUp>(int methodId, TArgs args, IAsyncEnumerable<TUp> upload, CancellationToken cancellationToken) =>
        new(UploadAsync<TArgs, TUp, VoidResult>(methodId, args, upload, cancellationToken));

    /// <summary>Calls a method returning <see cref="ValueTask{TResult}"/> that takes an uploaded stream.</summary>
    protected ValueTask<TResult> CallUploadValueTaskOf<TArgs, TUp, TResult>(int methodId, TArgs args, IAsyncEnumerable<TUp> upload, CancellationToken cancellationToken) =>
        new(UploadAsync<TArgs, TUp, TResult>(methodId, args, upload, cancellationToken));

    private async Task<TResult> UploadAsync<TArgs, TUp, TResult>(int methodId, TArgs args, IAsyncEnumerable<TUp> upload, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(upload);
        // Captures the scope before the first await: the settings of the flow that made the call.
        var request = new StreamRequest(_context, methodId, args, cancellationToken);
        var call = new UploadCall<TResult>(new UploadPump<TUp>(upload));
        using CancellationTokenSource? linked = await request.StartAsync(call, CancellationToken.None).ConfigureAwait(false);
        return await call.Result.ConfigureAwait(false);
    }
}
