using System.Diagnostics;
using System.Globalization;
using System.Runtime.CompilerServices;
using Apiculture;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Caching;

// The NativeAOT sample. Verbs:
//   (none) | run     serialize each message, print "msg <name> <hex>", read each back and deep-clone, set and get the
//                    model through HybridCache with Slim; check each whole
//   read <file>      read the messages another build printed (the "msg" lines of <file>) and check each whole
//   bench [n]        the first round trip of the main type in this process, then n rounds of steady state (medians)
//   serve <port> [s] a Glue server of IApiaryRegistry on 127.0.0.1 (port 0: any free one); prints "listening <port>";
//                    stops on SIGTERM/SIGINT or after s seconds (300)
//   call <port>      call every method of the server on 127.0.0.1:<port> and check each result whole
// The exit code is 0 only when every check held.
string verb = args.Length == 0 ? "run" : args[0];
return verb switch
{
    "run" => await Sample.Run(),
    "read" when args.Length == 2 => Sample.Read(File.ReadAllLines(args[1])),
    "bench" => Bench.Run(args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 21),
    "serve" when args.Length is 2 or 3 => await Remote.Serve(int.Parse(args[1], CultureInfo.InvariantCulture),
        TimeSpan.FromSeconds(args.Length == 3 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 300)),
    "call" when args.Length == 2 => Sample.Report(await Remote.Call(int.Parse(args[1], CultureInfo.InvariantCulture))),
    _ => Usage(),
};

static int Usage()
{
    Console.Error.WriteLine("usage: AotSample [run | read <file> | bench [rounds] | serve <port> [seconds] | call <port>]");
    return 2;
}

/// <summary>Writes the messages, reads them back, clones and caches the model, each checked against the model as built.</summary>
internal static class Sample
{
    public static async Task<int> Run()
    {
        var slim = Messages.Serializer();
        await using ServiceProvider services = Cache.Services();
        SlimCacheCodec codec = services.GetRequiredService<SlimCacheCodec>();
        var failures = new List<string>();
        foreach ((string name, byte[] bytes) in Messages.Write(slim, codec))
        {
            Console.WriteLine($"msg {name} {Convert.ToHexString(bytes)}");
            failures.AddRange(Messages.CheckRead(slim, codec, name, bytes));
        }
        failures.AddRange(await Cache.SetAndGet(services));
        Apiary original = Model.Build();
        Apiary clone = slim.DeepClone(original);
        failures.AddRange(Model.Check("clone apiary", clone, original));
        IQueen queen = slim.DeepClone<IQueen>(original.Hives[0].Queen!);
        failures.AddRange(Model.Same("clone queen", Model.DescribeQueen(queen), Model.DescribeQueen(original.Hives[0].Queen)));
        return Report(failures);
    }

    public static int Read(string[] lines)
    {
        var slim = Messages.Serializer();
        using ServiceProvider services = Cache.Services();
        SlimCacheCodec codec = services.GetRequiredService<SlimCacheCodec>();
        var failures = new List<string>();
        int read = 0;
        foreach (string line in lines)
        {
            string[] parts = line.Split(' ');
            if (parts.Length == 3 && parts[0] == "msg")
            {
                failures.AddRange(Messages.CheckRead(slim, codec, parts[1], Convert.FromHexString(parts[2])));
                read++;
            }
        }
        if (read != Messages.Names.Length)
        {
            failures.Add($"read {read} messages, expected {Messages.Names.Length}");
        }
        return Report(failures);
    }

    public static int Report(List<string> failures)
    {
        foreach (string failure in failures)
        {
            Console.WriteLine("FAIL " + failure);
        }
        Console.WriteLine(failures.Count == 0 ? "ok" : $"failed: {failures.Count}");
        return failures.Count == 0 ? 0 : 1;
    }
}

/// <summary>The sample's messages: the main graph, an interface root, an object root, the main graph as a cache value.</summary>
internal static class Messages
{
    public static readonly string[] Names = ["apiary", "queen", "log", "cache-apiary"];

    // The untyped read of the log names a type no declared type reaches: the policy allows it by name.
    public static NFX.Slim.SlimOptions Options { get; } =
        NFX.Slim.SlimOptions.Default with { TypePolicy = NFX.Slim.SlimTypePolicy.Default.AllowTypes(typeof(TreatmentLog)) };

    public static NFX.Slim.SlimSerializer Serializer() => new(Options);

    public static IEnumerable<(string Name, byte[] Bytes)> Write(NFX.Slim.SlimSerializer slim, SlimCacheCodec codec)
    {
        Apiary apiary = Model.Build();
        yield return ("apiary", slim.Serialize(apiary));
        yield return ("queen", slim.Serialize(apiary.Hives[1].Queen));
        yield return ("log", slim.Serialize(apiary.Attachment));
        // What HybridCache stores for the apiary (the codec it was registered with): the checked cache value format.
        yield return ("cache-apiary", codec.Serialize(apiary));
    }

    public static IEnumerable<string> CheckRead(NFX.Slim.SlimSerializer slim, SlimCacheCodec codec, string name, byte[] bytes)
    {
        Apiary expected = Model.Build();
        try
        {
            return name switch
            {
                "apiary" => Model.Check("read apiary", slim.Deserialize<Apiary>(bytes), expected),
                "queen" => Model.Same("read queen", Model.DescribeQueen(slim.Deserialize<IQueen>(bytes)), Model.DescribeQueen(expected.Hives[1].Queen)),
                // The untyped read: the type comes from the bytes alone.
                "log" => Model.Same("read log", Model.DescribeLog(slim.Deserialize(bytes)), Model.DescribeLog(expected.Attachment)),
                "cache-apiary" => Model.Check("read cache-apiary", codec.Deserialize<Apiary>(bytes), expected),
                _ => [$"unknown message {name}"],
            };
        }
        catch (Exception e)
        {
            return [$"read {name}: {e.GetType().Name}: {e.Message}"];
        }
    }
}

/// <summary>Measures the first round trip of the main type in this process, then the steady state.</summary>
internal static class Bench
{
    public static int Run(int rounds)
    {
        Apiary apiary = Model.Build();
        var slim = Messages.Serializer();
        long start = Stopwatch.GetTimestamp();
        Apiary first = FirstRoundTrip(slim, apiary);
        double firstMs = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        if (Model.Check("bench", first, apiary).Any())
        {
            Console.WriteLine("FAIL the first round trip");
            return 1;
        }
        const int Iterations = 2_000;
        var serialize = new double[rounds];
        var deserialize = new double[rounds];
        byte[] bytes = slim.Serialize(apiary);
        for (int round = 0; round < rounds; round++)
        {
            start = Stopwatch.GetTimestamp();
            for (int i = 0; i < Iterations; i++)
            {
                bytes = slim.Serialize(apiary);
            }
            serialize[round] = Stopwatch.GetElapsedTime(start).TotalNanoseconds / Iterations;
            start = Stopwatch.GetTimestamp();
            for (int i = 0; i < Iterations; i++)
            {
                first = slim.Deserialize<Apiary>(bytes);
            }
            deserialize[round] = Stopwatch.GetElapsedTime(start).TotalNanoseconds / Iterations;
        }
        Console.WriteLine(FormattableString.Invariant(
            $"first-roundtrip-ms {firstMs:F3} serialize-ns {Median(serialize):F0} deserialize-ns {Median(deserialize):F0} bytes {bytes.Length}"));
        return 0;
    }

    // Its own method so a profiler can collect this call alone (callgrind --toggle-collect=*FirstRoundTrip*).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static Apiary FirstRoundTrip(NFX.Slim.SlimSerializer slim, Apiary apiary) => slim.Deserialize<Apiary>(slim.Serialize(apiary));

    private static double Median(double[] values)
    {
        double[] sorted = [.. values.Order()];
        return sorted[sorted.Length / 2];
    }
}
