using System.Collections.Concurrent;

namespace NFX.Tests.Glue.Support;

/// <summary>The test implementation of <see cref="IShapes"/>: records what the server observed.</summary>
public sealed class ShapesService : IShapes
{
    private int _nops;
    private int _delaysStarted;

    public int Nops => Volatile.Read(ref _nops);

    public ConcurrentQueue<string> Touched { get; } = new();

    public ConcurrentQueue<string> Fired { get; } = new();

    /// <summary>Completes with the number of fired messages whenever one arrives.</summary>
    public SemaphoreSlim FiredSignal { get; } = new(0);

    /// <summary>Released once per Delay call as it starts waiting.</summary>
    public SemaphoreSlim DelayStarted { get; } = new(0);

    public int DelaysStarted => Volatile.Read(ref _delaysStarted);

    /// <summary>Completes with true when a Delay call observed its token canceled.</summary>
    public TaskCompletionSource<bool> DelayCanceled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public Task Nop()
    {
        Interlocked.Increment(ref _nops);
        return Task.CompletedTask;
    }

    public Task<int> Add(int a, int b) => Task.FromResult(a + b);

    public async ValueTask Touch(string key)
    {
        await Task.Yield();
        Touched.Enqueue(key);
    }

    public ValueTask<string?> Echo(string? text) => new(text);

    public Task<string> Describe(int value) => Task.FromResult($"int:{value}");

    public Task<string> Describe(string value) => Task.FromResult($"string:{value}");

    public Task<string> Describe(int value, string label) => Task.FromResult($"{label}:{value}");

    public Task<long> SumNine(int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, long a9) =>
        Task.FromResult(a1 + (2L * a2) + (3L * a3) + (4L * a4) + (5L * a5) + (6L * a6) + (7L * a7) + (8L * a8) + (9L * a9));

    public Task<Person> Adopt(Person parent, Person child)
    {
        child.Parent = parent;
        parent.Friends.Add(child);
        return Task.FromResult(child);
    }

    public Task<GluePayloadMarkerZq> Mark(GluePayloadMarkerZq marker) => Task.FromResult(new GluePayloadMarkerZq { Value = marker.Value + 1 });

    public void Fire(string message)
    {
        Fired.Enqueue(message);
        FiredSignal.Release();
    }

    public async Task<int> Delay(int milliseconds, CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref _delaysStarted);
        DelayStarted.Release();
        try
        {
            await Task.Delay(milliseconds, cancellationToken);
            return milliseconds;
        }
        catch (OperationCanceledException)
        {
            DelayCanceled.TrySetResult(true);
            throw;
        }
    }

    public async ValueTask<int> CountTo(int n, CancellationToken cancellationToken)
    {
        int count = 0;
        for (int i = 0; i < n; i++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            count++;
            if (i % 100 == 0)
            {
                await Task.Yield();
            }
        }
        return count;
    }

    public Task Throw(string message) => throw new InvalidOperationException(message);

    public Task<byte[]> Blob(int size)
    {
        byte[] data = new byte[size];
        for (int i = 0; i < size; i++)
        {
            data[i] = (byte)i;
        }
        return Task.FromResult(data);
    }

    public Task<int> Measure(byte[] data) => Task.FromResult(data.Length);

    public Task<object?> Box(object? value) => Task.FromResult(value);
}
