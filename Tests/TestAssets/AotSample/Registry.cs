using System.Net;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NFX.Glue;

namespace Apiculture;

/// <summary>The sample's Glue contract: its proxy and dispatch come from NFX.Glue's generator.</summary>
[Glued]
public interface IApiaryRegistry
{
    /// <summary>Files <paramref name="inspection"/> under <paramref name="hiveSerial"/> and returns the apiary: the cyclic, polymorphic graph both ways.</summary>
    Task<Apiary> Inspect(Apiary apiary, string hiveSerial, Inspection inspection);

    /// <summary>The queen of a hive of the registry's apiary: an interface result (a record or a class).</summary>
    Task<IQueen?> QueenOf(string hiveSerial);

    /// <summary>How many hives the registry's apiary has (a call without arguments).</summary>
    ValueTask<int> HiveCount();

    /// <summary>The honey of a hive; an unknown serial throws on the server (the caller sees a RemoteException).</summary>
    Task<decimal> Harvest(string hiveSerial);

    /// <summary>The inspections of a hive, oldest first, streamed one by one (a server stream; the caller may stop early).</summary>
    IAsyncEnumerable<Inspection> History(string hiveSerial, CancellationToken cancellation = default);

    /// <summary>Files the inspections the caller streams under a hive (a client stream); returns how many it filed.</summary>
    Task<int> FileAll(string hiveSerial, IAsyncEnumerable<Inspection> inspections);

    /// <summary>The candidate nearest to <paramref name="from"/>: structs of the app in the argument pack, in a list and as the result.</summary>
    Task<GeoPoint> Nearest(GeoPoint from, List<GeoPoint> candidates);
}

/// <summary>The registry the server hosts, over the model as built.</summary>
public sealed class ApiaryRegistry : IApiaryRegistry
{
    private readonly Apiary _apiary = Model.Build();

    public Task<Apiary> Inspect(Apiary apiary, string hiveSerial, Inspection inspection)
    {
        if (!apiary.Hives.Any(h => h.Serial == hiveSerial && ReferenceEquals(h.Owner, apiary)))
        {
            throw new InvalidOperationException($"hive {hiveSerial} is not in the apiary, or its owner is not the apiary");
        }
        apiary.LastInspection[hiveSerial] = inspection;
        return Task.FromResult(apiary);
    }

    public Task<IQueen?> QueenOf(string hiveSerial) => Task.FromResult(Find(hiveSerial).Queen);

    public ValueTask<int> HiveCount() => ValueTask.FromResult(_apiary.Hives.Count);

    public Task<decimal> Harvest(string hiveSerial) =>
        Task.FromResult(_apiary.LastInspection.TryGetValue(Find(hiveSerial).Serial, out Inspection? last) ? last.HoneyKg : 0m);

    public async IAsyncEnumerable<Inspection> History(string hiveSerial, [EnumeratorCancellation] CancellationToken cancellation = default)
    {
        Find(hiveSerial);
        foreach (Inspection inspection in Model.History(hiveSerial))
        {
            cancellation.ThrowIfCancellationRequested();
            await Task.Yield(); // one item at a time, as a source that produces them would
            yield return inspection;
        }
    }

    public async Task<int> FileAll(string hiveSerial, IAsyncEnumerable<Inspection> inspections)
    {
        string serial = Find(hiveSerial).Serial;
        int filed = 0;
        await foreach (Inspection inspection in inspections)
        {
            lock (_apiary)
            {
                _apiary.LastInspection[serial] = inspection;
            }
            filed++;
        }
        return filed;
    }

    public Task<GeoPoint> Nearest(GeoPoint from, List<GeoPoint> candidates) =>
        Task.FromResult(candidates.MinBy(c => (c.Lat - from.Lat) * (c.Lat - from.Lat) + (c.Lon - from.Lon) * (c.Lon - from.Lon)));

    private Hive Find(string serial) =>
        _apiary.Hives.FirstOrDefault(h => h.Serial == serial) ?? throw new KeyNotFoundException($"no hive {serial}");
}

/// <summary>The verbs <c>serve</c> and <c>call</c>: a Glue server and a client in two processes.</summary>
internal static class Remote
{
    // The implementations of the interface slot and the object slot: each end admits them by name (Glue's type policy
    // admits what the contract's declared types reach, and an interface reaches no class).
    private static readonly Type[] s_extraTypes = [typeof(MarkedQueen), typeof(VirginQueen), typeof(TreatmentLog)];

    /// <summary>Serves the registry on 127.0.0.1:<paramref name="port"/> (0: any free port), prints "listening PORT", stops on SIGTERM/SIGINT or after <paramref name="lifetime"/>.</summary>
    public static async Task<int> Serve(int port, TimeSpan lifetime)
    {
        await using var server = new GlueServer(new GlueServerOptions
        {
            EndPoint = new IPEndPoint(IPAddress.Loopback, port),
            AllowedTypes = s_extraTypes,
        });
        server.Host<IApiaryRegistry>(new ApiaryRegistry());
        await server.StartAsync();
        var stop = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using PosixSignalRegistration term = PosixSignalRegistration.Create(PosixSignal.SIGTERM, context => { context.Cancel = true; stop.TrySetResult(); });
        using PosixSignalRegistration interrupt = PosixSignalRegistration.Create(PosixSignal.SIGINT, context => { context.Cancel = true; stop.TrySetResult(); });
        Console.WriteLine($"listening {server.LocalEndPoint!.Port}");
        await Task.WhenAny(stop.Task, Task.Delay(lifetime));
        await server.StopAsync();
        Console.WriteLine("stopped");
        return 0;
    }

    /// <summary>Calls every method of the registry on 127.0.0.1:<paramref name="port"/> and checks each result whole.</summary>
    public static async Task<List<string>> Call(int port)
    {
        var failures = new List<string>();
        await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, port), new GlueClientOptions
        {
            AllowedTypes = s_extraTypes,
            DefaultDeadline = TimeSpan.FromSeconds(20),
        });
        IApiaryRegistry registry = client.GetProxy<IApiaryRegistry>();
        await Step(failures, "call HiveCount", async () =>
        {
            int count = await registry.HiveCount();
            return count == 3 ? [] : [$"call HiveCount: {count}, expected 3"];
        });
        await Step(failures, "call Inspect", async () =>
        {
            var inspection = new Inspection(new DateOnly(2026, 11, 29), Season.Autumn, "Ines", SwarmCells: false, HoneyKg: 4.5m);
            Apiary sent = Model.Build();
            Apiary returned = await registry.Inspect(sent, "H-002", inspection);
            Apiary expected = Model.Build();
            expected.LastInspection["H-002"] = inspection;
            return Model.Check("call Inspect", returned, expected);
        });
        foreach (Hive hive in Model.Build().Hives)
        {
            await Step(failures, "call QueenOf " + hive.Serial, async () =>
                Model.Same("call QueenOf " + hive.Serial, Model.DescribeQueen(await registry.QueenOf(hive.Serial)), Model.DescribeQueen(hive.Queen)));
        }
        await Step(failures, "call Harvest", async () =>
        {
            decimal kg = await registry.Harvest("H-001");
            return kg == 12.75m ? [] : [$"call Harvest: {kg}, expected 12.75"];
        });
        await Step(failures, "call History", async () =>
        {
            var streamed = new List<Inspection>();
            await foreach (Inspection inspection in registry.History("H-001"))
            {
                streamed.Add(inspection);
            }
            return Model.Same("call History", string.Join("; ", streamed), string.Join("; ", Model.History("H-001")));
        });
        await Step(failures, "call History (stopped after two)", async () =>
        {
            var streamed = new List<Inspection>();
            await foreach (Inspection inspection in registry.History("H-002"))
            {
                streamed.Add(inspection);
                if (streamed.Count == 2)
                {
                    break; // ends the stream on the server; the connection carries on
                }
            }
            int count = await registry.HiveCount();
            return Model.Same("call History (stopped after two)", $"{string.Join("; ", streamed)}, then {count} hives",
                $"{string.Join("; ", Model.History("H-002").Take(2))}, then 3 hives");
        });
        await Step(failures, "call FileAll", async () =>
        {
            Inspection[] upload = [.. Model.History("H-003")];
            int filed = await registry.FileAll("H-003", Upload(upload));
            decimal kg = await registry.Harvest("H-003");
            return Model.Same("call FileAll", $"{filed} filed, {kg} kg", $"{upload.Length} filed, {upload[^1].HoneyKg} kg");
        });
        await Step(failures, "call Nearest", async () =>
        {
            GeoPoint nearest = await registry.Nearest(new GeoPoint(48.1, 11.6), [new GeoPoint(52.52, 13.405), new GeoPoint(48.137154, 11.576124), new GeoPoint(-33.9, 151.2)]);
            return Model.Same("call Nearest", nearest.ToString(), new GeoPoint(48.137154, 11.576124).ToString());
        });
        await Step(failures, "call Harvest (unknown hive)", async () =>
        {
            try
            {
                decimal kg = await registry.Harvest("H-404");
                return [$"call Harvest (unknown hive): returned {kg}, expected a RemoteException"];
            }
            catch (RemoteException e)
            {
                return Model.Same("call Harvest (unknown hive)", $"{e.RemoteTypeName}: {e.RemoteMessage}", "System.Collections.Generic.KeyNotFoundException: no hive H-404");
            }
        });
        return failures;
    }

    /// <summary>The items of a client stream, one at a time.</summary>
    private static async IAsyncEnumerable<Inspection> Upload(IEnumerable<Inspection> items)
    {
        foreach (Inspection item in items)
        {
            await Task.Yield();
            yield return item;
        }
    }

    private static async Task Step(List<string> failures, string what, Func<Task<IEnumerable<string>>> step)
    {
        try
        {
            failures.AddRange(await step());
        }
        catch (Exception e)
        {
            failures.Add($"{what}: {e.GetType().Name}: {e.Message}");
        }
    }
}
