using BenchmarkDotNet.Running;
using NFX.Perf.Costs;
using NFX.Perf.Quick;
using NFX.Perf.Rpc;
using NFX.Perf.Scaling;
using NFX.Perf.Soak;

namespace NFX.Perf;

/// <summary>
/// Entry point. <c>quick</c> runs the side-by-side comparison in a few minutes; <c>probe</c> is the child process
/// quick mode uses for deep graphs; <c>rpc</c> runs only the RPC benchmark, <c>rpc-server</c> is its server process; <c>rpc-load</c> drives one RPC contender for a profiler;
/// <c>profile</c> loops one contender for a profiler; <c>scaling</c> checks that the cost per object stays flat up to 16M nodes (each size in a <c>scaling-run</c> child); <c>akka</c> runs the Akka.NET comparison longer (<c>akka-node</c> is its other process); <c>orleans</c> runs the Orleans comparison longer; <c>costs</c> prints what a message, an object, a field and a string cost Slim and MemoryPack; <c>soak MINUTES</c> runs the Glue soak (with its <c>soak-node</c>
/// and <c>soak-client</c> processes); anything else goes to BenchmarkDotNet (<c>--list flat</c>, <c>--filter *Graph*</c>).
/// </summary>
public static class Program
{
    /// <summary>Dispatches on the first argument.</summary>
    public static int Main(string[] args)
    {
        if (args.Length > 0 && args[0] == QuickRunner.Verb)
        {
            return QuickRunner.Run(args[1..]);
        }
        if (args.Length > 0 && args[0] == ScalingCheck.Verb)
        {
            return ScalingCheck.Run(args[1..]);
        }
        if (args.Length > 0 && args[0] == ScalingChild.Verb)
        {
            return ScalingChild.Run(args[1..]);
        }
        if (args.Length > 0 && args[0] == UnitCostCheck.Verb)
        {
            return UnitCostCheck.Run(args[1..]);
        }
        if (args.Length > 0 && args[0] == ProfileLoop.Verb)
        {
            return ProfileLoop.Run(args[1..]);
        }
        if (args.Length == 3 && args[0] == ChildProbe.Verb)
        {
            return ChildProbe.RunChild(args[1], args[2]);
        }
        // RPC benchmark (issue 7): the server child process, and the RPC part of quick mode on its own.
        if (args.Length == 1 && args[0] == RpcServerProcess.Verb)
        {
            return RpcServerProcess.RunChild();
        }
        // The Glue soak run: the coordinator, and its node and client processes.
        if (args.Length > 0 && args[0] == SoakRunner.Verb)
        {
            return SoakRunner.Run(args[1..]);
        }
        if (args.Length == 4 && args[0] == SoakNode.Verb)
        {
            return SoakNode.Run(args[1..]);
        }
        if (args.Length > 5 && args[0] == SoakClient.Verb)
        {
            return SoakClient.Run(args[1..]);
        }
        if (args.Length > 0 && args[0] == RpcLoad.Verb)
        {
            return RpcLoad.Run(args[1..]);
        }
        // Slim in Orleans (Perf/Orleans): the longer run.
        if (args.Length > 0 && args[0] == Orleans.OrleansBench.Verb)
        {
            return Orleans.OrleansBench.RunLong(args[1..]);
        }
        // Slim in Akka.NET (Perf/Akka): the longer run, and the ping-pong's other process.
        if (args.Length > 0 && args[0] == Akka.AkkaBench.Verb)
        {
            return Akka.AkkaBench.RunLong(args[1..]);
        }
        if (args.Length == 2 && args[0] == Akka.AkkaNode.Verb)
        {
            return Akka.AkkaNode.Run(args[1..]);
        }
        if (args.Length > 0 && args[0] == RpcQuick.Verb)
        {
            return RpcQuick.RunStandalone(args[1..], QuickRunner.DefaultDocsDirectory());
        }
        // In process: BenchmarkDotNet's default toolchain looks for a project named after the assembly
        // (NFX.Slim.Perf.csproj) and this one is Perf/Perf.csproj. Deep workloads probe in a child first (see
        // SerializationBenchmarks), so a stack overflow cannot take the run down.
        if (!args.Any(a => a.Equals("--inProcess", StringComparison.OrdinalIgnoreCase) || a.Equals("-i", StringComparison.Ordinal)))
        {
            args = [.. args, "--inProcess"];
        }
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
        return 0;
    }
}
