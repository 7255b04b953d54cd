using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Contenders;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>
/// <c>profile &lt;workload&gt; &lt;contender&gt; serialize|deserialize &lt;seconds&gt;</c>: one contender, one direction, in a
/// loop for a while, nothing else, so a sampling profiler (dotnet-trace) attached to the process sees only that
/// path. The root is verified first, as in quick mode.
/// </summary>
public static class ProfileLoop
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "profile";

    /// <summary>Runs the loop with the arguments after the verb.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        if (args.Count != 4 || args[2] is not ("serialize" or "deserialize"))
        {
            Console.Error.WriteLine("Usage: profile <workload> <contender> serialize|deserialize <seconds>");
            return 2;
        }
        Workload workload = WorkloadCatalog.Find(args[0], WorkloadCatalog.QuickPerzonLoop) ?? throw new ArgumentException($"No workload '{args[0]}'.");
        Contender contender = ContenderCatalog.Find(args[1]) ?? throw new ArgumentException($"No contender '{args[1]}'.");
        IReadOnlyList<object> roots = workload.CreateRoots();
        Verifier.Outcome outcome = Verifier.Run(contender, workload, roots);
        if (!outcome.Succeeded)
        {
            Console.Error.WriteLine($"{contender.Name} failed verification on {workload.Key}: {outcome.Failure}");
            return 1;
        }
        bool serialize = args[2] == "serialize";
        TimeSpan duration = TimeSpan.FromSeconds(double.Parse(args[3], CultureInfo.InvariantCulture));
        object prepared = outcome.Prepared[0];
        byte[] payload = outcome.Payloads[0];
        long ops = 0;
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < duration)
        {
            for (int i = 0; i < 100; i++)
            {
                if (serialize)
                {
                    contender.Serialize(prepared);
                }
                else
                {
                    contender.Deserialize(payload);
                }
            }
            ops += 100;
        }
        Console.Out.WriteLine(FormattableString.Invariant(
            $"{contender.Name} {args[2]} {workload.Key}: {ops:N0} ops in {clock.Elapsed.TotalSeconds:0.0} s = {clock.Elapsed.TotalMilliseconds * 1e6 / ops:0} ns/op"));
        return 0;
    }
}
