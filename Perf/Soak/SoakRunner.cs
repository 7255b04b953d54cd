using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using NFX.Perf.Quick;

namespace NFX.Perf.Soak;

/// <summary>
/// The Glue soak run (<c>NFX.Slim.Perf soak MINUTES</c>): three server nodes and several client processes on
/// loopback, mixed calls, a node killed without warning and restarted periodically, hostile connections alongside.
/// It asserts no hung call, every call completed or failed with a documented error, no non-idempotent call executed
/// twice (across every node and restart), hostile connections closed, and memory flat after warm-up in the clients
/// and in the node that is never killed (node 0; nodes 1 and 2 are killed in turn). Exit code 0 when all hold.
/// </summary>
public static class SoakRunner
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "soak";

    private const int MaxHostileInFlight = 4;
    private static readonly TimeSpan s_hostileEvery = TimeSpan.FromMilliseconds(500);
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(90);

    /// <summary>Runs the soak and prints (and with <c>--out</c> writes) the report.</summary>
    public static int Run(string[] args)
    {
        SoakOptions options = SoakOptions.Parse(args);
        SoakResult result = RunAsync(options).GetAwaiter().GetResult();
        string report = SoakReport.Markdown(options, result);
        Console.WriteLine(report);
        if (options.Out is string path)
        {
            File.WriteAllText(path, report);
        }
        return result.Passed ? 0 : 1;
    }

    private static async Task<SoakResult> RunAsync(SoakOptions options)
    {
        double loadStart = MachineInfo.LoadAverage() ?? double.NaN;
        string logs = Directory.CreateTempSubdirectory("nfx-soak-").FullName;
        int[] ports = FreePorts(SoakOptions.Nodes);
        string sample = options.SampleEvery.TotalSeconds.ToString(CultureInfo.InvariantCulture);
        int incarnation = 0;
        SoakChild StartNode(int node)
        {
            string log = Path.Combine(logs, $"node{node}-{Interlocked.Increment(ref incarnation)}.log");
            SoakChild child = SoakChild.Start($"node {node}", SoakNode.Verb, ports[node].ToString(CultureInfo.InvariantCulture), log, sample);
            if (!child.WaitReady(s_startTimeout))
            {
                child.Dispose();
                throw new InvalidOperationException($"Soak node {node} did not start within {s_startTimeout.TotalSeconds} s.");
            }
            return child;
        }

        var nodes = new SoakChild[SoakOptions.Nodes];
        var retired = new List<SoakChild>();
        var clients = new List<SoakChild>();
        var hostile = new SoakHostile();
        int kills = 0;
        var clock = Stopwatch.StartNew();
        try
        {
            for (int n = 0; n < nodes.Length; n++)
            {
                nodes[n] = StartNode(n);
            }
            string seconds = options.Duration.TotalSeconds.ToString(CultureInfo.InvariantCulture);
            for (int c = 0; c < options.Clients; c++)
            {
                clients.Add(SoakChild.Start($"client {c}", SoakClient.Verb,
                    [c.ToString(CultureInfo.InvariantCulture), seconds, sample, options.Workers.ToString(CultureInfo.InvariantCulture),
                     .. ports.Select(p => p.ToString(CultureInfo.InvariantCulture))]));
            }

            using var stop = new CancellationTokenSource(options.Duration);
            Task killer = Task.Run(async () =>
            {
                for (int victim = 1; ; victim = victim == 1 ? 2 : 1)
                {
                    try
                    {
                        await Task.Delay(options.KillEvery, stop.Token).ConfigureAwait(false);
                    }
                    catch (OperationCanceledException)
                    {
                        return;
                    }
                    nodes[victim].Kill();
                    lock (retired)
                    {
                        retired.Add(nodes[victim]);
                    }
                    kills++;
                    nodes[victim] = StartNode(victim);
                }
            });
            Task attacker = Task.Run(async () =>
            {
                var random = new Random(19);
                var inFlight = new List<Task>();
                while (!stop.IsCancellationRequested)
                {
                    inFlight.RemoveAll(t => t.IsCompleted);
                    if (inFlight.Count < MaxHostileInFlight)
                    {
                        inFlight.Add(hostile.RunOneAsync(ports[random.Next(ports.Length)], random));
                    }
                    try
                    {
                        await Task.Delay(s_hostileEvery, stop.Token).ConfigureAwait(false);
                    }
                    catch (OperationCanceledException)
                    {
                        break;
                    }
                }
                await Task.WhenAll(inFlight).ConfigureAwait(false);
            });
            await Task.WhenAll(killer, attacker).ConfigureAwait(false);

            var clientGrace = SoakClient.Deadline + SoakClient.HangGrace + TimeSpan.FromSeconds(60);
            var tally = new SoakTally();
            int clientsHung = 0;
            foreach (SoakChild client in clients)
            {
                if (!client.WaitForExit(clientGrace) || client.Result is not string json)
                {
                    clientsHung++;
                    continue;
                }
                tally.Merge(JsonSerializer.Deserialize<SoakTally>(json)!);
            }
            TimeSpan elapsed = clock.Elapsed;
            SoakMemory[] memory =
            [
                .. clients.Select(c => SoakMemory.Of(c.Name, c.Samples)),
                SoakMemory.Of(nodes[0].Name + " (never killed)", nodes[0].Samples),
            ];
            foreach (SoakChild node in nodes)
            {
                node.Stop(TimeSpan.FromSeconds(10));
            }
            long[] executed = [.. Directory.GetFiles(logs, "*.log").SelectMany(SoakService.ReadLog)];
            long duplicates = executed.Length - executed.Distinct().LongCount();
            return new SoakResult(elapsed, tally, clientsHung, kills, executed.Length, duplicates, hostile, memory,
                loadStart, MachineInfo.LoadAverage());
        }
        finally
        {
            foreach (SoakChild child in clients.Concat(nodes.Where(n => n is not null)).Concat(retired))
            {
                child.Dispose();
            }
            Directory.Delete(logs, recursive: true);
        }
    }

    /// <summary>Loopback ports free right now (the nodes bind them; a restarted node binds its own again).</summary>
    private static int[] FreePorts(int count)
    {
        var listeners = Enumerable.Range(0, count).Select(_ => new TcpListener(IPAddress.Loopback, 0)).ToArray();
        foreach (TcpListener listener in listeners)
        {
            listener.Start();
        }
        int[] ports = [.. listeners.Select(l => ((IPEndPoint)l.LocalEndpoint).Port)];
        foreach (TcpListener listener in listeners)
        {
            listener.Stop();
        }
        return ports;
    }
}

/// <summary>What a soak run measured.</summary>
public sealed record SoakResult(TimeSpan Elapsed, SoakTally Calls, int ClientsHung, int Kills, long Executions, long Duplicates,
    SoakHostile Hostile, SoakMemory[] Memory, double LoadStart, double? LoadEnd)
{
    /// <summary>Every assertion of the soak holds.</summary>
    public bool Passed => Failures.Count == 0;

    /// <summary>Why the run failed, if it did.</summary>
    public IReadOnlyList<string> Failures
    {
        get
        {
            var failures = new List<string>();
            void Check(bool ok, string what)
            {
                if (!ok)
                {
                    failures.Add(what);
                }
            }
            Check(ClientsHung == 0, $"{ClientsHung} client process(es) did not finish");
            Check(SoakTally.Total(Calls.Hung) == 0, $"{SoakTally.Total(Calls.Hung)} hung call(s)");
            Check(SoakTally.Total(Calls.Undocumented) == 0, $"{SoakTally.Total(Calls.Undocumented)} call(s) failed with an undocumented error");
            Check(SoakTally.Total(Calls.Wrong) == 0, $"{SoakTally.Total(Calls.Wrong)} call(s) answered wrongly");
            Check(Duplicates == 0, $"{Duplicates} non-idempotent call(s) executed more than once");
            Check(Hostile.LeftOpen == 0, $"{Hostile.LeftOpen} hostile connection(s) left open");
            Check(Kills > 0, "no node was killed");
            foreach (string kind in new[] { "small", "dbwork", "large", "one-way", "execute-once" })
            {
                Check(Calls.Completed.GetValueOrDefault(kind) > 0, $"no {kind} call completed");
            }
            Check(Calls.Documented.Keys.Any(k => k.StartsWith("deadline: GlueTimeoutException", StringComparison.Ordinal)),
                "no deadline-expiring call ended in GlueTimeoutException");
            Check(Calls.Documented.Keys.Any(k => k.StartsWith("canceled: ", StringComparison.Ordinal)), "no canceled call ended canceled");
            foreach (SoakMemory m in Memory.Where(m => !m.IsFlat))
            {
                failures.Add($"memory of {m.Process} not flat: heap {m.HeapStart >> 20} -> {m.HeapEnd >> 20} MiB, RSS {m.RssStart >> 20} -> {m.RssEnd >> 20} MiB over {m.Samples} samples");
            }
            return failures;
        }
    }
}
