using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Quick;

namespace NFX.Perf.Cache;

/// <summary>
/// The quick cache comparison (<c>quick --filter cache</c>): each serializer (<see cref="CacheContender.Names"/>) as
/// the HybridCache serializer on each cached value (<see cref="CacheValues"/>), serializer-only and end to end through
/// a real HybridCache with L1 disabled over Microsoft's RedisCache and a real redis-server; markdown tables, the
/// targets, and the load average beside them. Takes about a minute.
/// </summary>
public static class CacheBench
{
    private static readonly TimeSpan s_batch = TimeSpan.FromMilliseconds(60);
    private static readonly TimeSpan s_endToEndBatch = TimeSpan.FromMilliseconds(120);
    private const int Samples = 7;

    /// <summary>Runs the comparison, writes the tables to <paramref name="output"/> and returns the targets.</summary>
    public static TargetTable RunQuick(TextWriter output) => RunQuickAsync(output).GetAwaiter().GetResult();

    private static async Task<TargetTable> RunQuickAsync(TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(output);
        double? loadAtStart = MachineInfo.LoadAverage();
        output.WriteLine("## Slim as the HybridCache serializer");
        output.WriteLine();
        output.WriteLine($"Machine: {MachineInfo.Current()}. Load average (1 min) at start: {Load(loadAtStart)} on {Environment.ProcessorCount} cores.");
        output.WriteLine();
        output.WriteLine($"Serializer only: per call, median of {Samples} batches (the contenders' batches alternate). End to end: " +
            "`HybridCache.GetOrCreateAsync` of a value already in Redis, L1 disabled (`HybridCacheEntryFlags.DisableLocalCache`), " +
            "Microsoft's RedisCache over redis-server on loopback, one caller; median of the rounds; allocation is the whole process's per call. " +
            "Ratios are the contender / Slim.");
        output.WriteLine();
        var targets = new List<Target>();
        await using CacheEndToEnd endToEnd = CacheEndToEnd.Start();
        foreach (string value in CacheValues.Keys)
        {
            IReadOnlyList<CacheContender> contenders = CacheContender.For(value);
            (double Ns, long Alloc)[] serialize = Interleaved([.. contenders.Select(c => c.Serialize)]);
            (double Ns, long Alloc)[] deserialize = Interleaved([.. contenders.Select(c => c.Deserialize)]);
            (long RedisBytes, double Ns, long Alloc)[] get = await endToEnd.MeasureAsync(contenders, Samples, s_endToEndBatch, value);

            output.WriteLine($"### {CacheValues.Title(value)}");
            output.WriteLine();
            output.WriteLine("| serializer | value bytes | in Redis | serialize | deserialize | alloc ser / deser | L2 get (end to end) | alloc per get | size vs Slim | deser vs Slim | get vs Slim | verified |");
            output.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
            for (int i = 0; i < contenders.Count; i++)
            {
                CacheContender c = contenders[i];
                output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {c.Name} | {c.Bytes:N0} | {get[i].RedisBytes:N0} | {Time(serialize[i].Ns)} | {Time(deserialize[i].Ns)} | " +
                    $"{serialize[i].Alloc:N0} / {deserialize[i].Alloc:N0} B | {Time(get[i].Ns)} | {get[i].Alloc:N0} B | " +
                    $"{Ratio(c.Bytes, contenders[0].Bytes)} | {Ratio(deserialize[i].Ns, deserialize[0].Ns)} | {Ratio(get[i].Ns, get[0].Ns)} | " +
                    $"{(c.RoundTrips ? "same bytes again" : "DIFFERS")} |"));
            }
            output.WriteLine();
            targets.Add(SizeTarget(value, contenders));
            targets.Add(SpeedTarget(value, contenders, get, deserialize));
        }
        double? loadAtEnd = MachineInfo.LoadAverage();
        output.WriteLine("### Cache targets");
        output.WriteLine();
        output.WriteLine($"Load average (1 min) at start / end: {Load(loadAtStart)} / {Load(loadAtEnd)} on {Environment.ProcessorCount} cores.");
        output.WriteLine();
        var table = new TargetTable("HybridCache", targets);
        output.WriteLine(table.ToMarkdown());
        return table;
    }

    private static Target SizeTarget(string value, IReadOnlyList<CacheContender> contenders)
    {
        CacheContender slim = contenders[0];
        CacheContender[] peers = [.. contenders.Where(c => c.Name is "System.Text.Json" or "MessagePack Typeless")];
        return Target.Judged($"{value}: Slim stores fewer bytes than System.Text.Json and MessagePack Typeless", "< each",
            string.Create(CultureInfo.InvariantCulture, $"Slim {slim.Bytes:N0}; {string.Join("; ", peers.Select(p => $"{p.Name} {p.Bytes:N0} ({Ratio(p.Bytes, slim.Bytes)})"))}"),
            peers.All(p => slim.Bytes < p.Bytes), TargetKind.Size);
    }

    private static Target SpeedTarget(string value, IReadOnlyList<CacheContender> contenders, (long RedisBytes, double Ns, long Alloc)[] get,
        (double Ns, long Alloc)[] deserialize)
    {
        int fastest = Enumerable.Range(0, contenders.Count).MinBy(i => get[i].Ns);
        double ratio = get[0].Ns / get[fastest].Ns;
        string share = string.Create(CultureInfo.InvariantCulture,
            $"deserialize is {deserialize[0].Ns / get[0].Ns:P0} of Slim's get, {deserialize[fastest].Ns / get[fastest].Ns:P0} of {contenders[fastest].Name}'s");
        return Target.Judged($"{value}: Slim's end-to-end L2 get within 10% of the fastest contender", "<= 1.10x",
            string.Create(CultureInfo.InvariantCulture, $"{ratio:N2}x of {contenders[fastest].Name} ({Time(get[0].Ns)} vs {Time(get[fastest].Ns)}; {share})"),
            ratio <= 1.10, TargetKind.Timing);
    }

    /// <summary>
    /// Per operation: median nanoseconds per call over <see cref="Samples"/> batches of about <see cref="s_batch"/>, and
    /// bytes allocated per call on this thread; the batches of the operations alternate.
    /// </summary>
    private static (double Ns, long Alloc)[] Interleaved(Action[] operations)
    {
        var iterations = new int[operations.Length];
        for (int o = 0; o < operations.Length; o++)
        {
            // Warm-up doubles as calibration: run until a batch's worth of time has passed.
            var clock = Stopwatch.StartNew();
            while (clock.Elapsed < s_batch || iterations[o] < 10)
            {
                operations[o]();
                iterations[o]++;
            }
        }
        var perCall = new double[operations.Length][];
        var allocated = new long[operations.Length];
        for (int o = 0; o < operations.Length; o++)
        {
            perCall[o] = new double[Samples];
        }
        GC.Collect();
        for (int s = 0; s < Samples; s++)
        {
            for (int o = 0; o < operations.Length; o++)
            {
                Action operation = operations[o];
                long before = GC.GetAllocatedBytesForCurrentThread();
                long start = Stopwatch.GetTimestamp();
                for (int i = 0; i < iterations[o]; i++)
                {
                    operation();
                }
                perCall[o][s] = Stopwatch.GetElapsedTime(start).TotalNanoseconds / iterations[o];
                allocated[o] += GC.GetAllocatedBytesForCurrentThread() - before;
            }
        }
        var results = new (double, long)[operations.Length];
        for (int o = 0; o < operations.Length; o++)
        {
            Array.Sort(perCall[o]);
            results[o] = (perCall[o][Samples / 2], allocated[o] / ((long)iterations[o] * Samples));
        }
        return results;
    }

    private static string Load(double? load) => load is { } l ? l.ToString("0.0", CultureInfo.InvariantCulture) : "n/a";

    private static string Time(double ns) => ns switch
    {
        < 1_000 => string.Create(CultureInfo.InvariantCulture, $"{ns:N0} ns"),
        < 1_000_000 => string.Create(CultureInfo.InvariantCulture, $"{ns / 1_000:N2} µs"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{ns / 1_000_000:N2} ms"),
    };

    private static string Ratio(double other, double slim) => slim <= 0 ? "n/a" : string.Create(CultureInfo.InvariantCulture, $"{other / slim:N2}x");
}
