using System.Diagnostics;

namespace NFX.Perf.Rpc;

/// <summary>One contender's call for one workload: checked once, then driven by the callers of a run.</summary>
public abstract class RpcCaller
{
    /// <summary>Makes one call and checks the answer; returns why it is wrong, or null.</summary>
    public abstract Task<string?> VerifyAsync();

    /// <summary>One caller: calls one at a time (awaiting each) until the run says stop.</summary>
    public abstract Task RunAsync(RpcRun run);

    /// <summary>One call as a Task (BenchmarkDotNet cases; the Task is the harness's allocation, not the contender's).</summary>
    public abstract Task CallOnceAsync();
}

/// <summary>
/// A caller of a call returning <typeparamref name="T"/> (the delegate is made once; calling it allocates nothing of the
/// harness's). With <paramref name="checkEveryAnswer"/> every answer of a run is checked after its latency is taken (the
/// big messages, where a lost or torn payload is the failure to catch); otherwise only the verifying call is.
/// </summary>
public sealed class RpcCaller<T>(Func<ValueTask<T>> call, Func<T, bool> check, bool checkEveryAnswer = false) : RpcCaller
{
    /// <inheritdoc/>
    public override async Task<string?> VerifyAsync()
    {
        try
        {
            return check(await call()) ? null : "wrong answer";
        }
        catch (Exception e)
        {
            return $"{e.GetType().Name}: {e.Message}";
        }
    }

    /// <inheritdoc/>
    public override Task CallOnceAsync() => call().AsTask();

    /// <inheritdoc/>
    public override async Task RunAsync(RpcRun run)
    {
        while (run.TryNext(out int index))
        {
            long start = Stopwatch.GetTimestamp();
            T answer;
            try
            {
                answer = await call();
            }
            catch (Exception e)
            {
                run.Fail(e);
                continue;
            }
            run.Record(index, start);
            if (checkEveryAnswer && !check(answer))
            {
                run.Fail(new InvalidDataException($"wrong answer to call #{index}"));
            }
        }
    }
}
