using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Server.Streaming;

/// <summary>What a server-streaming implementation returned: the items to send, enumerated by the call itself.</summary>
internal abstract class DownloadSource
{
    /// <summary>Sends every item (each against a credit), then returns; throws what the implementation throws.</summary>
    public abstract Task RunAsync(ServerDownload download, CancellationToken cancellationToken);
}

/// <summary>The typed source: enumerated with the call's token, so the client's Cancel and the deadline reach the iterator.</summary>
internal sealed class DownloadSource<T>(IAsyncEnumerable<T> items) : DownloadSource
{
    public override async Task RunAsync(ServerDownload download, CancellationToken cancellationToken)
    {
        await StreamBatcher.PumpAsync(items, download.Credits, download.Send, cancellationToken).ConfigureAwait(false);
        download.ThrowIfFailed();
    }
}
