namespace NFX.Glue.Client.Streaming;

/// <summary>
/// The <c>IAsyncEnumerable&lt;T&gt;</c> a streaming proxy method returns. Cold, like a C# iterator: each enumeration
/// is one call, started at its first <c>MoveNextAsync</c>; the token given to <c>GetAsyncEnumerator</c> (or
/// <c>WithCancellation</c>) cancels it, besides the method's own token and the scope's.
/// </summary>
internal sealed class ProxyStream<TItem>(StreamRequest request, Func<UploadPump>? upload, int window) : IAsyncEnumerable<TItem>
{
    public IAsyncEnumerator<TItem> GetAsyncEnumerator(CancellationToken cancellationToken = default) =>
        new DownloadCall<TItem>(request, upload?.Invoke(), window, cancellationToken);
}
