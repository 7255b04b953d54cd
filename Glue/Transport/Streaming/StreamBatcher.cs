namespace NFX.Glue.Transport.Streaming;

/// <summary>
/// The producing loop of a stream, shared by server result streams and client uploads: takes one credit per item and
/// sends the items that are ready together, as one <c>T[]</c> per StreamItems frame. A batch goes out as soon as the
/// source would wait, the credits run out or it holds <see cref="MaxBatch"/> items, so batching never delays an item
/// behind one that is not there yet.
/// </summary>
internal static class StreamBatcher
{
    /// <summary>The most items in one frame (the writer splits a batch whose frame would be over the size limit).</summary>
    public const int MaxBatch = 128;

    /// <summary>
    /// Enumerates <paramref name="source"/> with <paramref name="cancellationToken"/> and hands each batch to
    /// <paramref name="send"/> (false: stop, the stream is gone). Returns when the source ends; throws what it throws.
    /// </summary>
    public static async Task PumpAsync<T>(IAsyncEnumerable<T> source, StreamCredits credits, Func<Array, bool> send, CancellationToken cancellationToken)
    {
        await using IAsyncEnumerator<T> items = source.GetAsyncEnumerator(cancellationToken);
        T[]? batch = null;
        int count = 0;
        while (true)
        {
            ValueTask<bool> next = items.MoveNextAsync();
            if (!next.IsCompleted && count > 0)
            {
                // The source is about to wait: what is ready leaves now.
                if (!send(Cut(batch!, count)))
                {
                    return;
                }
                batch = null;
                count = 0;
            }
            bool more;
            try
            {
                more = await next.ConfigureAwait(false);
            }
            catch when (count > 0)
            {
                // The source failed (possibly before the check above saw it wait): the items it produced first still go.
                send(Cut(batch!, count));
                throw;
            }
            if (!more)
            {
                break;
            }
            if (!credits.TryTake())
            {
                if (count > 0)
                {
                    if (!send(Cut(batch!, count)))
                    {
                        return;
                    }
                    batch = null;
                    count = 0;
                }
                await credits.TakeAsync(cancellationToken).ConfigureAwait(false);
            }
            batch ??= new T[MaxBatch];
            batch[count++] = items.Current;
            if (count == MaxBatch)
            {
                if (!send(Cut(batch, count)))
                {
                    return;
                }
                batch = null;
                count = 0;
            }
        }
        if (count > 0)
        {
            send(Cut(batch!, count));
        }
    }

    private static Array Cut<T>(T[] batch, int count)
    {
        if (count == batch.Length)
        {
            return batch;
        }
        Array.Resize(ref batch, count);
        return batch;
    }
}
