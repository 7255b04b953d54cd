using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Contenders;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Scaling;
using NFX.Slim;

namespace NFX.Perf.Scaling;

/// <summary>
/// The child process of <see cref="ScalingCheck"/>: one shape at one size in a fresh process, so the heap one size
/// grew (gigabytes at 16M nodes) does not tax the next size's timing. It builds the graph, serializes it once to warm
/// up (JIT, and the first touch of the pages the payload and the identity map need), then times
/// <see cref="ScalingCheck.Runs"/> serializations, then the same for deserialization, each run after a full
/// collection with the previous run's output dropped. It prints <see cref="ScalingSample.ToLine"/> last.
/// </summary>
public static class ScalingChild
{
    /// <summary>The command-line verb of the child: <c>scaling-run SHAPE MILLIONS RUNS</c>.</summary>
    public const string Verb = "scaling-run";

    /// <summary>Runs the child with the arguments after the verb; returns 0.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        if (args.Count != 3)
        {
            throw new ArgumentException($"Usage: {Verb} list|tree MILLIONS RUNS");
        }
        string shape = args[0];
        int millions = int.Parse(args[1], CultureInfo.InvariantCulture);
        int runs = int.Parse(args[2], CultureInfo.InvariantCulture);
        int count = checked(millions * 1_000_000);
        // A 16M-node tree is 32M objects with its strings, past the default MaxObjects.
        var slim = new SlimSerializer(SlimPerfOptions.For(TypeRegistryMode.PerCall) with { Limits = SlimLimits.Trusted });
        object? root = CreateGraph(shape, count);

        byte[]? payload = null;
        double[] serialize = new double[runs];
        for (int run = -1; run < runs; run++)
        {
            payload = null;
            Settle();
            long start = Stopwatch.GetTimestamp();
            payload = slim.Serialize(root);
            double perNode = Stopwatch.GetElapsedTime(start).TotalNanoseconds / count;
            Report("serialize", run, perNode, serialize);
        }

        // The source graph is dropped: the copy and the payload are all a reader holds, and the peak stays lower.
        root = null;
        double[] deserialize = new double[runs];
        object? copy = null;
        for (int run = -1; run < runs; run++)
        {
            copy = null;
            Settle();
            long start = Stopwatch.GetTimestamp();
            copy = slim.Deserialize(payload!);
            double perNode = Stopwatch.GetElapsedTime(start).TotalNanoseconds / count;
            Report("deserialize", run, perNode, deserialize);
        }
        GC.KeepAlive(copy);

        long peak;
        using (var self = Process.GetCurrentProcess())
        {
            peak = self.PeakWorkingSet64;
        }
        Console.Out.WriteLine(new ScalingSample(shape, millions, payload!.Length, serialize, deserialize, peak).ToLine());
        return 0;
    }

    /// <summary>Prints one run (the parent relays it as progress) and keeps it when it counts (run 0 and up).</summary>
    private static void Report(string direction, int run, double perNode, double[] counted)
    {
        string which = run < 0 ? "warmup" : $"run {run + 1}/{counted.Length}";
        Console.Out.WriteLine(FormattableString.Invariant($"{direction} {which}: {perNode:0.0} ns/node (load {LoadText()})"));
        if (run >= 0)
        {
            counted[run] = perNode;
        }
    }

    private static string LoadText() => Quick.MachineInfo.LoadAverage() is { } load ? load.ToString("0.0", CultureInfo.InvariantCulture) : "n/a";

    /// <summary>The graph of a shape: "list" (a linked list of <paramref name="count"/> nodes) or "tree" (see <see cref="ScalingTreeNode.CreateTree"/>).</summary>
    public static object CreateGraph(string shape, int count) => shape switch
    {
        "list" => CreateList(count),
        "tree" => ScalingTreeNode.CreateTree(count),
        _ => throw new ArgumentException($"Unknown shape '{shape}' (list or tree)."),
    };

    private static Node CreateList(int count)
    {
        var random = new Random(42);
        Node? head = null;
        for (int i = 0; i < count; i++)
        {
            head = new Node { Value = random.Next(), Next = head };
        }
        return head!;
    }

    private static void Settle()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }
}
