using NFX.Glue;

namespace NFX.Tests.Glue.Support;

/// <summary>Tells which instance served a call, to check instance modes.</summary>
[Glued]
public interface ICounter
{
    Task<int> InstanceId();
}

/// <summary>A DI singleton shared by the per-call instances: hands out ids, counts disposals.</summary>
public sealed class CallLog
{
    private int _created;
    private int _disposed;

    public int Disposed => Volatile.Read(ref _disposed);

    public int NextId() => Interlocked.Increment(ref _created);

    public void OnDisposed() => Interlocked.Increment(ref _disposed);
}

/// <summary>An implementation resolved from DI with a dependency, disposed with its scope.</summary>
public sealed class CountingService(CallLog log) : ICounter, IDisposable
{
    private readonly int _id = log.NextId();

    public Task<int> InstanceId() => Task.FromResult(_id);

    public void Dispose() => log.OnDisposed();
}
