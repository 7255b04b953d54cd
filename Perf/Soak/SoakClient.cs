using System.Globalization;
using System.Net;
using System.Text.Json;
using NFX.Glue;
using NFX.Perf.Rpc;

namespace NFX.Perf.Soak;

/// <summary>
/// A client process of the soak run (<c>NFX.Slim.Perf soak-client INDEX SECONDS SAMPLE_SECONDS WORKERS PORT...</c>):
/// one Glue client over the three nodes, <c>WORKERS</c> loops of mixed calls (small, DBWork, large, one-way, canceled,
/// deadline-expiring, non-idempotent) for <c>SECONDS</c>, each call watched for a hang. Prints memory samples, then
/// one <c>RESULT</c> line (the JSON of a <see cref="SoakTally"/>).
/// </summary>
public static class SoakClient
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "soak-client";

    /// <summary>The prefix of the final line.</summary>
    public const string ResultPrefix = "RESULT ";

    /// <summary>The deadline of ordinary calls.</summary>
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(10);

    /// <summary>A call still running this long after its deadline has hung.</summary>
    public static readonly TimeSpan HangGrace = TimeSpan.FromSeconds(20);

    private const int LargeBytes = 256 * 1024;
    private const int SlowMilliseconds = 3000;

    /// <summary>Runs the client.</summary>
    public static int Run(string[] args)
    {
        int index = int.Parse(args[0], CultureInfo.InvariantCulture);
        var duration = TimeSpan.FromSeconds(double.Parse(args[1], CultureInfo.InvariantCulture));
        var sampleEvery = TimeSpan.FromSeconds(double.Parse(args[2], CultureInfo.InvariantCulture));
        int workers = int.Parse(args[3], CultureInfo.InvariantCulture);
        EndPoint[] nodes = [.. args[4..].Select(p => new IPEndPoint(IPAddress.Loopback, int.Parse(p, CultureInfo.InvariantCulture)))];
        SoakTally tally = RunAsync(index, duration, sampleEvery, workers, nodes).GetAwaiter().GetResult();
        Console.Out.WriteLine(ResultPrefix + JsonSerializer.Serialize(tally));
        Console.Out.Flush();
        return 0;
    }

    private static async Task<SoakTally> RunAsync(int index, TimeSpan duration, TimeSpan sampleEvery, int workers, EndPoint[] nodes)
    {
        var tally = new SoakTally();
        var options = new GlueClientOptions
        {
            DefaultDeadline = Deadline, ConnectTimeout = TimeSpan.FromSeconds(2), HeartbeatInterval = TimeSpan.FromSeconds(1),
            HeartbeatTimeout = TimeSpan.FromSeconds(4), MaxReconnectDelay = TimeSpan.FromSeconds(1),
        };
        await using var client = new GlueClient(nodes, options);
        var calls = new SoakCalls(client.GetProxy<ISoakService>(), client.GetProxy<ISoakService>(TimeSpan.FromMilliseconds(300)));
        using var stop = new CancellationTokenSource(duration);
        using var stopSampler = new CancellationTokenSource();
        Task sampler = SoakSampler.RunAsync(sampleEvery, Console.Out, stopSampler.Token);
        long sequence = 0;
        await Task.WhenAll(Enumerable.Range(0, workers).Select(w => Task.Run(async () =>
        {
            var random = new Random(HashCode.Combine(index, w));
            while (!stop.IsCancellationRequested)
            {
                long opId = ((long)index << 40) | Interlocked.Increment(ref sequence);
                await CallAsync(calls, random, opId, tally).ConfigureAwait(false);
            }
        }))).ConfigureAwait(false);
        await stopSampler.CancelAsync().ConfigureAwait(false);
        await sampler.ConfigureAwait(false);
        return tally;
    }

    private static async Task CallAsync(SoakCalls calls, Random random, long opId, SoakTally tally)
    {
        int roll = random.Next(100);
        (string kind, Func<Task<bool>> call) = roll switch
        {
            < 35 => ("small", new Func<Task<bool>>(() => calls.Small(opId))),
            < 55 => ("dbwork", () => calls.DbWork(opId)),
            < 60 => ("large", () => calls.Large(opId)),
            < 70 => ("one-way", () => calls.OneWay(opId)),
            < 75 => ("canceled", () => calls.Canceled(SlowMilliseconds)),
            < 80 => ("deadline", () => calls.DeadlineExpiring(SlowMilliseconds)),
            _ => ("execute-once", new Func<Task<bool>>(() => calls.ExecuteOnce(opId))),
        };
        Task<bool> task;
        try
        {
            task = call();
        }
        catch (Exception e)
        {
            // A one-way call fails synchronously when no node is connected.
            task = Task.FromException<bool>(e);
        }
        Task finished = await Task.WhenAny(task, Task.Delay(Deadline + HangGrace)).ConfigureAwait(false);
        if (finished != task)
        {
            tally.Add(tally.Hung, kind, $"op {opId} still running after {(Deadline + HangGrace).TotalSeconds} s");
            _ = task.ContinueWith(t => t.Exception, TaskScheduler.Default);
            return;
        }
        try
        {
            bool right = await task.ConfigureAwait(false);
            tally.Add(right ? tally.Completed : tally.Wrong, kind, right ? null : $"op {opId} answered wrongly");
        }
        catch (Exception e) when (IsDocumented(kind, e))
        {
            tally.Add(tally.Documented, $"{kind}: {e.GetType().Name}");
        }
        catch (Exception e)
        {
            tally.Add(tally.Undocumented, kind, $"{e.GetType().FullName}: {e.Message}");
        }
    }

    /// <summary>Glue's documented errors; a canceled call may also end in the caller's own OperationCanceledException.</summary>
    private static bool IsDocumented(string kind, Exception e) =>
        e is GlueException || (kind == "canceled" && e is OperationCanceledException);

    /// <summary>Each call shape, returning whether the answer was right.</summary>
    private sealed class SoakCalls(ISoakService service, ISoakService shortDeadline)
    {
        public async Task<bool> Small(long opId) => await service.Small((int)opId) == (int)opId + 1;

        public async Task<bool> DbWork(long opId) => RpcData.SameRows(await service.DbWork((int)opId));

        public async Task<bool> Large(long opId)
        {
            byte fill = (byte)opId;
            byte[] bytes = await service.Large(LargeBytes, fill);
            return bytes.Length == LargeBytes && !bytes.AsSpan().ContainsAnyExcept(fill);
        }

        public Task<bool> OneWay(long opId)
        {
            service.Notify(opId);
            return Task.FromResult(true);
        }

        public async Task<bool> Canceled(int milliseconds)
        {
            using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(50));
            await service.Slow(milliseconds, cancel.Token);
            return false;
        }

        public async Task<bool> DeadlineExpiring(int milliseconds)
        {
            await shortDeadline.Slow(milliseconds, CancellationToken.None);
            return false;
        }

        public async Task<bool> ExecuteOnce(long opId) => await service.ExecuteOnce(opId) == opId;
    }
}
