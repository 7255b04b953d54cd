using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Contenders;
using NFX.Perf.Quick;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Scaling;
using NFX.Slim;

namespace NFX.Perf.Scaling;

/// <summary>
/// <c>scaling [--sizes 1,4,16] [--shapes list,tree]</c>: does Slim's cost per object stay flat as the graph grows? For
/// each shape (a linked list; an array of tree nodes, each with its own string) and size (millions of nodes), it
/// serializes to a byte[] and deserializes it back twice, as a new user would, and counts the second (warm) run; then
/// it prints the time per node and the ratio of each size to the smallest. Slim PerCall with trusted limits (a 16M-node
/// tree is 32M objects with its strings, past the default MaxObjects). Memory: about 500 bytes per node at the peak
/// (the source graph, the payload, the write identity map, the read pool and the copy), so 16M nodes need ~8 GiB.
/// </summary>
public static class ScalingCheck
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "scaling";

    /// <summary>The target: per node, the largest size within this factor of the smallest.</summary>
    public const double MaxRatio = 1.3;

    /// <summary>Runs the check with the arguments after the verb; returns 0.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        int[] sizes = [1, 4, 16];
        string[] shapes = ["list", "tree"];
        for (int i = 0; i < args.Count; i++)
        {
            string Next() => i + 1 < args.Count ? args[++i] : throw new ArgumentException($"{args[i]} needs a value.");
            switch (args[i])
            {
                case "--sizes":
                    sizes = [.. Next().Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture))];
                    break;
                case "--shapes":
                    shapes = Next().Split(',');
                    break;
                default:
                    throw new ArgumentException($"Unknown option '{args[i]}'. Usage: scaling [--sizes 1,4,16] [--shapes list,tree]");
            }
        }
        double loadStart = MachineInfo.LoadAverage() ?? double.NaN;
        Console.Out.WriteLine($"scaling check on {MachineInfo.Current()}");
        var slim = new SlimSerializer(SlimPerfOptions.For(TypeRegistryMode.PerCall) with { Limits = SlimLimits.Trusted });
        foreach (string shape in shapes)
        {
            var perNode = new List<(int Millions, double Serialize, double Deserialize)>();
            foreach (int millions in sizes)
            {
                int count = checked(millions * 1_000_000);
                (double serialize, double deserialize, int bytes) = Measure(slim, shape, count);
                perNode.Add((millions, serialize, deserialize));
                Console.Out.WriteLine(FormattableString.Invariant(
                    $"{shape,-4} {millions,3}M nodes: serialize {serialize,7:0.0} ns/node, deserialize {deserialize,7:0.0} ns/node, {bytes / (double)count:0.0} B/node"));
            }
            (int baseMillions, double baseSerialize, double baseDeserialize) = perNode[0];
            foreach ((int millions, double serialize, double deserialize) in perNode.Skip(1))
            {
                double s = serialize / baseSerialize, d = deserialize / baseDeserialize;
                string verdict = s <= MaxRatio && d <= MaxRatio ? "met" : "missed";
                Console.Out.WriteLine(FormattableString.Invariant(
                    $"{shape,-4} {millions}M vs {baseMillions}M per node: serialize {s:0.00}x, deserialize {d:0.00}x (target <= {MaxRatio}x): {verdict}"));
            }
        }
        Console.Out.WriteLine(MachineInfo.DescribeLoad(loadStart, MachineInfo.LoadAverage(), Environment.ProcessorCount));
        return 0;
    }

    private static (double Serialize, double Deserialize, int Bytes) Measure(SlimSerializer slim, string shape, int count)
    {
        object root = shape switch
        {
            "list" => CreateList(count),
            "tree" => ScalingTreeNode.CreateTree(count),
            _ => throw new ArgumentException($"Unknown shape '{shape}' (list or tree)."),
        };
        byte[] payload = [];
        double serialize = 0, deserialize = 0;
        for (int run = 0; run < 2; run++)
        {
            payload = [];
            Settle();
            long start = Stopwatch.GetTimestamp();
            payload = slim.Serialize(root);
            serialize = Stopwatch.GetElapsedTime(start).TotalNanoseconds / count;
        }
        for (int run = 0; run < 2; run++)
        {
            Settle();
            long start = Stopwatch.GetTimestamp();
            object? copy = slim.Deserialize(payload);
            deserialize = Stopwatch.GetElapsedTime(start).TotalNanoseconds / count;
            GC.KeepAlive(copy);
        }
        return (serialize, deserialize, payload.Length);
    }

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
