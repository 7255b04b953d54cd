using System.Text;
using BenchmarkDotNet.Running;
using NFX.Perf.Akka;
using NFX.Perf.ColdStart;
using NFX.Perf.Costs;
using NFX.Perf.Orleans;
using NFX.Perf.Quick;
using NFX.Perf.Rpc;
using NFX.Perf.Scaling;
using NFX.Perf.Soak;

namespace NFX.Perf;

/// <summary>
/// Entry point: one table of verbs (<see cref="Verbs"/>), each with its handler and its line of help; <c>--help</c> or
/// no argument prints the table. Arguments that start with <c>-</c> go to BenchmarkDotNet (<c>--list flat</c>,
/// <c>--filter *Graph*</c>); an unknown verb prints the help and exits with 2.
/// </summary>
public static class Program
{
    /// <summary>The exit code of a command line that names no verb this program has, or gives a verb the wrong arguments.</summary>
    public const int UsageError = 2;

    /// <summary>Every verb, the ones a user runs first, then the child processes the others start.</summary>
    public static IReadOnlyList<Verb> Verbs { get; } =
    [
        new(QuickRunner.Verb, "[--filter a,b] [--loop N] [--budget-ms N] [--no-rpc] [--coldstart-runs N] [--write-docs | --out DIR] [--rpc-* N]",
            "the main job: every workload x contender, deep clone, HybridCache, Akka.NET, Orleans and RPC; tables, targets and a summary",
            args => QuickRunner.Run(args)),
        new(RpcQuick.Verb, "[--write-docs | --out DIR] [--rpc-budget-ms N] [--rpc-callers N] [--rpc-w3-calls N] [--rpc-in-process] [--rpc-no-big] [--rpc-big-* N]",
            "only the RPC benchmark: Glue vs grpc-dotnet, protobuf-net.Grpc, Thrift and a raw socket",
            args => RpcQuick.RunStandalone(args, QuickRunner.DefaultDocsDirectory())),
        new(ColdStartBench.Key, "[--runs N]", "the cold-start table alone: each contender's first call of a new type, in fresh processes",
            args => ColdStartBench.RunStandalone(args)),
        new(AkkaBench.Verb, "", "Slim in Akka.NET, the longer run (more rounds and messages than quick's part)", _ => new AkkaBench().RunLong()),
        new(OrleansBench.Verb, "", "Slim in Orleans, the longer run", _ => new OrleansBench().RunLong()),
        new(OrleansReadCost.Verb, "", "Orleans: CPU per codec-only read and write of each contender, and the small message's read by part", _ => OrleansReadCost.Run(Console.Out)),
        new(ScalingCheck.Verb, "[--sizes 1,4,16] [--shapes list,tree] [--runs 3]",
            "cost per node from 1M to 16M nodes, each size in a child process; target: flat within 1.3x", args => ScalingCheck.Run(args)),
        new(UnitCostCheck.Verb, "[--rounds N]", "what a message, an object, an int field and a string cost Slim and MemoryPack",
            args => UnitCostCheck.Run(args)),
        new(ProfileLoop.Verb, "WORKLOAD CONTENDER serialize|deserialize|clone SECONDS [--fresh | --all-roots]", "one contender's path in a loop, for a profiler",
            args => ProfileLoop.Run(args)),
        new(RpcLoad.Verb, "[--contender Glue|grpc-dotnet] [--workload Sum|Echo|DbWork] [--callers N] [--seconds N] [--rounds N]",
            "one RPC contender under load against the server process, for a profiler", args => RpcLoad.Run(args)),
        new(SoakRunner.Verb, "MINUTES [--clients N] [--workers N] [--kill-every SECONDS] [--out FILE.md]",
            "the Glue soak: a three-node cluster with nodes killed and hostile peers, memory watched", args => SoakRunner.Run(args)),
        new(ChildProbe.Verb, "WORKLOAD CONTENDER", "child of quick: verifies one contender on a deep workload (a stack overflow ends only the child)",
            args => ChildProbe.RunChild(args[0], args[1]), Internal: true) { MinArguments = 2, MaxArguments = 2 },
        new(ColdStartChild.Verb, "CONTENDER", "child of quick and coldstart: one contender's first calls in a fresh process",
            args => ColdStartChild.Run(args[0], Console.Out), Internal: true) { MinArguments = 1, MaxArguments = 1 },
        new(RpcServerProcess.Verb, "", "child of rpc and quick: the RPC servers in their own process", _ => RpcServerProcess.RunChild(), Internal: true)
            { MaxArguments = 0 },
        new(ScalingChild.Verb, "list|tree MILLIONS RUNS", "child of scaling: one shape at one size", args => ScalingChild.Run(args), Internal: true)
            { MinArguments = 3, MaxArguments = 3 },
        new(AkkaNode.Verb, "slim|hyperion|json", "child of akka and quick: the echo side of the Akka.Remote ping-pong", args => AkkaNode.Run(args), Internal: true)
            { MinArguments = 1, MaxArguments = 1 },
        new(SoakNode.Verb, "PORT LOG SAMPLE_SECONDS", "child of soak: one Glue server node", args => SoakNode.Run(args), Internal: true)
            { MinArguments = 3, MaxArguments = 3 },
        new(SoakClient.Verb, "INDEX SECONDS SAMPLE_SECONDS WORKERS PORT...", "child of soak: one client process", args => SoakClient.Run(args), Internal: true)
            { MinArguments = 5 },
    ];

    /// <summary>Runs the verb of the command line.</summary>
    public static int Main(string[] args) => Run(args, Console.Out, Console.Error);

    /// <summary>
    /// Dispatches <paramref name="args"/>: a verb to its handler, <c>-</c>options to BenchmarkDotNet, <c>--help</c> or
    /// nothing to the help on <paramref name="output"/>, anything else to the help on <paramref name="error"/> with
    /// <see cref="UsageError"/>.
    /// </summary>
    public static int Run(string[] args, TextWriter output, TextWriter error)
    {
        if (args.Length == 0 || args[0] is "--help" or "-h" or "help")
        {
            output.Write(Help());
            return 0;
        }
        if (Verbs.FirstOrDefault(v => v.Name == args[0]) is Verb verb)
        {
            if (args.Length - 1 >= verb.MinArguments && args.Length - 1 <= verb.MaxArguments)
            {
                return verb.Run(args[1..]);
            }
            error.WriteLine($"'{verb.Name}' takes: {verb.Name} {verb.Arguments}".TrimEnd() + (verb.Arguments.Length == 0 ? " (no arguments)" : ""));
            return UsageError;
        }
        if (args[0].StartsWith('-'))
        {
            return RunBenchmarkDotNet(args);
        }
        error.WriteLine($"Unknown verb '{args[0]}'.");
        error.Write(Help());
        return UsageError;
    }

    /// <summary>The verb table as text, one verb a line.</summary>
    public static string Help()
    {
        var text = new StringBuilder("Usage: dotnet run -c Release --project Perf -- VERB [ARGUMENTS]").AppendLine().AppendLine();
        int width = Verbs.Max(v => v.Name.Length);
        foreach (bool internalVerbs in new[] { false, true })
        {
            text.AppendLine(internalVerbs ? "Child processes (started by the verbs above, not by hand):" : "Verbs:");
            foreach (Verb verb in Verbs.Where(v => v.Internal == internalVerbs))
            {
                text.AppendLine($"  {verb.Name.PadRight(width)}  {verb.Help}.");
                if (verb.Arguments.Length > 0)
                {
                    text.AppendLine($"  {"".PadRight(width)}  {verb.Name} {verb.Arguments}");
                }
            }
            text.AppendLine();
        }
        text.AppendLine("Anything starting with '-' goes to BenchmarkDotNet, in process: --list flat, --filter '*Graph*' --job short.");
        return text.ToString();
    }

    // BenchmarkDotNet's default toolchain looks for a project named after the assembly (NFX.Slim.Perf.csproj) and this
    // one is Perf/Perf.csproj, so it runs in process. Deep workloads probe in a child first (see SerializationBenchmarks),
    // so a stack overflow cannot take the run down.
    private static int RunBenchmarkDotNet(string[] args)
    {
        if (!args.Any(a => a.Equals("--inProcess", StringComparison.OrdinalIgnoreCase) || a.Equals("-i", StringComparison.Ordinal)))
        {
            args = [.. args, "--inProcess"];
        }
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
        return 0;
    }

    /// <summary>One verb of the command line.</summary>
    /// <param name="Name">What to type first.</param>
    /// <param name="Arguments">What may follow it ("" for nothing).</param>
    /// <param name="Help">What it does, in one line.</param>
    /// <param name="Run">The handler, given the arguments after the verb; returns the exit code.</param>
    /// <param name="Internal">True for a child process another verb starts.</param>
    public sealed record Verb(string Name, string Arguments, string Help, Func<string[], int> Run, bool Internal = false)
    {
        /// <summary>The fewest arguments after the verb (a child process's are fixed).</summary>
        public int MinArguments { get; init; }

        /// <summary>The most arguments after the verb.</summary>
        public int MaxArguments { get; init; } = int.MaxValue;
    }
}
