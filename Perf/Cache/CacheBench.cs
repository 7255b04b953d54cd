using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Extensions.Caching.Hybrid;

namespace NFX.Perf.Cache;

/// <summary>
/// The quick cache comparison: each serializer as the HybridCache serializer on each cached value, bytes stored,
/// serialize and deserialize time per value and bytes allocated per call, printed as a markdown table.
/// Takes about 10 seconds. Same values and serializers as <see cref="CacheSerializerBenchmarks"/>.
/// </summary>
public static class CacheBench
{
    private static readonly TimeSpan s_batch = TimeSpan.FromMilliseconds(60);
    private const int Samples = 5;

    /// <summary>Runs the comparison and writes the tables to <paramref name="output"/>.</summary>
    public static void RunQuick(TextWriter output)
    {
        ArgumentNullException.ThrowIfNull(output);
        output.WriteLine("## Slim as the HybridCache serializer");
        output.WriteLine();
        output.WriteLine("Per cache value; time and allocation per call (median of 5 batches); ratios are the other serializer / Slim.");
        output.WriteLine();
        Run(output, "order DTO (customer + 20 lines)", CachedOrder.Create());
        Run(output, "Perzon (one record with its parent)", CachedPerzon.Create());
        Run(output, "1,000 Perzons in a List", CachedPerzon.CreateMany());
    }

    private static void Run<T>(TextWriter output, string title, T value)
    {
        output.WriteLine($"### {title}");
        output.WriteLine();
        output.WriteLine("| serializer | bytes stored | serialize | deserialize | alloc ser / deser | size vs Slim | ser vs Slim | deser vs Slim | round trip |");
        output.WriteLine("|---|---:|---:|---:|---:|---:|---:|---:|---|");
        Result? slim = null;
        foreach (string name in CacheSerializers.Names)
        {
            IHybridCacheSerializer<T>? serializer = CacheSerializers.Create<T>(name);
            if (serializer is null)
            {
                output.WriteLine($"| {name} | n/a | n/a | n/a | n/a | n/a | n/a | n/a | package not on the package source |");
                continue;
            }
            Result result = Measure(serializer, value);
            slim ??= result;
            output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"| {name} | {result.Bytes:N0} | {Time(result.SerializeNs)} | {Time(result.DeserializeNs)} | " +
                $"{result.SerializeAlloc:N0} / {result.DeserializeAlloc:N0} B | {Ratio(result.Bytes, slim.Bytes)} | " +
                $"{Ratio(result.SerializeNs, slim.SerializeNs)} | {Ratio(result.DeserializeNs, slim.DeserializeNs)} | " +
                $"{(result.RoundTrips ? "same bytes again" : "DIFFERS")} |"));
        }
        output.WriteLine();
    }

    private static Result Measure<T>(IHybridCacheSerializer<T> serializer, T value)
    {
        var buffer = new ArrayBufferWriter<byte>(64 * 1024);
        serializer.Serialize(value, buffer);
        byte[] stored = buffer.WrittenSpan.ToArray();
        var sequence = new ReadOnlySequence<byte>(stored);

        // Verification: what comes back serializes to the same bytes.
        buffer.ResetWrittenCount();
        serializer.Serialize(serializer.Deserialize(sequence), buffer);
        bool roundTrips = buffer.WrittenSpan.SequenceEqual(stored);

        (double serializeNs, long serializeAlloc) = Time(() =>
        {
            buffer.ResetWrittenCount();
            serializer.Serialize(value, buffer);
        });
        (double deserializeNs, long deserializeAlloc) = Time(() => serializer.Deserialize(sequence));
        return new Result(stored.Length, serializeNs, deserializeNs, serializeAlloc, deserializeAlloc, roundTrips);
    }

    /// <summary>Median nanoseconds per call over <see cref="Samples"/> batches of about <see cref="s_batch"/>, and bytes allocated per call.</summary>
    private static (double Ns, long Alloc) Time(Action operation)
    {
        var clock = Stopwatch.StartNew();
        int iterations = 0;
        while (clock.Elapsed < s_batch || iterations < 10)
        {
            operation();
            iterations++;
        }
        var perCall = new double[Samples];
        long allocated = 0;
        GC.Collect();
        for (int s = 0; s < Samples; s++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < iterations; i++)
            {
                operation();
            }
            perCall[s] = Stopwatch.GetElapsedTime(start).TotalNanoseconds / iterations;
            allocated += GC.GetAllocatedBytesForCurrentThread() - before;
        }
        Array.Sort(perCall);
        return (perCall[Samples / 2], allocated / ((long)iterations * Samples));
    }

    private static string Time(double ns) => ns switch
    {
        < 1_000 => $"{ns:N0} ns",
        < 1_000_000 => $"{ns / 1_000:N2} µs",
        _ => $"{ns / 1_000_000:N2} ms",
    };

    private static string Ratio(double other, double slim) => slim <= 0 ? "n/a" : $"{other / slim:N2}x";

    private sealed record Result(int Bytes, double SerializeNs, double DeserializeNs, long SerializeAlloc, long DeserializeAlloc, bool RoundTrips);
}
