using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using NFX.Perf.Contenders.Mirrors;
using NFX.Perf.Quick;
using NFX.Perf.Verification;
using Orleans.Hosting;
using Orleans.Serialization;
using Orleans.TestingHost;

namespace NFX.Perf.Orleans;

/// <summary>
/// Slim as Orleans' fallback against Orleans' System.Text.Json fallback and the same types annotated with
/// <c>[GenerateSerializer]</c>: codec-only time and bytes through Orleans' <see cref="Serializer{T}"/>, copier-only time
/// through Orleans' <see cref="DeepCopier"/>, and grain calls in a TestingHost cluster (a silo and a client in this
/// process, Orleans messaging over loopback TCP) for the small message and the Perf DTO tree. Contenders alternate
/// within every round; figures are medians; the load average is printed. Part of <c>quick</c>
/// (<c>quick --filter orleans</c> alone); <c>orleans</c> is the longer run.
/// </summary>
public static class OrleansBench
{
    public const string Verb = "orleans";
    public const string Key = "orleans";
    private const int Window = 32;

    private sealed record Settings(int Rounds, int SmallCalls, int DtoCalls, int LatencyCalls, TimeSpan Batch);

    private static readonly Settings s_quick = new(Rounds: 3, SmallCalls: 3000, DtoCalls: 300, LatencyCalls: 200, Batch: TimeSpan.FromMilliseconds(40));
    private static readonly Settings s_long = new(Rounds: 7, SmallCalls: 20000, DtoCalls: 2000, LatencyCalls: 1000, Batch: TimeSpan.FromMilliseconds(150));

    public static void RunQuick(TextWriter output) => Run(output, s_quick, "dotnet run -c Release --project Perf -- quick --filter orleans");

    public static int RunLong(string[] args)
    {
        Run(Console.Out, s_long, "dotnet run -c Release --project Perf -- orleans");
        return 0;
    }

    private static void Run(TextWriter output, Settings settings, string command)
    {
        double? loadAtStart = MachineInfo.LoadAverage();
        output.WriteLine("## Slim in Orleans (vs Orleans' System.Text.Json fallback and [GenerateSerializer] codecs)");
        output.WriteLine();
        output.WriteLine($"Machine: {MachineInfo.Current()}. Command: `{command}`. Microsoft.Orleans 10.4.2.");
        output.WriteLine();
        var services = OrleansContenders.Names.ToDictionary(n => n, OrleansContenders.Standalone);
        try
        {
            CodecOnly(output, settings, services);
            CopierOnly(output, settings, services);
        }
        finally
        {
            foreach (ServiceProvider provider in services.Values)
            {
                provider.Dispose();
            }
        }
        EndToEnd(output, settings);
        output.WriteLine(MachineInfo.LoadAverage() is double end && loadAtStart is double start
            ? MachineInfo.DescribeLoad(start, end, Environment.ProcessorCount)
            : "Load average: unknown on this OS.");
        output.WriteLine();
    }

    private static void CodecOnly(TextWriter output, Settings settings, Dictionary<string, ServiceProvider> services)
    {
        output.WriteLine("### Codec only: Orleans' Serializer<object> (serialize into a reused buffer, deserialize)");
        output.WriteLine();
        output.WriteLine($"Per call, median of {settings.Rounds * 3} batches of ~{settings.Batch.TotalMilliseconds:0} ms, contenders alternating. Ratios: contender / Slim.");
        output.WriteLine();
        output.WriteLine("| message | codec | bytes | serialize | deserialize | ser + deser | vs Slim | verified |");
        output.WriteLine("|---|---|---:|---:|---:|---:|---:|---|");
        foreach (var message in OrleansMessages.All)
        {
            var serializers = services.ToDictionary(p => p.Key, p => p.Value.GetRequiredService<Serializer<object>>());
            var values = OrleansContenders.Names.ToDictionary(n => n, n => OrleansContenders.Message(n, message));
            var bytes = serializers.ToDictionary(p => p.Key, p => p.Value.SerializeToArray(values[p.Key]));
            var verified = serializers.ToDictionary(p => p.Key, p => Verify(message.Plain, p.Value.Deserialize(bytes[p.Key])));
            var ser = OrleansContenders.Names.ToDictionary(n => n, _ => new List<double>());
            var deser = OrleansContenders.Names.ToDictionary(n => n, _ => new List<double>());
            var buffer = new ArrayBufferWriter<byte>(256 * 1024);
            for (int round = 0; round < settings.Rounds * 3; round++)
            {
                foreach (string name in OrleansContenders.Names)
                {
                    Serializer<object> serializer = serializers[name];
                    object value = values[name];
                    byte[] payload = bytes[name];
                    ser[name].Add(Measure(() => { buffer.ResetWrittenCount(); serializer.Serialize(value, buffer); }, settings.Batch));
                    deser[name].Add(Measure(() => serializer.Deserialize(payload), settings.Batch));
                }
            }
            double slim = Median(ser[OrleansContenders.Slim]) + Median(deser[OrleansContenders.Slim]);
            foreach (string name in OrleansContenders.Names)
            {
                double s = Median(ser[name]), d = Median(deser[name]);
                output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {message.Name} | {name} | {bytes[name].Length:N0} | {Format.Time(s)} | {Format.Time(d)} | {Format.Time(s + d)} | {(s + d) / slim:0.00}x | {(verified[name] ? "yes" : "DIFFERS")} |"));
            }
        }
        output.WriteLine();
    }

    private static void CopierOnly(TextWriter output, Settings settings, Dictionary<string, ServiceProvider> services)
    {
        output.WriteLine("### Copier only: Orleans' DeepCopier (what a call's arguments and result go through)");
        output.WriteLine();
        output.WriteLine("| message | copier | copy | vs Slim | verified |");
        output.WriteLine("|---|---|---:|---:|---|");
        foreach (var message in OrleansMessages.All)
        {
            var copiers = services.ToDictionary(p => p.Key, p => p.Value.GetRequiredService<DeepCopier>());
            var values = OrleansContenders.Names.ToDictionary(n => n, n => OrleansContenders.Message(n, message));
            var times = OrleansContenders.Names.ToDictionary(n => n, _ => new List<double>());
            var verified = OrleansContenders.Names.ToDictionary(n => n, n => Verify(message.Plain, copiers[n].Copy(values[n])));
            for (int round = 0; round < settings.Rounds * 3; round++)
            {
                foreach (string name in OrleansContenders.Names)
                {
                    DeepCopier copier = copiers[name];
                    object value = values[name];
                    times[name].Add(Measure(() => copier.Copy(value), settings.Batch));
                }
            }
            double slim = Median(times[OrleansContenders.Slim]);
            foreach (string name in OrleansContenders.Names)
            {
                double t = Median(times[name]);
                output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {message.Name} | {name} | {Format.Time(t)} | {t / slim:0.00}x | {(verified[name] ? "yes" : "DIFFERS")} |"));
            }
        }
        output.WriteLine();
    }

    private static void EndToEnd(TextWriter output, Settings settings)
    {
        var clusters = new Dictionary<string, TestCluster>();
        try
        {
            foreach (string name in OrleansContenders.Names)
            {
                var builder = new TestClusterBuilder(1);
                builder.Options.ConfigureFileLogging = false; // TestingHost would write a log per silo and client into the working directory
                builder.Properties["contender"] = OrleansContenders.Key(name);
                builder.AddSiloBuilderConfigurator<SiloConfigurator>();
                builder.AddClientBuilderConfigurator<ClientConfigurator>();
                TestCluster cluster = builder.Build();
                cluster.Deploy();
                clusters[name] = cluster;
                foreach (var message in OrleansMessages.All)
                {
                    Calls(cluster, OrleansContenders.Message(name, message), 200, Window); // warm-up: connections, code generation, JIT
                }
            }
            output.WriteLine("### End to end: grain calls in a TestingHost cluster (one silo and a client in this process, loopback TCP)");
            output.WriteLine();
            output.WriteLine($"calls/s: `Task<object> Echo(object)` with {Window} in flight ({settings.SmallCalls:N0} small / {settings.DtoCalls:N0} DTO calls per round); " +
                $"p50: one call at a time ({settings.LatencyCalls:N0} per round). Median of {settings.Rounds} rounds, contenders alternating (each round starting with the next one).");
            output.WriteLine();
            output.WriteLine("| message | serializer | calls/s | p50 | calls/s vs Slim |");
            output.WriteLine("|---|---|---:|---:|---:|");
            foreach (var message in OrleansMessages.All)
            {
                int count = message.Plain is Akka.SmallMessage ? settings.SmallCalls : settings.DtoCalls;
                var rates = OrleansContenders.Names.ToDictionary(n => n, _ => new List<double>());
                var p50 = OrleansContenders.Names.ToDictionary(n => n, _ => new List<double>());
                int contenders = OrleansContenders.Names.Count;
                for (int round = 0; round < settings.Rounds; round++)
                {
                    foreach (string name in OrleansContenders.Names.Skip(round % contenders).Concat(OrleansContenders.Names.Take(round % contenders)))
                    {
                        object value = OrleansContenders.Message(name, message);
                        long started = Stopwatch.GetTimestamp();
                        Calls(clusters[name], value, count, Window);
                        rates[name].Add(count / Stopwatch.GetElapsedTime(started).TotalSeconds);
                        long[] trips = Calls(clusters[name], value, settings.LatencyCalls, 1);
                        Array.Sort(trips);
                        p50[name].Add(trips[trips.Length / 2] * 1e9 / Stopwatch.Frequency);
                    }
                }
                double slim = Median(rates[OrleansContenders.Slim]);
                foreach (string name in OrleansContenders.Names)
                {
                    double rate = Median(rates[name]);
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {message.Name} | {name} | {rate:N0} | {Format.Time(Median(p50[name]))} | {rate / slim:0.00}x |"));
                }
            }
            output.WriteLine();
        }
        finally
        {
            foreach (TestCluster cluster in clusters.Values)
            {
                cluster.StopAllSilos();
                cluster.Dispose();
            }
        }
    }

    /// <summary><paramref name="count"/> calls with <paramref name="window"/> in flight; the duration of each (in Stopwatch ticks).</summary>
    private static long[] Calls(TestCluster cluster, object value, int count, int window)
    {
        IEchoGrain grain = cluster.Client.GetGrain<IEchoGrain>(0);
        var trips = new long[count];
        int next = -1;
        async Task Worker()
        {
            int i;
            while ((i = Interlocked.Increment(ref next)) < count)
            {
                long start = Stopwatch.GetTimestamp();
                await grain.Echo(value);
                trips[i] = Stopwatch.GetTimestamp() - start;
            }
        }
        Task.WaitAll([.. Enumerable.Range(0, window).Select(_ => Task.Run(Worker))]);
        return trips;
    }

    private static bool Verify(object expected, object? actual)
    {
        object? model = actual is null || actual.GetType().Namespace == expected.GetType().Namespace ? actual
            : actual is AnnotatedSmallMessage small ? new Akka.SmallMessage { Id = small.Id, Text = small.Text, Value = small.Value, At = small.At }
            : MirrorMapper.ToModel.Map(actual);
        return GraphComparer.Compare(expected, model, GraphFidelity.Contents).Difference is null;
    }

    private static double Measure(Action call, TimeSpan batch)
    {
        call();
        long deadline = Stopwatch.GetTimestamp() + (long)(batch.TotalSeconds * Stopwatch.Frequency);
        long start = Stopwatch.GetTimestamp();
        long count = 0;
        long now;
        do
        {
            for (int i = 0; i < 4; i++)
            {
                call();
            }
            count += 4;
            now = Stopwatch.GetTimestamp();
        }
        while (now < deadline);
        return (now - start) * 1e9 / Stopwatch.Frequency / count;
    }

    private static double Median(List<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private sealed class SiloConfigurator : ISiloConfigurator
    {
        public void Configure(ISiloBuilder siloBuilder) =>
            siloBuilder.Services.AddSerializer(serializer => OrleansContenders.Register(OrleansContenders.FromKey(siloBuilder.Configuration["contender"]!), serializer));
    }

    private sealed class ClientConfigurator : IClientBuilderConfigurator
    {
        public void Configure(IConfiguration configuration, IClientBuilder clientBuilder) =>
            clientBuilder.Services.AddSerializer(serializer => OrleansContenders.Register(OrleansContenders.FromKey(configuration["contender"]!), serializer));
    }
}
