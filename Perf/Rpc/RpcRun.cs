using System.Diagnostics;

namespace NFX.Perf.Rpc;

/// <summary>
/// One timed stretch of calls shared by all callers: hands out call numbers up to a target (or until a deadline) and
/// keeps each call's latency in a preallocated array, so measuring allocates nothing per call.
/// </summary>
public sealed class RpcRun
{
    private readonly long[]? _latencies;
    private readonly int _target;
    private readonly int _minCalls;
    private readonly long _deadline;
    private int _issued;
    private int _completed;
    private int _failures;
    private Exception? _firstError;

    /// <summary>
    /// A run of at most <paramref name="target"/> calls that stops issuing after <paramref name="maxDuration"/>, once it
    /// has issued <paramref name="minCalls"/> (a slow call, 1 MB each way, still gets enough calls for its percentiles).
    /// </summary>
    public RpcRun(int target, TimeSpan maxDuration, bool recordLatencies, int minCalls = 0)
    {
        _target = target;
        _minCalls = Math.Min(minCalls, target);
        _deadline = Stopwatch.GetTimestamp() + (long)(maxDuration.TotalSeconds * Stopwatch.Frequency);
        _latencies = recordLatencies ? new long[target] : null;
    }

    /// <summary>Calls that completed successfully.</summary>
    public int Completed => Volatile.Read(ref _completed);

    /// <summary>Calls that threw.</summary>
    public int Failures => Volatile.Read(ref _failures);

    /// <summary>The first exception a call threw.</summary>
    public Exception? FirstError => Volatile.Read(ref _firstError);

    /// <summary>The next call's number; false when the target or the deadline is reached.</summary>
    public bool TryNext(out int index)
    {
        index = -1;
        if (Stopwatch.GetTimestamp() > _deadline && Volatile.Read(ref _issued) >= _minCalls)
        {
            return false;
        }
        index = Interlocked.Increment(ref _issued) - 1;
        return index < _target;
    }

    /// <summary>Records call <paramref name="index"/>, started at <paramref name="start"/> (a Stopwatch timestamp).</summary>
    public void Record(int index, long start)
    {
        if (_latencies is not null)
        {
            _latencies[index] = Math.Max(1, Stopwatch.GetTimestamp() - start);
        }
        Interlocked.Increment(ref _completed);
    }

    /// <summary>Records a failed call.</summary>
    public void Fail(Exception error)
    {
        Interlocked.Increment(ref _failures);
        Interlocked.CompareExchange(ref _firstError, error, null);
    }

    /// <summary>The latencies of the calls that completed, in Stopwatch ticks.</summary>
    public long[] Latencies() => _latencies?.Where(l => l > 0).ToArray() ?? [];

    /// <summary>The median and 99th percentile of <paramref name="latencies"/> (Stopwatch ticks), in microseconds.</summary>
    public static (double P50, double P99) Percentiles(long[] latencies)
    {
        if (latencies.Length == 0)
        {
            return (double.NaN, double.NaN);
        }
        long[] sorted = (long[])latencies.Clone();
        Array.Sort(sorted);
        double Micros(double q) => sorted[Math.Min(sorted.Length - 1, (int)(q * sorted.Length))] * 1e6 / Stopwatch.Frequency;
        return (Micros(0.50), Micros(0.99));
    }
}
