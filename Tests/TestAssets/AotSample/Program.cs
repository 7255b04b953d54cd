using System.Diagnostics;
using System.Globalization;
using Apiculture;

// The NativeAOT sample. Verbs:
//   (none) | run     serialize each message, print "msg <name> <hex>", read each back and deep-clone, check each whole
//   read <file>      read the messages another build printed (the "msg" lines of <file>) and check each whole
//   bench [n]        the first round trip of the main type in this process, then n rounds of steady state (medians)
// The exit code is 0 only when every check held.
string verb = args.Length == 0 ? "run" : args[0];
return verb switch
{
    "run" => Sample.Run(),
    "read" when args.Length == 2 => Sample.Read(File.ReadAllLines(args[1])),
    "bench" => Bench.Run(args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 21),
    _ => Usage(),
};

static int Usage()
{
    Console.Error.WriteLine("usage: AotSample [run | read <file> | bench [rounds]]");
    return 2;
}

/// <summary>Writes the messages, reads them back and clones them, each checked against the model as built.</summary>
internal static class Sample
{
    public static int Run()
    {
        var slim = Messages.Serializer();
        var failures = new List<string>();
        foreach ((string name, byte[] bytes) in Messages.Write(slim))
        {
            Console.WriteLine($"msg {name} {Convert.ToHexString(bytes)}");
            failures.AddRange(Messages.CheckRead(slim, name, bytes));
        }
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
        var failures = new List<string>();
        int read = 0;
        foreach (string line in lines)
        {
            string[] parts = line.Split(' ');
            if (parts.Length == 3 && parts[0] == "msg")
            {
                failures.AddRange(Messages.CheckRead(slim, parts[1], Convert.FromHexString(parts[2])));
                read++;
            }
        }
        if (read != Messages.Names.Length)
        {
            failures.Add($"read {read} messages, expected {Messages.Names.Length}");
        }
        return Report(failures);
    }

    private static int Report(List<string> failures)
    {
        foreach (string failure in failures)
        {
            Console.WriteLine("FAIL " + failure);
        }
        Console.WriteLine(failures.Count == 0 ? "ok" : $"failed: {failures.Count}");
        return failures.Count == 0 ? 0 : 1;
    }
}

/// <summary>The sample's messages: the main graph, an interface root, an object root.</summary>
internal static class Messages
{
    public static readonly string[] Names = ["apiary", "queen", "log"];

    // The untyped read of the log names a type no declared type reaches: the policy allows it by name.
    public static NFX.Slim.SlimSerializer Serializer() =>
        new(NFX.Slim.SlimOptions.Default with { TypePolicy = NFX.Slim.SlimTypePolicy.Default.AllowTypes(typeof(TreatmentLog)) });

    public static IEnumerable<(string Name, byte[] Bytes)> Write(NFX.Slim.SlimSerializer slim)
    {
        Apiary apiary = Model.Build();
        yield return ("apiary", slim.Serialize(apiary));
        yield return ("queen", slim.Serialize(apiary.Hives[1].Queen));
        yield return ("log", slim.Serialize(apiary.Attachment));
    }

    public static IEnumerable<string> CheckRead(NFX.Slim.SlimSerializer slim, string name, byte[] bytes)
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
        Apiary first = slim.Deserialize<Apiary>(slim.Serialize(apiary));
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

    private static double Median(double[] values)
    {
        double[] sorted = [.. values.Order()];
        return sorted[sorted.Length / 2];
    }
}
