using System.Runtime.CompilerServices;

namespace NFX.Tests.GlueStreaming.Support;

/// <summary>The streaming service, recording what its iterators did so tests can see the server's side.</summary>
public sealed class StreamsService : IStreams
{
    private int _produced;

    /// <summary>Items the endless and slow iterators have produced.</summary>
    public int Produced => Volatile.Read(ref _produced);

    /// <summary>Completes with true when a server iterator or upload reader saw its token canceled.</summary>
    public TaskCompletionSource<bool> Canceled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Completes with what the Ignore/TakeFew upload readers ended with.</summary>
    public TaskCompletionSource<string> UploadOutcome { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public async IAsyncEnumerable<int> Range(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (int i = 0; i < count; i++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            yield return i;
        }
        await Task.CompletedTask;
    }

    public async IAsyncEnumerable<StreamRow> Rows(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return new StreamRow { Id = i, Name = "row" + i, Price = i * 1.5, When = new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(i) };
        }
        await Task.CompletedTask;
    }

    public async IAsyncEnumerable<StreamRow[]> Pages(int pages, int size)
    {
        for (int p = 0; p < pages; p++)
        {
            yield return [.. Enumerable.Range(p * size, size).Select(i => new StreamRow { Id = i, Name = "row" + i })];
        }
        await Task.CompletedTask;
    }

    public async IAsyncEnumerable<int> FailAfter(int before, string message)
    {
        for (int i = 0; i < before; i++)
        {
            yield return i;
        }
        await Task.Yield();
        throw new InvalidOperationException(message);
    }

    public async IAsyncEnumerable<int> Endless([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        try
        {
            for (int i = 0; ; i++)
            {
                Interlocked.Increment(ref _produced);
                yield return i;
                await Task.Yield();
            }
        }
        finally
        {
            if (cancellationToken.IsCancellationRequested)
            {
                Canceled.TrySetResult(true);
            }
        }
    }

    public async IAsyncEnumerable<int> Slow(int milliseconds, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (int i = 0; ; i++)
        {
            Interlocked.Increment(ref _produced);
            yield return i;
            try
            {
                await Task.Delay(milliseconds, cancellationToken);
            }
            catch (OperationCanceledException)
            {
                Canceled.TrySetResult(true);
                throw;
            }
        }
    }

    public async IAsyncEnumerable<int> GiveUp()
    {
        yield return 1;
        await Task.Yield();
        throw new OperationCanceledException("The service gave up on its own.");
    }

    public async Task<long> Sum(IAsyncEnumerable<int> values)
    {
        long sum = 0;
        await foreach (int v in values)
        {
            sum += v;
        }
        return sum;
    }

    public async ValueTask<int> CountNamed(string prefix, IAsyncEnumerable<StreamRow> rows, CancellationToken cancellationToken)
    {
        int count = 0;
        await foreach (StreamRow row in rows.WithCancellation(cancellationToken))
        {
            if (row.Name.StartsWith(prefix, StringComparison.Ordinal))
            {
                count++;
            }
        }
        return count;
    }

    public async Task<int> TakeFew(int take, IAsyncEnumerable<int> values)
    {
        int taken = 0;
        await foreach (int v in values)
        {
            if (++taken == take)
            {
                break;
            }
        }
        UploadOutcome.TrySetResult("took " + taken);
        return taken;
    }

    public async Task Ignore(IAsyncEnumerable<int> values, CancellationToken cancellationToken)
    {
        try
        {
            await Task.Delay(Timeout.Infinite, cancellationToken);
        }
        catch (OperationCanceledException)
        {
            Canceled.TrySetResult(true);
            throw;
        }
    }

    public async IAsyncEnumerable<int> Scale(IAsyncEnumerable<int> values, int factor)
    {
        await foreach (int v in values)
        {
            yield return v * factor;
        }
    }

    public Task<int> Add(int a, int b) => Task.FromResult(a + b);
}
