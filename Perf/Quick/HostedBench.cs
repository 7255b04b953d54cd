using System.Diagnostics;

namespace NFX.Perf.Quick;

/// <summary>
/// The harness of the benchmarks that run a serializer inside a host framework (Perf/Akka, Perf/Orleans): a quick
/// and a longer setting, a header with the machine and the command, contenders timed in interleaved rounds, medians,
/// and the load average around the run. A subclass measures and prints its tables.
/// </summary>
public abstract class HostedBench
{
    /// <summary>Messages in flight in the throughput part of an end-to-end round.</summary>
    public const int Window = 32;

    /// <summary>The quick-run filter key (<c>quick --filter KEY</c>), also the verb of the longer run.</summary>
    public abstract string Key { get; }

    /// <summary>The heading of the part.</summary>
    protected abstract string Title { get; }

    /// <summary>The versions of the host framework and peers, for the header.</summary>
    protected abstract string Versions { get; }

    /// <summary>The quick run's rounds and message counts (a minute or so).</summary>
    protected abstract Settings Quick { get; }

    /// <summary>The longer run's rounds and message counts.</summary>
    protected abstract Settings Long { get; }

    /// <summary>The quick run's part; returns its targets, or null when it has none.</summary>
    public TargetTable? RunQuick(TextWriter output) => Run(output, Quick, $"dotnet run -c Release --project Perf -- quick --filter {Key}");

    /// <summary>The longer run (the verb <see cref="Key"/>), on the console.</summary>
    public int RunLong()
    {
        Run(Console.Out, Long, $"dotnet run -c Release --project Perf -- {Key}");
        return 0;
    }

    /// <summary>Measures and prints the tables; returns the targets, or null when the part has none.</summary>
    protected abstract TargetTable? Measure(TextWriter output, Settings settings);

    /// <summary>
    /// Per contender, the median time of each of its operations: <paramref name="rounds"/> rounds, each timing every
    /// contender's operations in turn, one batch of about <paramref name="batch"/> each.
    /// </summary>
    protected static Dictionary<string, double[]> MedianTimes(IReadOnlyList<string> contenders, Func<string, Action[]> operations, int rounds, TimeSpan batch)
    {
        var ops = contenders.ToDictionary(n => n, operations);
        var times = contenders.ToDictionary(n => n, n => ops[n].Select(_ => new List<double>()).ToArray());
        for (int round = 0; round < rounds; round++)
        {
            foreach (string name in contenders)
            {
                for (int o = 0; o < ops[name].Length; o++)
                {
                    times[name][o].Add(TimePerCall(ops[name][o], batch));
                }
            }
        }
        return contenders.ToDictionary(n => n, n => times[n].Select(Median).ToArray());
    }

    /// <summary>
    /// Per contender, the medians over <paramref name="rounds"/> end-to-end rounds of the throughput
    /// (<paramref name="rate"/>: messages per second of one timed stretch) and of the p50 and p99 of one-at-a-time
    /// round trips (<paramref name="trips"/>: each trip's duration in Stopwatch ticks). Each round starts with the next
    /// contender, so none always runs first or right after another's garbage.
    /// </summary>
    protected static Dictionary<string, (double Rate, double P50Ns, double P99Ns)> EndToEndRounds(
        IReadOnlyList<string> contenders, int rounds, Func<string, double> rate, Func<string, long[]> trips)
    {
        var rates = contenders.ToDictionary(n => n, _ => new List<double>());
        var p50 = contenders.ToDictionary(n => n, _ => new List<double>());
        var p99 = contenders.ToDictionary(n => n, _ => new List<double>());
        for (int round = 0; round < rounds; round++)
        {
            int first = round % contenders.Count;
            foreach (string name in contenders.Skip(first).Concat(contenders.Take(first)))
            {
                rates[name].Add(rate(name));
                long[] sorted = [.. trips(name).Order()];
                p50[name].Add(sorted[sorted.Length / 2] * 1e9 / Stopwatch.Frequency);
                p99[name].Add(sorted[(int)(sorted.Length * 0.99)] * 1e9 / Stopwatch.Frequency);
            }
        }
        return contenders.ToDictionary(n => n, n => (Median(rates[n]), Median(p50[n]), Median(p99[n])));
    }

    /// <summary>Nanoseconds per call: <paramref name="call"/> once untimed, then repeated for about <paramref name="batch"/>.</summary>
    protected static double TimePerCall(Action call, TimeSpan batch)
    {
        call();
        long deadline = Stopwatch.GetTimestamp() + (long)(batch.TotalSeconds * Stopwatch.Frequency);
        long start = Stopwatch.GetTimestamp();
        long count = 0;
        long now;
        do
        {
            for (int i = 0; i < 8; i++)
            {
                call();
            }
            count += 8;
            now = Stopwatch.GetTimestamp();
        }
        while (now < deadline);
        return (now - start) * 1e9 / Stopwatch.Frequency / count;
    }

    /// <summary>The median (the mean of the middle two for an even count).</summary>
    protected static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private TargetTable? Run(TextWriter output, Settings settings, string command)
    {
        double? loadAtStart = MachineInfo.LoadAverage();
        output.WriteLine($"## {Title}");
        output.WriteLine();
        output.WriteLine($"Machine: {MachineInfo.Current()}. Command: `{command}`. {Versions}.");
        output.WriteLine();
        TargetTable? targets = Measure(output, settings);
        output.WriteLine(loadAtStart is double start
            ? MachineInfo.DescribeLoad(start, MachineInfo.LoadAverage(), Environment.ProcessorCount)
            : "Load average: unknown on this OS.");
        output.WriteLine();
        return targets;
    }

    /// <summary>Rounds and message counts of one run.</summary>
    /// <param name="Rounds">End-to-end rounds; the serializer-only tables time three times as many batches.</param>
    /// <param name="SmallCount">Small messages per end-to-end round (with <see cref="Window"/> in flight).</param>
    /// <param name="DtoCount">DTO-tree messages per end-to-end round.</param>
    /// <param name="LatencyCount">Messages one at a time per round, for the latency percentiles.</param>
    /// <param name="Batch">Length of one timed batch of the serializer-only tables.</param>
    public sealed record Settings(int Rounds, int SmallCount, int DtoCount, int LatencyCount, TimeSpan Batch);
}
