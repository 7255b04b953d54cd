using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Cloning;
using NFX.Perf.Contenders;
using NFX.Perf.Workloads;

namespace NFX.Perf.Quick;

/// <summary>
/// <c>profile &lt;workload&gt; &lt;contender&gt; serialize|deserialize|clone &lt;seconds&gt;</c>: one contender, one direction, in a
/// loop for a while, nothing else, so a sampling profiler (dotnet-trace, perf) attached to the process sees only that
/// path. The root is verified first, as in quick mode. <c>clone</c> loops one method of the deep-clone table (the
/// contender is its name: <c>Slim.DeepClone</c>, <c>hand-written clone</c>, <c>Slim serialize + deserialize</c>).
/// <para>
/// <c>--fresh</c> (serialize and clone): every op gets a root built for it and never serialized before (the workload's
/// roots made anew before each batch, outside the timing), as a service writes the reply it just built; without it the
/// same root is written again and again, so whatever a serializer leaves in the objects (identity hash codes in their
/// headers) or the caches is already there.
/// </para>
/// <para>
/// <c>--all-roots</c> (serialize and deserialize): the ops take the workload's roots in turn (each verified), as quick
/// mode does, instead of the first root only, so every path the workload's data takes runs hot (ReadyToRun/regenerate
/// tells hot methods by this).
/// </para>
/// </summary>
public static class ProfileLoop
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "profile";

    // The fastest batch is the time per op when nothing else ran on the core meanwhile (GC work included, in its turn).
    private const int BatchOps = 100;

    /// <summary>Runs the loop with the arguments after the verb.</summary>
    public static int Run(IReadOnlyList<string> args)
    {
        bool fresh = args.Count == 5 && args[4] == "--fresh";
        bool allRoots = args.Count == 5 && args[4] == "--all-roots";
        if (args.Count != (fresh || allRoots ? 5 : 4) || args[2] is not ("serialize" or "deserialize" or "clone") || (fresh && args[2] == "deserialize")
            || (allRoots && args[2] == "clone"))
        {
            Console.Error.WriteLine("Usage: profile <workload> <contender> serialize|deserialize|clone <seconds> [--fresh | --all-roots] (--fresh: serialize and clone; --all-roots: serialize and deserialize)");
            return 2;
        }
        Workload workload = WorkloadCatalog.Find(args[0], WorkloadCatalog.QuickPerzonLoop) ?? throw new ArgumentException($"No workload '{args[0]}'.");
        bool clone = args[2] == "clone";
        // A clone loop times one of the clone table's methods on the root that Slim (PerCall) verified.
        CloneContender? cloner = clone
            ? CloneRunner.Contenders().FirstOrDefault(c => c.Name == args[1]) ??
              throw new ArgumentException($"No clone method '{args[1]}' (one of: {string.Join(", ", CloneRunner.Contenders().Select(c => c.Name))}).")
            : null;
        Contender contender = ContenderCatalog.Find(clone ? SlimPerCallContender.ContenderName : args[1]) ?? throw new ArgumentException($"No contender '{args[1]}'.");
        IReadOnlyList<object> roots = workload.CreateRoots();
        Verifier.Outcome outcome = Verifier.Run(contender, workload, roots);
        if (!outcome.Succeeded)
        {
            Console.Error.WriteLine($"{contender.Name} failed verification on {workload.Key}: {outcome.Failure}");
            return 1;
        }
        bool serialize = args[2] != "deserialize";
        if (cloner is not null)
        {
            contender = new CloneLoop(cloner);
        }
        TimeSpan duration = TimeSpan.FromSeconds(double.Parse(args[3], CultureInfo.InvariantCulture));
        IReadOnlyList<object> prepared = allRoots ? outcome.Prepared : [outcome.Prepared[0]];
        IReadOnlyList<byte[]> payload = allRoots ? outcome.Payloads : [outcome.Payloads[0]];
        Func<object>? newRoot = fresh ? () => contender.Prepare(workload.CreateRoots()[0]) : null;
        // Warm up first (tiered JIT, the session pools), so the counted time is the steady state.
        RunFor(contender, serialize, prepared, payload, newRoot, TimeSpan.FromSeconds(Math.Min(1, duration.TotalSeconds / 4)));
        // Process CPU time beside the wall clock: on a machine shared with other builds the wall clock counts the time
        // this process waited for a core, the CPU time does not (it still includes the GC's work for this loop).
        TimeSpan cpuStart = Process.GetCurrentProcess().TotalProcessorTime;
        GcTally gcStart = GcTally.Now();
        var clock = Stopwatch.StartNew();
        (long ops, double bestBatch) = RunFor(contender, serialize, prepared, payload, newRoot, duration);
        clock.Stop();
        TimeSpan cpu = Process.GetCurrentProcess().TotalProcessorTime - cpuStart;
        GcTally gc = GcTally.Now() - gcStart;
        Console.Out.WriteLine(FormattableString.Invariant(
            $"{contender.Name} {args[2]}{(fresh ? " (fresh roots)" : allRoots ? " (all roots)" : "")} {workload.Key}: {ops:N0} ops in {clock.Elapsed.TotalSeconds:0.0} s = {clock.Elapsed.TotalMilliseconds * 1e6 / ops:0} ns/op wall, {cpu.TotalMilliseconds * 1e6 / ops:0} ns/op CPU, best batch of {BatchOps} {bestBatch / BatchOps:0} ns/op"));
        Console.Out.WriteLine(gc.Describe(ops, clock.Elapsed));
        return 0;
    }

    /// <summary>Runs a deep clone of the verified root where the loop serializes.</summary>
    private sealed class CloneLoop(CloneContender clone) : Contender
    {
        public override string Name => clone.Name;

        public override ReadOnlyMemory<byte> Serialize(object prepared)
        {
            clone.Clone(prepared);
            return default;
        }

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => throw new NotSupportedException();
    }

    /// <summary>
    /// Batches of <see cref="BatchOps"/> ops for <paramref name="duration"/> (wall time, fresh roots built included). The
    /// ops of a batch take <paramref name="prepared"/> (<paramref name="payload"/>) in turn; with
    /// <paramref name="newRoot"/>, each op serializes a root of its own, built before the batch.
    /// </summary>
    private static (long Ops, double BestBatchNs) RunFor(Contender contender, bool serialize, IReadOnlyList<object> prepared,
        IReadOnlyList<byte[]> payload, Func<object>? newRoot, TimeSpan duration)
    {
        long ops = 0;
        long best = long.MaxValue;
        object[] roots = new object[BatchOps];
        byte[][] payloads = new byte[BatchOps][];
        for (int i = 0; i < BatchOps; i++)
        {
            roots[i] = prepared[i % prepared.Count];
            payloads[i] = payload[i % payload.Count];
        }
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < duration)
        {
            if (newRoot is not null)
            {
                for (int i = 0; i < BatchOps; i++)
                {
                    roots[i] = newRoot();
                }
            }
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < BatchOps; i++)
            {
                if (serialize)
                {
                    contender.Serialize(roots[i]);
                }
                else
                {
                    contender.Deserialize(payloads[i]);
                }
            }
            best = Math.Min(best, Stopwatch.GetTimestamp() - start);
            ops += BatchOps;
        }
        return (ops, best * 1e9 / Stopwatch.Frequency);
    }
}
