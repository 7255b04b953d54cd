using System.Diagnostics;
using System.Globalization;
using MemoryPack;
using NFX.Perf.Quick;
using NFX.Slim;

namespace NFX.Perf.Costs;

/// <summary>
/// <c>costs [--rounds N]</c>: what one unit of work costs Slim (PerCall) and MemoryPack, both ways, so a gap on a real
/// workload can be read as "per message", "per object", "per field" and "per string". Five roots, each an array of
/// <see cref="Count"/> elements but the first (an empty array): a one-int sealed class, the same with ten ints, and a
/// one-int class with its own 8-char string. Every (root, serializer, direction) cell runs once per round, rounds
/// interleaved, median over rounds (and, in brackets, the fastest round); the unit cost is the difference of two such
/// figures divided by the element count.
/// </summary>
public static class UnitCostCheck
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "costs";

    /// <summary>Elements per array.</summary>
    public const int Count = 1000;

    private const int OpsPerBatch = 50;

    /// <summary>Runs the check with the arguments after the verb; returns 0.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        int rounds = args.Count == 2 && args[0] == "--rounds" ? int.Parse(args[1], CultureInfo.InvariantCulture) : 21;
        double loadStart = MachineInfo.LoadAverage() ?? double.NaN;
        Console.Out.WriteLine($"unit costs on {MachineInfo.Current()}, {rounds} interleaved rounds of {OpsPerBatch} ops per cell");
        var slim = new SlimSerializer();
        Cell[] cells =
        [
            Cell.Of("empty", new CostLeaves { Items = [] }, slim),
            Cell.Of("leaves", new CostLeaves { Items = [.. Enumerable.Range(0, Count).Select(i => new CostLeaf { A = i })] }, slim),
            Cell.Of("wides", new CostWides { Items = [.. Enumerable.Range(0, Count).Select(Wide)] }, slim),
            Cell.Of("named", new CostNames { Items = [.. Enumerable.Range(0, Count).Select(i => new CostNamed { A = i, Name = $"n{i:0000000}" })] }, slim),
        ];
        var samples = cells.ToDictionary(c => c.Name, _ => new List<double>[4].Select(_ => new List<double>()).ToArray());
        for (int round = -2; round < rounds; round++) // two warm-up rounds
        {
            foreach (Cell cell in cells)
            {
                for (int op = 0; op < 4; op++)
                {
                    double ns = cell.Time(op);
                    if (round >= 0)
                    {
                        samples[cell.Name][op].Add(ns);
                    }
                }
            }
        }
        // The median is the figure; the fastest round (in brackets) is the steadier one when other processes share the cores.
        bool fastest = false;
        double Median(string cell, int op)
        {
            List<double> list = samples[cell][op];
            list.Sort();
            return fastest ? list[0] : list[list.Count / 2];
        }
        Console.Out.WriteLine();
        Console.Out.WriteLine("| Unit | Slim serialize | MemoryPack serialize | Slim / MemoryPack | Slim deserialize | MemoryPack deserialize | Slim / MemoryPack |");
        Console.Out.WriteLine("|---|--:|--:|--:|--:|--:|--:|");
        void Row(string unit, Func<int, double> cost)
        {
            double[] median = new double[4], best = new double[4];
            for (int op = 0; op < 4; op++)
            {
                fastest = false;
                median[op] = cost(op);
                fastest = true;
                best[op] = cost(op);
            }
            string Cell(int op) => FormattableString.Invariant($"{median[op]:0.0} ns [{best[op]:0.0}]");
            string Ratio(int slim, int pack) => FormattableString.Invariant($"{median[slim] / median[pack]:0.00}x [{best[slim] / best[pack]:0.00}x]");
            Console.Out.WriteLine($"| {unit} | {Cell(0)} | {Cell(1)} | {Ratio(0, 1)} | {Cell(2)} | {Cell(3)} | {Ratio(2, 3)} |");
        }
        Row("message (a root with an empty array, output byte[] included)", op => Median("empty", op));
        Row("object (a sealed class with one int, in an array)", op => (Median("leaves", op) - Median("empty", op)) / Count);
        Row("int field (each of nine more)", op => (Median("wides", op) - Median("leaves", op)) / Count / 9);
        Row("string field (8 ASCII chars, each its own)", op => (Median("named", op) - Median("leaves", op)) / Count);
        Console.Out.WriteLine();
        Console.Out.WriteLine(MachineInfo.DescribeLoad(loadStart, MachineInfo.LoadAverage(), Environment.ProcessorCount));
        return 0;
    }

    private static CostWide Wide(int i) => new() { A = i, B = i, C = i, D = i, E = i, F = i, G = i, H = i, I = i, J = i };

    /// <summary>One root: Slim (PerCall) and MemoryPack, serialize (0, 1) and deserialize (2, 3), as batch timings.</summary>
    private sealed class Cell(string name, Func<object> slimSerialize, Func<object> packSerialize, Func<object?> slimDeserialize, Func<object?> packDeserialize)
    {
        public string Name => name;

        public static Cell Of<T>(string name, T root, SlimSerializer slim)
        {
            byte[] slimBytes = slim.Serialize(root);
            byte[] packBytes = MemoryPackSerializer.Serialize(root);
            return new Cell(name, () => slim.Serialize(root), () => MemoryPackSerializer.Serialize(root),
                () => slim.Deserialize<T>(slimBytes), () => MemoryPackSerializer.Deserialize<T>(packBytes));
        }

        /// <summary>Nanoseconds per op over one batch of <see cref="OpsPerBatch"/> ops.</summary>
        public double Time(int op)
        {
            Func<object?> action = op switch { 0 => slimSerialize, 1 => packSerialize, 2 => slimDeserialize, _ => packDeserialize };
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < OpsPerBatch; i++)
            {
                GC.KeepAlive(action());
            }
            return Stopwatch.GetElapsedTime(start).TotalNanoseconds / OpsPerBatch;
        }
    }
}
