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
/// process, Orleans messaging over TestingHost's in-memory transport) for the small message and the Perf DTO tree. No targets: the tables
/// show where Slim stands. Part of <c>quick</c> (<c>quick --filter orleans</c> alone); <c>orleans</c> is the longer run.
/// </summary>
public sealed class OrleansBench : HostedBench
{
    /// <summary>The verb of the longer run, also the quick-run filter key.</summary>
    public const string Verb = "orleans";

    /// <inheritdoc/>
    public override string Key => Verb;

    /// <inheritdoc/>
    protected override string Title => "Slim in Orleans (vs Orleans' System.Text.Json fallback and [GenerateSerializer] codecs)";

    /// <inheritdoc/>
    protected override string Versions => "Microsoft.Orleans 10.4.2";

    /// <inheritdoc/>
    protected override Settings Quick { get; } = new(Rounds: 3, SmallCount: 3000, DtoCount: 300, LatencyCount: 200, Batch: TimeSpan.FromMilliseconds(40));

    /// <inheritdoc/>
    protected override Settings Long { get; } = new(Rounds: 7, SmallCount: 20000, DtoCount: 2000, LatencyCount: 1000, Batch: TimeSpan.FromMilliseconds(150));

    /// <inheritdoc/>
    protected override TargetTable? Measure(TextWriter output, Settings settings)
    {
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
        return null;
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
            var buffer = new ArrayBufferWriter<byte>(256 * 1024);
            Dictionary<string, double[]> times = MedianTimes(OrleansContenders.Names, name =>
                [
                    () => { buffer.ResetWrittenCount(); serializers[name].Serialize(values[name], buffer); },
                    () => serializers[name].Deserialize(bytes[name]),
                ], settings.Rounds * 3, settings.Batch);
            double slim = times[OrleansContenders.Slim].Sum();
            foreach (string name in OrleansContenders.Names)
            {
                (double s, double d) = (times[name][0], times[name][1]);
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
            var verified = OrleansContenders.Names.ToDictionary(n => n, n => Verify(message.Plain, copiers[n].Copy(values[n])));
            Dictionary<string, double[]> times = MedianTimes(OrleansContenders.Names, name => [() => copiers[name].Copy(values[name])],
                settings.Rounds * 3, settings.Batch);
            double slim = times[OrleansContenders.Slim][0];
            foreach (string name in OrleansContenders.Names)
            {
                double t = times[name][0];
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
            output.WriteLine("### End to end: grain calls in a TestingHost cluster (one silo and a client in this process, TestingHost's in-memory transport)");
            output.WriteLine();
            output.WriteLine($"calls/s: `Task<object> Echo(object)` with {Window} in flight ({settings.SmallCount:N0} small / {settings.DtoCount:N0} DTO calls per round); " +
                $"p50: one call at a time ({settings.LatencyCount:N0} per round). Median of {settings.Rounds} rounds, contenders alternating (each round starting with the next one).");
            output.WriteLine();
            output.WriteLine("| message | serializer | calls/s | p50 | calls/s vs Slim |");
            output.WriteLine("|---|---|---:|---:|---:|");
            foreach (var message in OrleansMessages.All)
            {
                int count = message.Plain is Akka.SmallMessage ? settings.SmallCount : settings.DtoCount;
                var medians = EndToEndRounds(OrleansContenders.Names, settings.Rounds,
                    name =>
                    {
                        long started = Stopwatch.GetTimestamp();
                        Calls(clusters[name], OrleansContenders.Message(name, message), count, Window);
                        return count / Stopwatch.GetElapsedTime(started).TotalSeconds;
                    },
                    name => Calls(clusters[name], OrleansContenders.Message(name, message), settings.LatencyCount, 1));
                double slim = medians[OrleansContenders.Slim].Rate;
                foreach (string name in OrleansContenders.Names)
                {
                    (double rate, double p50, _) = medians[name];
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {message.Name} | {name} | {rate:N0} | {Format.Time(p50)} | {rate / slim:0.00}x |"));
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
