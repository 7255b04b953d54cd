using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>
/// <c>rpc-load [--contender Glue|grpc-dotnet] [--workload Sum|Echo|DbWork] [--callers 64] [--seconds 5] [--rounds 3]
/// [--warmup-seconds 3]</c>: one contender, one workload, many callers, against the server child process, and nothing
/// else, so a profiler attached to either process (both ids are printed) sees only that path. Each round prints calls/s,
/// the CPU time per call of the client and of the server process, and its start and end (Unix ms): two builds run side
/// by side and paused in turn (SIGSTOP/SIGCONT on both processes of one, then the other) are compared over the rounds
/// that ran entirely while they were not paused, so load from elsewhere on the machine hits them alike.
/// </summary>
public static class RpcLoad
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "rpc-load";

    /// <summary>Runs the loop with the arguments after the verb.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        string contenderName = GlueRpcContender.ContenderName;
        RpcWorkload workload = RpcWorkload.Sum;
        int callers = 64;
        double seconds = 5;
        double warmupSeconds = 3;
        int rounds = 3;
        for (int i = 0; i < args.Count; i++)
        {
            string Next() => i + 1 < args.Count ? args[++i] : throw new ArgumentException($"{args[i]} needs a value.");
            switch (args[i])
            {
                case "--contender": contenderName = Next(); break;
                case "--workload": workload = Enum.Parse<RpcWorkload>(Next(), ignoreCase: true); break;
                case "--callers": callers = int.Parse(Next(), CultureInfo.InvariantCulture); break;
                case "--seconds": seconds = double.Parse(Next(), CultureInfo.InvariantCulture); break;
                case "--warmup-seconds": warmupSeconds = double.Parse(Next(), CultureInfo.InvariantCulture); break;
                case "--rounds": rounds = int.Parse(Next(), CultureInfo.InvariantCulture); break;
                default: throw new ArgumentException($"Unknown option {args[i]}.");
            }
        }
        RpcContender contender = contenderName switch
        {
            GlueRpcContender.ContenderName => new GlueRpcContender(),
            GrpcRpcContender.ContenderName => new GrpcRpcContender(),
            _ => throw new ArgumentException($"No contender '{contenderName}' (Glue, {GrpcRpcContender.ContenderName})."),
        };
        using RpcServerProcess server = RpcServerProcess.Start(TimeSpan.FromSeconds(60));
        Console.Out.WriteLine(FormattableString.Invariant($"rpc-load: client pid {Environment.ProcessId}, server pid {server.ProcessId}"));
        try
        {
            contender.ConnectAsync(server.Ports).GetAwaiter().GetResult();
            RpcCaller caller = contender.Caller(workload);
            if (caller.VerifyAsync().GetAwaiter().GetResult() is string wrong)
            {
                Console.Error.WriteLine($"{contender.Name} {workload}: {wrong}");
                return 1;
            }
            Drive(caller, callers, TimeSpan.FromSeconds(warmupSeconds));
            Console.Out.WriteLine("rpc-load: warmed up");
            using Process self = Process.GetCurrentProcess();
            for (int round = 0; round < rounds; round++)
            {
                self.Refresh();
                TimeSpan clientCpu = self.TotalProcessorTime;
                TimeSpan serverCpu = server.ProcessorTime();
                long clientSwitches = ContextSwitches(Environment.ProcessId);
                long serverSwitches = ContextSwitches(server.ProcessId);
                double? load = MachineInfo.LoadAverage();
                long startedMs = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
                var clock = Stopwatch.StartNew();
                long calls = Drive(caller, callers, TimeSpan.FromSeconds(seconds));
                clock.Stop();
                self.Refresh();
                double clientUs = (self.TotalProcessorTime - clientCpu).TotalMicroseconds / calls;
                double serverUs = (server.ProcessorTime() - serverCpu).TotalMicroseconds / calls;
                double switches = (double)(ContextSwitches(Environment.ProcessId) - clientSwitches + ContextSwitches(server.ProcessId) - serverSwitches) / calls;
                Console.Out.WriteLine(FormattableString.Invariant(
                    $"{contender.Name} {workload} x{callers}: {calls / clock.Elapsed.TotalSeconds:N0} calls/s, CPU per call client {clientUs:0.00} us + server {serverUs:0.00} us = {clientUs + serverUs:0.00} us, context switches per call {switches:0.00}, load {load:0.0}, unix ms {startedMs}-{DateTimeOffset.UtcNow.ToUnixTimeMilliseconds()}"));
            }
        }
        finally
        {
            contender.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }
        return 0;
    }

    /// <summary>Context switches of every live thread of a process so far (Linux; 0 elsewhere): each costs a trip through the scheduler.</summary>
    private static long ContextSwitches(int processId)
    {
        long total = 0;
        try
        {
            foreach (string task in Directory.EnumerateDirectories($"/proc/{processId}/task"))
            {
                foreach (string line in File.ReadLines(Path.Combine(task, "status")))
                {
                    if (line.StartsWith("voluntary_ctxt_switches:", StringComparison.Ordinal) ||
                        line.StartsWith("nonvoluntary_ctxt_switches:", StringComparison.Ordinal))
                    {
                        total += long.Parse(line.AsSpan(line.IndexOf(':') + 1).Trim(), CultureInfo.InvariantCulture);
                    }
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A thread that ended meanwhile, or no /proc: the count is best effort.
        }
        return total;
    }

    private static long Drive(RpcCaller caller, int callers, TimeSpan duration)
    {
        var run = new RpcRun(int.MaxValue, duration, recordLatencies: false);
        Task.WhenAll(Enumerable.Range(0, callers).Select(_ => Task.Run(() => caller.RunAsync(run)))).GetAwaiter().GetResult();
        if (run.Failures > 0)
        {
            throw new InvalidOperationException($"{run.Failures} calls failed; first: {run.FirstError}");
        }
        return run.Completed;
    }
}
