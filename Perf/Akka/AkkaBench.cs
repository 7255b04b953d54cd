using System.Diagnostics;
using System.Globalization;
using Akka.Actor;
using Akka.Serialization;
using NFX.Perf.Quick;
using NFX.Perf.Verification;

namespace NFX.Perf.Akka;

/// <summary>
/// Slim in Akka.NET against Hyperion and Akka's default (Newtonsoft JSON): serializer-only time and bytes through
/// Akka's <see cref="Serializer"/> API, and an Akka.Remote ping-pong between two actor systems in two processes (as
/// Akka's RemotePingPong: one association, messages/s with a window in flight, round-trip p50/p99 one at a time), for a
/// small message and the Perf DTO tree. Part of <c>quick</c> (<c>quick --filter akka</c> alone); <c>akka</c> is the
/// longer run.
/// </summary>
public sealed class AkkaBench : HostedBench
{
    /// <summary>The verb of the longer run, also the quick-run filter key.</summary>
    public const string Verb = "akka";

    /// <inheritdoc/>
    public override string Key => Verb;

    /// <inheritdoc/>
    protected override string Title => "Slim in Akka.NET (vs Hyperion and Akka's default, Newtonsoft JSON)";

    /// <inheritdoc/>
    protected override string Versions => "Akka.NET 1.5.74, Akka.Serialization.Hyperion 1.5.73";

    /// <inheritdoc/>
    protected override Settings Quick { get; } = new(Rounds: 3, SmallCount: 4000, DtoCount: 400, LatencyCount: 300, Batch: TimeSpan.FromMilliseconds(40));

    /// <inheritdoc/>
    protected override Settings Long { get; } = new(Rounds: 7, SmallCount: 20000, DtoCount: 2000, LatencyCount: 2000, Batch: TimeSpan.FromMilliseconds(150));

    /// <inheritdoc/>
    protected override TargetTable Measure(TextWriter output, Settings settings)
    {
        Dictionary<string, (int Bytes, double RoundTripNs)>[] serializerOnly = SerializerOnly(output, settings);
        Dictionary<string, double>[] endToEnd = EndToEnd(output, settings);
        int dto = AkkaMessages.All.Count - 1;
        double e2e = endToEnd[dto][AkkaContenders.Slim] / endToEnd[dto][AkkaContenders.Hyperion];
        double ser = serializerOnly[dto][AkkaContenders.Hyperion].RoundTripNs / serializerOnly[dto][AkkaContenders.Slim].RoundTripNs;
        bool smaller = serializerOnly.All(m => m[AkkaContenders.Slim].Bytes < m[AkkaContenders.Hyperion].Bytes && m[AkkaContenders.Slim].Bytes < m[AkkaContenders.Json].Bytes);
        var targets = new TargetTable("Akka.NET",
        [
            Target.Judged("DTO tree end to end: Slim's messages/s over Hyperion's", ">= 2x", N(e2e) + "x", e2e >= 2, TargetKind.Timing),
            Target.Judged("DTO tree serializer only (serialize + deserialize): Hyperion's time over Slim's", ">= 3x", N(ser) + "x", ser >= 3, TargetKind.Timing),
            Target.Judged("Slim's payloads smaller than Hyperion's and JSON's, both messages", "< each",
                string.Join(", ", serializerOnly.Select((m, i) =>
                    $"{AkkaMessages.All[i].Name} {m[AkkaContenders.Slim].Bytes:N0} / {m[AkkaContenders.Hyperion].Bytes:N0} / {m[AkkaContenders.Json].Bytes:N0} B")),
                smaller, TargetKind.Size),
        ]);
        output.WriteLine("### Akka targets");
        output.WriteLine();
        output.WriteLine(targets.ToMarkdown());
        return targets;
    }

    /// <summary>Per message, per contender: bytes and the median serialize + deserialize time; prints the table.</summary>
    private static Dictionary<string, (int Bytes, double RoundTripNs)>[] SerializerOnly(TextWriter output, Settings settings)
    {
        var systems = AkkaContenders.Names.ToDictionary(n => n, n => ActorSystem.Create("serializer", AkkaContenders.Config(n, remote: false)));
        try
        {
            output.WriteLine($"### Serializer only, through Akka's Serializer API (ToBinary / FromBinary)");
            output.WriteLine();
            output.WriteLine($"Per call, median of {settings.Rounds * 3} batches of ~{settings.Batch.TotalMilliseconds:0} ms, contenders alternating. Ratios: contender / Slim.");
            output.WriteLine();
            output.WriteLine("| message | serializer | bytes | serialize | deserialize | ser + deser | vs Slim | size vs Slim | verified |");
            output.WriteLine("|---|---|---:|---:|---:|---:|---:|---:|---|");
            var results = new List<Dictionary<string, (int, double)>>();
            foreach ((string messageName, object message) in AkkaMessages.All)
            {
                Type type = message.GetType();
                var serializers = AkkaContenders.Names.ToDictionary(n => n, n => systems[n].Serialization.FindSerializerFor(message));
                var bytes = serializers.ToDictionary(p => p.Key, p => p.Value.ToBinary(message));
                var verified = serializers.ToDictionary(p => p.Key, p => GraphComparer.Compare(message, p.Value.FromBinary(bytes[p.Key], type), GraphFidelity.Contents).Difference is null);
                Dictionary<string, double[]> times = MedianTimes(AkkaContenders.Names, name =>
                    [() => serializers[name].ToBinary(message), () => serializers[name].FromBinary(bytes[name], type)], settings.Rounds * 3, settings.Batch);
                var summary = new Dictionary<string, (int, double)>();
                double slimRoundTrip = times[AkkaContenders.Slim].Sum();
                foreach (string name in AkkaContenders.Names)
                {
                    (double s, double d) = (times[name][0], times[name][1]);
                    summary[name] = (bytes[name].Length, s + d);
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {messageName} | {name} | {bytes[name].Length:N0} | {Format.Time(s)} | {Format.Time(d)} | {Format.Time(s + d)} | {(s + d) / slimRoundTrip:0.00}x | " +
                        $"{(double)bytes[name].Length / bytes[AkkaContenders.Slim].Length:0.00}x | {(verified[name] ? "yes" : "DIFFERS")} |"));
                }
                results.Add(summary);
            }
            output.WriteLine();
            return [.. results];
        }
        finally
        {
            Task.WaitAll([.. systems.Values.Select(s => s.Terminate())], TimeSpan.FromSeconds(10));
        }
    }

    /// <summary>Per message, per contender: median messages/s; prints the table.</summary>
    private static Dictionary<string, double>[] EndToEnd(TextWriter output, Settings settings)
    {
        var nodes = new List<Process>();
        var clients = new Dictionary<string, (ActorSystem System, IActorRef Echo)>();
        try
        {
            foreach (string name in AkkaContenders.Names)
            {
                ProcessStartInfo start = SelfProcess.StartInfo(AkkaNode.Verb, AkkaContenders.Key(name));
                start.RedirectStandardInput = true;
                start.RedirectStandardOutput = true;
                Process node = Process.Start(start) ?? throw new InvalidOperationException("could not start the akka node");
                nodes.Add(node);
                string address = ReadAddress(node);
                ActorSystem system = ActorSystem.Create("ping", AkkaContenders.Config(name, remote: true));
                IActorRef echo = system.ActorSelection(address + "/user/echo").ResolveOne(TimeSpan.FromSeconds(60)).GetAwaiter().GetResult();
                clients[name] = (system, echo);
                foreach ((_, object message) in AkkaMessages.All)
                {
                    PingPong(system, echo, message, message is SmallMessage ? 2000 : 200, Window); // warm-up: connections, code generation, JIT
                }
            }
            output.WriteLine("### End to end: Akka.Remote ping-pong between two processes (DotNetty TCP on loopback)");
            output.WriteLine();
            output.WriteLine($"One client actor, one echo actor in the other process, one association. messages/s: round trips per second with " +
                $"{Window} in flight ({settings.SmallCount:N0} small / {settings.DtoCount:N0} DTO messages per round); p50 / p99: round trip with " +
                $"one in flight ({settings.LatencyCount:N0} per round). Median of {settings.Rounds} rounds, contenders alternating within each round (each round starting with the next one).");
            output.WriteLine();
            output.WriteLine("| message | serializer | messages/s | p50 | p99 | messages/s vs Slim |");
            output.WriteLine("|---|---|---:|---:|---:|---:|");
            var results = new List<Dictionary<string, double>>();
            foreach ((string messageName, object message) in AkkaMessages.All)
            {
                int count = message is SmallMessage ? settings.SmallCount : settings.DtoCount;
                var medians = EndToEndRounds(AkkaContenders.Names, settings.Rounds,
                    name =>
                    {
                        long started = Stopwatch.GetTimestamp();
                        PingPong(clients[name].System, clients[name].Echo, message, count, Window);
                        return count / Stopwatch.GetElapsedTime(started).TotalSeconds;
                    },
                    name => PingPong(clients[name].System, clients[name].Echo, message, settings.LatencyCount, 1));
                foreach (string name in AkkaContenders.Names)
                {
                    (double rate, double p50, double p99) = medians[name];
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {messageName} | {name} | {rate:N0} | {Format.Time(p50)} | {Format.Time(p99)} | {rate / medians[AkkaContenders.Slim].Rate:0.00}x |"));
                }
                results.Add(AkkaContenders.Names.ToDictionary(n => n, n => medians[n].Rate));
            }
            output.WriteLine();
            return [.. results];
        }
        finally
        {
            Task.WaitAll([.. clients.Values.Select(c => c.System.Terminate())], TimeSpan.FromSeconds(10));
            foreach (Process node in nodes)
            {
                node.StandardInput.Close();
                if (!node.WaitForExit(15_000))
                {
                    node.Kill(entireProcessTree: true);
                }
                node.Dispose();
            }
        }
    }

    private static long[] PingPong(ActorSystem system, IActorRef echo, object message, int count, int window)
    {
        var done = new TaskCompletionSource<long[]>(TaskCreationOptions.RunContinuationsAsynchronously);
        system.ActorOf(Props.Create(() => new PingClient(echo, message, count, window, done)));
        if (!done.Task.Wait(TimeSpan.FromSeconds(300)))
        {
            throw new TimeoutException($"the ping-pong of {count} {message.GetType().Name} did not finish in 300 s");
        }
        return done.Task.Result;
    }

    private static string ReadAddress(Process node)
    {
        string? line;
        while ((line = node.StandardOutput.ReadLine()) is not null)
        {
            if (line.StartsWith("address ", StringComparison.Ordinal))
            {
                return line["address ".Length..];
            }
        }
        throw new InvalidOperationException("the akka node exited before printing its address");
    }

    private static string N(double ratio) => ratio.ToString("0.00", CultureInfo.InvariantCulture);
}
