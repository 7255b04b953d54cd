using System.Diagnostics;

namespace NFX.Tests.Security.Support;

/// <summary>
/// Runs a read of hostile input under bounds and asserts them: it must end within <c>maxSeconds</c> and allocate at most
/// <c>bytesPerInputByte</c> x the input + <c>constantBytes</c> (measured with <see cref="GC.GetAllocatedBytesForCurrentThread"/>
/// on the thread that reads, so neither the GC nor other tests move the number). The read runs on a thread of its own,
/// watched: a read that has not ended after <see cref="HangSeconds"/> fails the test at once instead of hanging the run
/// (the thread is a background thread, left to finish or die with the process).
/// </summary>
public static class Bounded
{
    /// <summary>Default time bound: generous, so a loaded CI machine never fails a correct reader.</summary>
    public const double DefaultSeconds = 2;

    /// <summary>Default constant part of the allocation bound.</summary>
    public const long DefaultConstantBytes = 8L << 20;

    /// <summary>Default allocation allowed per input byte.</summary>
    public const int DefaultBytesPerInputByte = 64;

    /// <summary>How long the watchdog waits before declaring the read hung.</summary>
    public const int HangSeconds = 30;

    /// <summary>What one bounded read did.</summary>
    public readonly record struct Outcome(Exception? Error, object? Result, TimeSpan Elapsed, long AllocatedBytes, bool Ended);

    /// <summary>
    /// Reads with <paramref name="read"/>, asserts the time and allocation bounds, and returns what it threw (null when
    /// the input was accepted).
    /// </summary>
    public static Exception? Read(Func<object?> read, int inputBytes, double maxSeconds = DefaultSeconds,
        long constantBytes = DefaultConstantBytes, int bytesPerInputByte = DefaultBytesPerInputByte)
    {
        Outcome outcome = Measure(read, HangSeconds);
        AssertWithin(outcome, inputBytes, maxSeconds, constantBytes, bytesPerInputByte);
        return outcome.Error;
    }

    /// <summary>Reads with <paramref name="read"/> on a watched thread and reports what happened, asserting nothing.</summary>
    public static Outcome Measure(Func<object?> read, double hangSeconds = HangSeconds)
    {
        Exception? error = null;
        object? result = null;
        long allocated = 0;
        TimeSpan elapsed = default;
        var thread = new Thread(() =>
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            var clock = Stopwatch.StartNew();
            try
            {
                result = read();
            }
            catch (Exception e)
            {
                error = e;
            }
            elapsed = clock.Elapsed;
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }, maxStackSize: 16 << 20) { IsBackground = true, Name = "bounded read" };
        thread.Start();
        bool ended = thread.Join(TimeSpan.FromSeconds(hangSeconds));
        return new Outcome(error, result, ended ? elapsed : TimeSpan.FromSeconds(hangSeconds), allocated, ended);
    }

    /// <summary>Asserts the bounds of <see cref="Read"/> on an outcome.</summary>
    public static void AssertWithin(Outcome outcome, int inputBytes, double maxSeconds = DefaultSeconds,
        long constantBytes = DefaultConstantBytes, int bytesPerInputByte = DefaultBytesPerInputByte)
    {
        Assert.That(outcome.Ended, Is.True, $"the read of a {inputBytes}-byte input had not ended after {HangSeconds} s");
        Assert.That(outcome.Elapsed.TotalSeconds, Is.LessThan(maxSeconds), $"the read of a {inputBytes}-byte input took {outcome.Elapsed.TotalMilliseconds:F0} ms");
        long bound = constantBytes + (long)bytesPerInputByte * inputBytes;
        Assert.That(outcome.AllocatedBytes, Is.LessThanOrEqualTo(bound),
            $"the read of a {inputBytes}-byte input allocated {outcome.AllocatedBytes:N0} bytes (bound {bound:N0})");
    }
}
