using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Extensions.Caching.Hybrid;
using NFX.Perf.Workloads.Dto;

namespace NFX.Perf.Cache;

/// <summary>
/// The quick cache comparison: each serializer as the HybridCache serializer on each cached value, bytes stored,
/// serialize and deserialize time per value and bytes allocated per call, printed as a markdown table.
/// Takes about 10 seconds. Same values (<see cref="CacheValues"/>) and serializers as <see cref="CacheSerializerBenchmarks"/>.
/// </summary>
public static class CacheBench
{
    private static readonly TimeSpan s_batch = TimeSpan.FromMilliseconds(60);
    private const int Samples = 7;

    /// <summary>Runs the comparison and writes the tables to <paramref name="output"/>.</summary>
    public static void RunQuick(TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(output);
        output.WriteLine("## Slim as the HybridCache serializer");
        output.WriteLine();
        output.WriteLine("Per cache value; time and allocation per call (median of 7 batches, the contenders' batches alternating); ratios are the other serializer / Slim.");
        output.WriteLine();
        Run(output, $"DTO: a question with {DtoWorkload.Answers} answers and their comments", CacheValues.Dto());
        Run(output, "Perzon: one record with its parent", CacheValues.Perzon());
        Run(output, $"{CacheValues.ManyPerzons:N0} Perzons in an array (every third with a parent)", CacheValues.Perzons());
    }

    private static void Run<T>(TextWriter output, string title, T value)
    {
        output.WriteLine($"### {title}");
        output.WriteLine();
        output.WriteLine("| serializer | bytes stored | serialize | deserialize | alloc ser / deser | size vs Slim | ser vs Slim | deser vs Slim | round trip |");
        output.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---|");
        var contenders = new List<Contender>();
        foreach (string name in CacheSerializers.Names)
        {
            IHybridCacheSerializer<T>? serializer = CacheSerializers.Create<T>(name);
            contenders.Add(serializer is null ? new Contender(name, null, null, 0, false) : Prepare(name, serializer, value));
        }
        Contender[] live = [.. contenders.Where(c => c.Serialize is not null)];
        // Batches of all contenders alternate, so a noisy neighbour on a shared machine slows them alike.
        (double Ns, long Alloc)[] serialize = Interleaved(live.Select(c => c.Serialize!).ToArray());
        (double Ns, long Alloc)[] deserialize = Interleaved(live.Select(c => c.Deserialize!).ToArray());
        int slim = 0;
        foreach (Contender c in contenders)
        {
            int i = Array.IndexOf(live, c);
            if (i < 0)
            {
                output.WriteLine($"| {c.Name} | n/a | n/a | n/a | n/a | n/a | n/a | n/a | package not on the package source |");
                continue;
            }
            output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {c.Name} | {c.Bytes:N0} | {Time(serialize[i].Ns)} | {Time(deserialize[i].Ns)} | " +
                $"{serialize[i].Alloc:N0} / {deserialize[i].Alloc:N0} B | {Ratio(c.Bytes, live[slim].Bytes)} | " +
                $"{Ratio(serialize[i].Ns, serialize[slim].Ns)} | {Ratio(deserialize[i].Ns, deserialize[slim].Ns)} | " +
                $"{(c.RoundTrips ? "same bytes again" : "DIFFERS")} |"));
        }
        output.WriteLine();
    }

    private static Contender Prepare<T>(string name, IHybridCacheSerializer<T> serializer, T value)
    {
        var buffer = new ArrayBufferWriter<byte>(64 * 1024);
        serializer.Serialize(value, buffer);
        byte[] stored = buffer.WrittenSpan.ToArray();
        var sequence = new ReadOnlySequence<byte>(stored);

        // Verification: what comes back serializes to the same bytes.
        buffer.ResetWrittenCount();
        serializer.Serialize(serializer.Deserialize(sequence), buffer);
        bool roundTrips = buffer.WrittenSpan.SequenceEqual(stored);

        return new Contender(name, () =>
        {
            buffer.ResetWrittenCount();
            serializer.Serialize(value, buffer);
        }, () => serializer.Deserialize(sequence), stored.Length, roundTrips);
    }

    /// <summary>
    /// Per operation: median nanoseconds per call over <see cref="Samples"/> batches of about <see cref="s_batch"/>, and
    /// bytes allocated per call; the batches of the operations alternate.
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

    private static string Time(double ns) => ns switch
    {
        < 1_000 => $"{ns:N0} ns",
        < 1_000_000 => $"{ns / 1_000:N2} µs",
        _ => $"{ns / 1_000_000:N2} ms",
    };

    private static string Ratio(double other, double slim) => slim <= 0 ? "n/a" : $"{other / slim:N2}x";

    private sealed record Contender(string Name, Action? Serialize, Action? Deserialize, int Bytes, bool RoundTrips);
}
