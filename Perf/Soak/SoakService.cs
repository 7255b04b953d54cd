using System.Buffers.Binary;
using NFX.Perf.Rpc;

namespace NFX.Perf.Soak;

/// <summary>
/// A node's implementation. Every <see cref="ExecuteOnce"/> appends its op id to the node's execution log with an
/// unbuffered write, so the id is in the file even if the process is killed right after: the coordinator counts
/// duplicates across every node and every restart.
/// </summary>
public sealed class SoakService : ISoakService, IDisposable
{
    private readonly FileStream _log;
    private readonly Lock _logLock = new();
    private long _oneWays;

    /// <summary>Appends executions to <paramref name="logPath"/>.</summary>
    public SoakService(string logPath) =>
        _log = new FileStream(logPath, FileMode.Append, FileAccess.Write, FileShare.Read, bufferSize: 0);

    /// <summary>One-way calls received.</summary>
    public long OneWays => Interlocked.Read(ref _oneWays);

    /// <inheritdoc/>
    public ValueTask<int> Small(int x) => ValueTask.FromResult(x + 1);

    /// <inheritdoc/>
    public ValueTask<DbRow[]> DbWork(int id) => ValueTask.FromResult(RpcData.Rows);

    /// <inheritdoc/>
    public ValueTask<byte[]> Large(int size, byte fill)
    {
        byte[] bytes = new byte[Math.Clamp(size, 0, 1 << 20)];
        bytes.AsSpan().Fill(fill);
        return ValueTask.FromResult(bytes);
    }

    /// <inheritdoc/>
    public void Notify(long opId) => Interlocked.Increment(ref _oneWays);

    /// <inheritdoc/>
    public async Task<int> Slow(int milliseconds, CancellationToken cancellationToken)
    {
        await Task.Delay(milliseconds, cancellationToken).ConfigureAwait(false);
        return milliseconds;
    }

    /// <inheritdoc/>
    public ValueTask<long> ExecuteOnce(long opId)
    {
        Span<byte> bytes = stackalloc byte[sizeof(long)];
        BinaryPrimitives.WriteInt64LittleEndian(bytes, opId);
        lock (_logLock)
        {
            _log.Write(bytes);
        }
        return ValueTask.FromResult(opId);
    }

    /// <inheritdoc/>
    public void Dispose() => _log.Dispose();

    /// <summary>Every op id in the execution log at <paramref name="path"/>.</summary>
    public static IEnumerable<long> ReadLog(string path)
    {
        byte[] bytes = File.ReadAllBytes(path);
        for (int i = 0; i + sizeof(long) <= bytes.Length; i += sizeof(long))
        {
            yield return BinaryPrimitives.ReadInt64LittleEndian(bytes.AsSpan(i));
        }
    }
}
