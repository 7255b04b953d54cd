using System.Diagnostics;
using System.Globalization;
using MemoryPack;
using NFX.Perf.Quick;
using NFX.Slim;

namespace NFX.Perf.Costs;

/// <summary>
/// <c>costs [--rounds N]</c>: what one unit of work costs Slim (PerCall), MemoryPack and MemoryPack with reference
/// tracking, both ways, so a gap on a real workload can be read as "per message", "per object", "per field" and "per
/// string". Four roots, each an array of <see cref="Count"/> elements but the first (an empty array): a one-int sealed
/// class, the same with ten ints, and a one-int class with its own 8-char string. Slim and MemoryPack serialize the
/// shapes of <c>CostShapes.cs</c> as they are; "MemoryPack (references)" serializes the same values in the
/// <c>*Ref</c> copies (<see cref="GenerateType.CircularReference"/>: each object gets a reference id, as Slim always
/// tracks identity). Every (root, serializer, direction) cell runs once per round, rounds interleaved, median over
/// rounds (and, in brackets, the fastest round); the unit cost is the difference of two such figures divided by the
/// element count. Two tables: Slim against plain MemoryPack, then Slim against MemoryPack (references), with the ratio
/// of MemoryPack's two figures. That ratio is what reference tracking costs MemoryPack in its own format, not identity
/// alone: besides an object's reference id, the mode writes each member's byte length before the values (the
/// VersionTolerant layout), which shows on the int field row.
/// </summary>
public static class UnitCostCheck
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "costs";

    /// <summary>Elements per array.</summary>
    public const int Count = 1000;

    private const int OpsPerBatch = 50;

    // Contender indices, in the order of Cell.Of's list.
    private const int Slim = 0;
    private const int Pack = 1;
    private const int PackReferences = 2;
    private static readonly string[] s_contenders = ["Slim", "MemoryPack", "MemoryPack (references)"];
    private static readonly string[] s_directions = ["serialize", "deserialize"];

    /// <summary>Runs the check with the arguments after the verb; returns 0.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        int rounds = args.Count == 2 && args[0] == "--rounds" ? int.Parse(args[1], CultureInfo.InvariantCulture) : 21;
        double loadStart = MachineInfo.LoadAverage() ?? double.NaN;
        Console.Out.WriteLine($"unit costs on {MachineInfo.Current()}, {rounds} interleaved rounds of {OpsPerBatch} ops per cell");
        var slim = new SlimSerializer();
        Cell[] cells =
        [
            Cell.Of("empty", new CostLeaves { Items = [] }, new CostLeavesRef { Items = [] }, slim),
            Cell.Of("leaves", new CostLeaves { Items = [.. Enumerable.Range(0, Count).Select(i => new CostLeaf { A = i })] },
                new CostLeavesRef { Items = [.. Enumerable.Range(0, Count).Select(i => new CostLeafRef { A = i })] }, slim),
            Cell.Of("wides", new CostWides { Items = [.. Enumerable.Range(0, Count).Select(Wide)] },
                new CostWidesRef { Items = [.. Enumerable.Range(0, Count).Select(WideRef)] }, slim),
            Cell.Of("named", new CostNames { Items = [.. Enumerable.Range(0, Count).Select(i => new CostNamed { A = i, Name = Name(i) })] },
                new CostNamesRef { Items = [.. Enumerable.Range(0, Count).Select(i => new CostNamedRef { A = i, Name = Name(i) })] }, slim),
        ];
        // samples[cell][contender, direction]: nanoseconds per op, one per round.
        var samples = cells.ToDictionary(c => c.Name, c =>
        {
            var lists = new List<double>[c.Contenders.Count, 2];
            for (int i = 0; i < lists.Length; i++)
            {
                lists[i / 2, i % 2] = [];
            }
            return lists;
        });
        for (int round = -2; round < rounds; round++) // two warm-up rounds
        {
            foreach (Cell cell in cells)
            {
                for (int direction = 0; direction < 2; direction++)
                {
                    for (int contender = 0; contender < cell.Contenders.Count; contender++)
                    {
                        double ns = cell.Time(contender, direction);
                        if (round >= 0)
                        {
                            samples[cell.Name][contender, direction].Add(ns);
                        }
                    }
                }
            }
        }
        foreach (List<double> list in samples.Values.SelectMany(lists => lists.Cast<List<double>>()))
        {
            list.Sort();
        }
        // The median is the figure; the fastest round (in brackets) is the steadier one when other processes share the cores.
        (string Unit, Func<Func<string, double>, double> Cost)[] units =
        [
            ("message (a root with an empty array, output byte[] included)", at => at("empty")),
            ("object (a sealed class with one int, in an array)", at => (at("leaves") - at("empty")) / Count),
            ("int field (each of nine more)", at => (at("wides") - at("leaves")) / Count / 9),
            ("string field (8 ASCII chars, each its own)", at => (at("named") - at("leaves")) / Count),
        ];
        UnitFigures[] figures = [.. units.Select(u => new UnitFigures(u.Unit, s_contenders.Length, (contender, direction, fastest) =>
            u.Cost(cell =>
            {
                List<double> list = samples[cell][contender, direction];
                return fastest ? list[0] : list[list.Count / 2];
            })))];

        Console.Out.WriteLine();
        Table(figures, Pack, againstPlain: false);
        Console.Out.WriteLine();
        Console.Out.WriteLine("MemoryPack with reference tracking (GenerateType.CircularReference on copies of the shapes, the same values; "
            + "the mode also writes each member's byte length, so its field rows are not identity alone):");
        Console.Out.WriteLine();
        Table(figures, PackReferences, againstPlain: true);
        Console.Out.WriteLine();
        Console.Out.WriteLine(MachineInfo.DescribeLoad(loadStart, MachineInfo.LoadAverage(), Environment.ProcessorCount));
        return 0;
    }

    /// <summary>
    /// One Markdown table: per direction, Slim, the MemoryPack contender <paramref name="pack"/> and Slim's ratio to it,
    /// and, when <paramref name="againstPlain"/>, that contender's ratio to plain MemoryPack.
    /// </summary>
    private static void Table(UnitFigures[] figures, int pack, bool againstPlain)
    {
        string name = s_contenders[pack];
        var header = new List<string> { "Unit" };
        var align = new List<string> { "---" };
        foreach (string direction in s_directions)
        {
            header.AddRange([$"Slim {direction}", $"{name} {direction}", $"Slim / {name}"]);
            if (againstPlain)
            {
                header.Add($"{name} / {s_contenders[Pack]} ({direction})");
            }
        }
        align.AddRange(Enumerable.Repeat("--:", header.Count - 1));
        Console.Out.WriteLine($"| {string.Join(" | ", header)} |");
        Console.Out.WriteLine($"|{string.Join("|", align)}|");
        foreach (UnitFigures unit in figures)
        {
            var row = new List<string> { unit.Unit };
            for (int direction = 0; direction < s_directions.Length; direction++)
            {
                row.AddRange([unit.Time(Slim, direction), unit.Time(pack, direction), unit.Ratio(Slim, pack, direction)]);
                if (againstPlain)
                {
                    row.Add(unit.Ratio(pack, Pack, direction));
                }
            }
            Console.Out.WriteLine($"| {string.Join(" | ", row)} |");
        }
    }

    private static string Name(int i) => $"n{i:0000000}";

    private static CostWide Wide(int i) => new() { A = i, B = i, C = i, D = i, E = i, F = i, G = i, H = i, I = i, J = i };

    private static CostWideRef WideRef(int i) => new() { A = i, B = i, C = i, D = i, E = i, F = i, G = i, H = i, I = i, J = i };

    /// <summary>One unit's cost per (contender, direction): the median over rounds and the fastest round.</summary>
    private sealed class UnitFigures
    {
        private readonly double[,] _median, _fastest;

        public UnitFigures(string unit, int contenders, Func<int, int, bool, double> cost)
        {
            Unit = unit;
            _median = new double[contenders, 2];
            _fastest = new double[contenders, 2];
            for (int contender = 0; contender < contenders; contender++)
            {
                for (int direction = 0; direction < 2; direction++)
                {
                    _median[contender, direction] = cost(contender, direction, false);
                    _fastest[contender, direction] = cost(contender, direction, true);
                }
            }
        }

        public string Unit { get; }

        public string Time(int contender, int direction) =>
            FormattableString.Invariant($"{_median[contender, direction]:0.0} ns [{_fastest[contender, direction]:0.0}]");

        public string Ratio(int over, int under, int direction) => FormattableString.Invariant(
            $"{_median[over, direction] / _median[under, direction]:0.00}x [{_fastest[over, direction] / _fastest[under, direction]:0.00}x]");
    }

    /// <summary>One contender on one root: serialize and deserialize, each a closure timed in batches.</summary>
    private sealed record Contender(Func<object> Serialize, Func<object?> Deserialize);

    /// <summary>One root: each contender (Slim PerCall, MemoryPack, MemoryPack (references)) both ways, as batch timings.</summary>
    private sealed class Cell(string name, IReadOnlyList<Contender> contenders)
    {
        public string Name => name;

        public IReadOnlyList<Contender> Contenders => contenders;

        /// <summary>
        /// The cell of <paramref name="root"/> (Slim, MemoryPack) and <paramref name="referencesRoot"/>, the same values
        /// in the <c>*Ref</c> shapes (MemoryPack (references)), in the order of <see cref="s_contenders"/>.
        /// </summary>
        public static Cell Of<T, TRef>(string name, T root, TRef referencesRoot, SlimSerializer slim)
        {
            byte[] slimBytes = slim.Serialize(root);
            byte[] packBytes = MemoryPackSerializer.Serialize(root);
            byte[] referencesBytes = MemoryPackSerializer.Serialize(referencesRoot);
            return new Cell(name,
            [
                new(() => slim.Serialize(root), () => slim.Deserialize<T>(slimBytes)),
                new(() => MemoryPackSerializer.Serialize(root), () => MemoryPackSerializer.Deserialize<T>(packBytes)),
                new(() => MemoryPackSerializer.Serialize(referencesRoot), () => MemoryPackSerializer.Deserialize<TRef>(referencesBytes)),
            ]);
        }

        /// <summary>Nanoseconds per op over one batch of <see cref="OpsPerBatch"/> ops (direction 0 serialize, 1 deserialize).</summary>
        public double Time(int contender, int direction)
        {
            Func<object?> action = direction == 0 ? contenders[contender].Serialize : contenders[contender].Deserialize;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < OpsPerBatch; i++)
            {
                GC.KeepAlive(action());
            }
            return Stopwatch.GetElapsedTime(start).TotalNanoseconds / OpsPerBatch;
        }
    }
}
