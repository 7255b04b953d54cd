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
/// small message and the Perf DTO tree. Contenders alternate within every round; each figure is the median of the
/// rounds; the load average is printed beside the tables. Part of <c>quick</c> (<c>quick --filter akka</c> alone);
/// <c>akka</c> is the longer run.
/// </summary>
public static class AkkaBench
{
    public const string Verb = "akka";
    public const string Key = "akka";
    private const int Window = 32;

    private sealed record Settings(int Rounds, int SmallCount, int DtoCount, int LatencyCount, TimeSpan Batch);

    private static readonly Settings s_quick = new(Rounds: 3, SmallCount: 4000, DtoCount: 400, LatencyCount: 300, Batch: TimeSpan.FromMilliseconds(40));
    private static readonly Settings s_long = new(Rounds: 7, SmallCount: 20000, DtoCount: 2000, LatencyCount: 2000, Batch: TimeSpan.FromMilliseconds(150));

    /// <summary>The quick run's table (a minute or so).</summary>
    public static void RunQuick(TextWriter output) => Run(output, s_quick, "dotnet run -c Release --project Perf -- quick --filter akka");

    /// <summary>The <c>akka</c> verb: more rounds and messages.</summary>
    public static int RunLong(string[] args)
    {
        Run(Console.Out, s_long, "dotnet run -c Release --project Perf -- akka");
        return 0;
    }

    private static void Run(TextWriter output, Settings settings, string command)
    {
        double? loadAtStart = MachineInfo.LoadAverage();
        output.WriteLine("## Slim in Akka.NET (vs Hyperion and Akka's default, Newtonsoft JSON)");
        output.WriteLine();
        output.WriteLine($"Machine: {MachineInfo.Current()}. Command: `{command}`. Akka.NET 1.5.74, Akka.Serialization.Hyperion 1.5.73.");
        output.WriteLine();
        List<string> targets = [];
        Dictionary<string, (int Bytes, double RoundTripNs)>[] serializerOnly = SerializerOnly(output, settings);
        Dictionary<string, double>[] endToEnd = EndToEnd(output, settings);
        int dto = AkkaMessages.All.Count - 1;
        double e2e = endToEnd[dto][AkkaContenders.Slim] / endToEnd[dto][AkkaContenders.Hyperion];
        double ser = serializerOnly[dto][AkkaContenders.Hyperion].RoundTripNs / serializerOnly[dto][AkkaContenders.Slim].RoundTripNs;
        bool smaller = serializerOnly.All(m => m[AkkaContenders.Slim].Bytes < m[AkkaContenders.Hyperion].Bytes && m[AkkaContenders.Slim].Bytes < m[AkkaContenders.Json].Bytes);
        targets.Add(Target($"DTO tree end to end, Slim >= 2x Hyperion's messages/s: {e2e:0.00}x", e2e >= 2));
        targets.Add(Target($"DTO tree serializer only (serialize + deserialize), Slim >= 3x faster than Hyperion: {ser:0.00}x", ser >= 3));
        targets.Add(Target("Slim's payloads smaller than Hyperion's and JSON's for both messages: " +
            string.Join(", ", serializerOnly.Select((m, i) => $"{AkkaMessages.All[i].Name} {m[AkkaContenders.Slim].Bytes:N0} / {m[AkkaContenders.Hyperion].Bytes:N0} / {m[AkkaContenders.Json].Bytes:N0} B")), smaller));
        output.WriteLine("### Akka targets");
        output.WriteLine();
        foreach (string target in targets)
        {
            output.WriteLine("- " + target);
        }
        output.WriteLine();
        output.WriteLine(MachineInfo.LoadAverage() is double end && loadAtStart is double start
            ? MachineInfo.DescribeLoad(start, end, Environment.ProcessorCount)
            : "Load average: unknown on this OS.");
        output.WriteLine();
    }

    private static string Target(string text, bool met) => (met ? "met: " : "MISSED: ") + text;

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
                var ser = AkkaContenders.Names.ToDictionary(n => n, _ => new List<double>());
                var deser = AkkaContenders.Names.ToDictionary(n => n, _ => new List<double>());
                for (int round = 0; round < settings.Rounds * 3; round++)
                {
                    foreach (string name in AkkaContenders.Names)
                    {
                        Serializer serializer = serializers[name];
                        byte[] payload = bytes[name];
                        ser[name].Add(Measure(() => serializer.ToBinary(message), settings.Batch));
                        deser[name].Add(Measure(() => serializer.FromBinary(payload, type), settings.Batch));
                    }
                }
                var summary = new Dictionary<string, (int, double)>();
                double slimRoundTrip = Median(ser[AkkaContenders.Slim]) + Median(deser[AkkaContenders.Slim]);
                foreach (string name in AkkaContenders.Names)
                {
                    double s = Median(ser[name]), d = Median(deser[name]);
                    summary[name] = (bytes[name].Length, s + d);
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {messageName} | {name} | {bytes[name].Length:N0} | {Time(s)} | {Time(d)} | {Time(s + d)} | {(s + d) / slimRoundTrip:0.00}x | " +
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

    /// <summary>Nanoseconds per call: the call repeated for about <paramref name="batch"/>.</summary>
    private static double Measure(Action call, TimeSpan batch)
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
                var rates = AkkaContenders.Names.ToDictionary(n => n, _ => new List<double>());
                var p50 = AkkaContenders.Names.ToDictionary(n => n, _ => new List<double>());
                var p99 = AkkaContenders.Names.ToDictionary(n => n, _ => new List<double>());
                for (int round = 0; round < settings.Rounds; round++)
                {
                    // Each round starts with the next contender: no one always runs first (or right after another's garbage).
                    foreach (string name in AkkaContenders.Names.Skip(round % AkkaContenders.Names.Count).Concat(AkkaContenders.Names.Take(round % AkkaContenders.Names.Count)))
                    {
                        (ActorSystem system, IActorRef echo) = clients[name];
                        long started = Stopwatch.GetTimestamp();
                        PingPong(system, echo, message, count, Window);
                        rates[name].Add(count / Stopwatch.GetElapsedTime(started).TotalSeconds);
                        long[] trips = PingPong(system, echo, message, settings.LatencyCount, 1);
                        Array.Sort(trips);
                        p50[name].Add(trips[trips.Length / 2] * 1e9 / Stopwatch.Frequency);
                        p99[name].Add(trips[(int)(trips.Length * 0.99)] * 1e9 / Stopwatch.Frequency);
                    }
                }
                var summary = AkkaContenders.Names.ToDictionary(n => n, n => Median(rates[n]));
                foreach (string name in AkkaContenders.Names)
                {
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {messageName} | {name} | {summary[name]:N0} | {Time(Median(p50[name]))} | {Time(Median(p99[name]))} | {summary[name] / summary[AkkaContenders.Slim]:0.00}x |"));
                }
                results.Add(summary);
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

    private static double Median(List<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[sorted.Length / 2 - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private static string Time(double ns) => ns switch
    {
        < 1_000 => string.Create(CultureInfo.InvariantCulture, $"{ns:0} ns"),
        < 1_000_000 => string.Create(CultureInfo.InvariantCulture, $"{ns / 1_000:0.0} us"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{ns / 1_000_000:0.00} ms"),
    };
}
