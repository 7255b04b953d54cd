using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using Microsoft.Extensions.DependencyInjection;
using NFX.Perf.Quick;
using NFX.Slim.Orleans;
using Orleans.Serialization;
using Orleans.Serialization.TypeSystem;

namespace NFX.Perf.Orleans;

/// <summary>
/// What one codec-only read and write cost in CPU time (not wall time, so a loaded machine inflates them less) and
/// allocations, through Orleans' <see cref="Serializer{T}"/> (the path of a grain call's arguments), for the three
/// contenders of <see cref="OrleansBench"/>; and the small message's read taken apart: the serializer session and a
/// field header, Orleans' <see cref="TypeConverter.Parse"/> of the value's type name (what Orleans'
/// <c>TypeCodec.ReadLengthPrefixed</c> runs on every read, for its JSON codec among others), and the fallback's payload
/// alone. Contenders and parts alternate within every round; figures are medians.
/// </summary>
public static class OrleansReadCost
{
    public const string Verb = "orleans-read";
    private const int Rounds = 7;
    private static readonly TimeSpan s_batch = TimeSpan.FromMilliseconds(100);
    private static readonly TimeSpan s_warmUp = TimeSpan.FromSeconds(8);

    public static int Run(TextWriter output)
    {
        double? loadAtStart = MachineInfo.LoadAverage();
        output.WriteLine("## Slim in Orleans: CPU per codec-only read and write");
        output.WriteLine();
        output.WriteLine($"Machine: {MachineInfo.Current()}. Microsoft.Orleans 10.4.2. CPU time of the process (Process.TotalProcessorTime) per operation, " +
            $"allocations of the measuring thread per operation; median of {Rounds} rounds of ~{s_batch.TotalMilliseconds:0} ms batches, contenders alternating.");
        output.WriteLine();
        var services = OrleansContenders.Names.ToDictionary(n => n, OrleansContenders.Standalone);
        try
        {
            var buffer = new ArrayBufferWriter<byte>(256 * 1024);
            var contenders = OrleansMessages.All.Select(m => ContenderOperations(m, services, buffer)).ToArray();
            var parts = SmallMessageParts(services);
            WarmUp([.. contenders.SelectMany(c => c.Operations), .. parts]);
            output.WriteLine("| message | codec | bytes | read CPU | read alloc | write CPU | write alloc | read / write |");
            output.WriteLine("|---|---|---:|---:|---:|---:|---:|---:|");
            foreach (var (message, sizes, operations) in contenders)
            {
                var costs = Interleaved(operations);
                foreach (string name in OrleansContenders.Names)
                {
                    Cost read = costs[name + " read"], write = costs[name + " write"];
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {message} | {name} | {sizes[name]:N0} | {Format.Time(read.CpuNs)} | {read.Bytes:N0} B | {Format.Time(write.CpuNs)} | {write.Bytes:N0} B | {read.CpuNs / write.CpuNs:0.0}x |"));
                }
            }
            output.WriteLine();
            var partCosts = Interleaved(parts);
            output.WriteLine($"The {OrleansMessages.All[0].Name}'s read by part:");
            output.WriteLine();
            output.WriteLine("| part | CPU | alloc |");
            output.WriteLine("|---|---:|---:|");
            foreach (var (name, _) in parts)
            {
                output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {name} | {Format.Time(partCosts[name].CpuNs)} | {partCosts[name].Bytes:N0} B |"));
            }
            output.WriteLine();
        }
        finally
        {
            foreach (ServiceProvider provider in services.Values)
            {
                provider.Dispose();
            }
        }
        output.WriteLine(MachineInfo.LoadAverage() is double end && loadAtStart is double start
            ? MachineInfo.DescribeLoad(start, end, Environment.ProcessorCount)
            : "Load average: unknown on this OS.");
        output.WriteLine();
        return 0;
    }

    /// <summary>Each contender's read and write of <paramref name="message"/>, and its size in bytes.</summary>
    private static (string Message, Dictionary<string, int> Sizes, List<(string Name, Action Operation)> Operations) ContenderOperations(
        (string Name, object Plain, object Annotated) message, Dictionary<string, ServiceProvider> services, ArrayBufferWriter<byte> buffer)
    {
        var operations = new List<(string Name, Action Operation)>();
        var sizes = new Dictionary<string, int>();
        foreach (string name in OrleansContenders.Names)
        {
            Serializer<object> serializer = services[name].GetRequiredService<Serializer<object>>();
            object value = OrleansContenders.Message(name, message);
            byte[] bytes = serializer.SerializeToArray(value);
            sizes[name] = bytes.Length;
            operations.Add((name + " read", () => serializer.Deserialize(bytes)));
            operations.Add((name + " write", () => { buffer.ResetWrittenCount(); serializer.Serialize(value, buffer); }));
        }
        return (message.Name, sizes, operations);
    }

    /// <summary>The small message's read through the Slim and JSON fallbacks, whole and by part.</summary>
    private static List<(string Name, Action Operation)> SmallMessageParts(Dictionary<string, ServiceProvider> services)
    {
        var small = OrleansMessages.All[0];
        object value = small.Plain;
        ServiceProvider slimServices = services[OrleansContenders.Slim];
        Serializer<object> slim = slimServices.GetRequiredService<Serializer<object>>();
        Serializer<object> json = services[OrleansContenders.Json].GetRequiredService<Serializer<object>>();
        byte[] slimBytes = slim.SerializeToArray(value);
        byte[] jsonBytes = json.SerializeToArray(value);
        Serializer<object> generated = services[OrleansContenders.Generated].GetRequiredService<Serializer<object>>();
        byte[] generatedBytes = generated.SerializeToArray(small.Annotated);
        byte[] nullBytes = slim.SerializeToArray(null!);
        TypeConverter converter = slimServices.GetRequiredService<TypeConverter>();
        string typeName = converter.Format(value.GetType());
        NFX.Slim.SlimSerializer slimPayloadReader = slimServices.GetRequiredService<SlimCodec>().Serializer;
        byte[] slimPayload = slimPayloadReader.Serialize(value);
        byte[] jsonPayload = JsonSerializer.SerializeToUtf8Bytes(value, value.GetType(), OrleansContenders.JsonOptions);
        return new List<(string Name, Action Operation)>
        {
            ("Slim fallback: Serializer<object>.Deserialize, whole", () => slim.Deserialize(slimBytes)),
            ("JSON fallback: Serializer<object>.Deserialize, whole", () => json.Deserialize(jsonBytes)),
            ("[GenerateSerializer] copy: Serializer<object>.Deserialize, whole", () => generated.Deserialize(generatedBytes)),
            ("session and one field header (Serializer<object>.Deserialize of null)", () => slim.Deserialize(nullBytes)),
            ($"Orleans' TypeConverter.Parse of the value's type name (`{typeName}`)", () => converter.Parse(typeName)),
            ("Slim's payload alone (SlimSerializer.Deserialize)", () => slimPayloadReader.Deserialize((ReadOnlySpan<byte>)slimPayload)),
            ("JSON's payload alone (JsonSerializer.Deserialize)", () => JsonSerializer.Deserialize(jsonPayload, value.GetType(), OrleansContenders.JsonOptions)),
        };
    }

    private readonly record struct Cost(double CpuNs, double Bytes);

    /// <summary>Each operation's median cost over <see cref="Rounds"/> rounds, the operations alternating within a round.</summary>
    private static Dictionary<string, Cost> Interleaved(List<(string Name, Action Operation)> operations)
    {
        var counts = operations.ToDictionary(o => o.Name, o => Calibrate(o.Operation));
        var samples = operations.ToDictionary(o => o.Name, _ => new List<Cost>());
        for (int round = 0; round < Rounds; round++)
        {
            foreach (var (name, operation) in operations)
            {
                samples[name].Add(PerOperation(operation, counts[name]));
            }
        }
        return samples.ToDictionary(p => p.Key, p => new Cost(Median(p.Value.Select(c => c.CpuNs)), Median(p.Value.Select(c => c.Bytes))));
    }

    /// <summary>
    /// Runs every operation, pausing between passes so that the runtime's tiered compilation (which waits for a quiet
    /// moment and counts calls, in a background thread that a loaded machine starves) has promoted all the code measured
    /// before the first batch is timed.
    /// </summary>
    private static void WarmUp(List<(string Name, Action Operation)> operations)
    {
        long start = Stopwatch.GetTimestamp();
        for (int pass = 0; pass < 4 || Stopwatch.GetElapsedTime(start) < s_warmUp; pass++)
        {
            foreach (var (_, operation) in operations)
            {
                long passStart = Stopwatch.GetTimestamp();
                while (Stopwatch.GetElapsedTime(passStart) < s_batch / 4)
                {
                    operation();
                }
            }
            Thread.Sleep(250);
        }
    }

    /// <summary>How many operations fill about one batch.</summary>
    private static int Calibrate(Action operation)
    {
        long start = Stopwatch.GetTimestamp();
        int count = 0;
        while (Stopwatch.GetElapsedTime(start) < s_batch / 2)
        {
            operation();
            count++;
        }
        return Math.Max(1, count * 2);
    }

    private static Cost PerOperation(Action operation, int count)
    {
        using var process = Process.GetCurrentProcess();
        long allocated = GC.GetAllocatedBytesForCurrentThread();
        TimeSpan cpu = process.TotalProcessorTime;
        for (int i = 0; i < count; i++)
        {
            operation();
        }
        process.Refresh();
        TimeSpan cpuEnd = process.TotalProcessorTime;
        long allocatedEnd = GC.GetAllocatedBytesForCurrentThread();
        return new Cost((cpuEnd - cpu).TotalNanoseconds / count, (allocatedEnd - allocated) / (double)count);
    }

    private static double Median(IEnumerable<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
    }
}
