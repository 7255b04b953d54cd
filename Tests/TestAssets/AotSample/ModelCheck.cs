using System.Globalization;
using System.Text;

namespace Apiculture;

/// <summary>The model as built, and the whole-graph descriptions the checks compare (no reflection: it runs native).</summary>
internal static class Model
{
    public static Apiary Build()
    {
        var apiary = new Apiary(new Guid("6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b"))
        {
            Name = "Lindenhof – Süd",
            Counts = [0, -1, long.MaxValue, 1L << 40],
            Grade = 'B',
            Attachment = new TreatmentLog { Product = "oxalic acid", Batch = [0x00, 0x7F, 0x80, 0xFF], Duration = TimeSpan.FromHours(36.5) },
        };
        var carniolan = new MarkedQueen("Carnica 4-77", "blue", 2025);
        var first = new Hive("H-001")
        {
            Built = new DateTime(2019, 4, 2, 8, 30, 0, DateTimeKind.Utc),
            Mood = Temperament.Calm,
            Frames = new FrameCount { Brood = 7, Honey = 3, Empty = -2 },
            Stand = new GeoPoint(48.137154, 11.576124),
            WeightsGrams = [41_250, 43_900, int.MinValue],
            MoodHistory = [Temperament.Calm, Temperament.Defensive],
            Notes = ["queen seen", "", "supered on the 3rd"],
            Queen = carniolan,
            Owner = apiary,
        };
        var second = new Hive("H-002")
        {
            Built = new DateTime(2021, 5, 17, 0, 0, 0, DateTimeKind.Local),
            Mood = Temperament.Nervous,
            Frames = new FrameCount { Brood = 4 },
            Stand = null,
            Queen = new VirginQueen { Line = "Buckfast B-12", DaysSinceEmergence = 6.25 },
            Owner = apiary,
        };
        // The same queen object in two hives: a shared reference the reader must keep shared.
        var third = new Hive("H-003") { Mood = Temperament.Defensive, Queen = carniolan, Owner = apiary, Notes = ["split from H-001"] };
        apiary.Hives = [first, second, third];
        apiary.LastInspection = new()
        {
            ["H-001"] = new Inspection(new DateOnly(2026, 6, 1), Season.Summer, "Mara", SwarmCells: false, HoneyKg: 12.75m),
            ["H-003"] = new Inspection(new DateOnly(2026, 11, 30), Season.Winter, "Jonas", SwarmCells: true, HoneyKg: 0m),
        };
        apiary.HarvestsBySeason = new() { [Season.Spring] = 3, [Season.Winter] = -1 };
        apiary.Boundary = [new GeoPoint(48.1371, 11.5754), new GeoPoint(48.1402, 11.5801), new GeoPoint(-0.0, double.Epsilon)];
        apiary.Spares = [new FrameCount { Brood = 1, Honey = 2, Empty = 3 }, default];
        return apiary;
    }

    /// <summary>The inspections of a hive the registry streams (<c>History</c>), oldest first: four, one per season.</summary>
    public static IEnumerable<Inspection> History(string serial)
    {
        int hive = int.Parse(serial.AsSpan(2), CultureInfo.InvariantCulture);
        Season[] seasons = [Season.Spring, Season.Summer, Season.Autumn, Season.Winter];
        for (int i = 0; i < seasons.Length; i++)
        {
            yield return new Inspection(new DateOnly(2026, 3 + 3 * i, hive), seasons[i], i % 2 == 0 ? "Mara" : "Jonas",
                SwarmCells: i == 1, HoneyKg: hive * 1.25m + i);
        }
    }

    /// <summary>Failures of <paramref name="actual"/> against <paramref name="expected"/>: every field, the cycle, the shared queen.</summary>
    public static IEnumerable<string> Check(string what, Apiary actual, Apiary expected)
    {
        var failures = new List<string>(Same(what, Describe(actual), Describe(expected)));
        if (ReferenceEquals(actual, expected))
        {
            failures.Add($"{what}: the same object came back");
        }
        if (actual.Hives.Count == 3 && !ReferenceEquals(actual.Hives[0].Queen, actual.Hives[2].Queen))
        {
            failures.Add($"{what}: the shared queen is two objects");
        }
        if (actual.Hives.Any(h => !ReferenceEquals(h.Owner, actual)))
        {
            failures.Add($"{what}: a hive's owner is not the apiary (the cycle is broken)");
        }
        return failures;
    }

    public static IEnumerable<string> Same(string what, string actual, string expected) =>
        actual == expected ? [] : [$"{what}:\n  got      {actual}\n  expected {expected}"];

    public static string Describe(Apiary a)
    {
        var text = new StringBuilder();
        text.Append(Invariant($"apiary {a.Registration} '{a.Name}' grade={a.Grade?.ToString() ?? "null"} counts=[{string.Join(",", a.Counts)}]"));
        text.Append(" attachment=").Append(DescribeLog(a.Attachment));
        foreach (Hive h in a.Hives)
        {
            text.Append(Invariant($" | hive {h.Serial} built={h.Built.Ticks}/{h.Built.Kind} mood={h.Mood}"));
            text.Append(Invariant($" frames={h.Frames.Brood}/{h.Frames.Honey}/{h.Frames.Empty} stand={h.Stand?.ToString() ?? "null"}"));
            text.Append(Invariant($" weights=[{string.Join(",", h.WeightsGrams)}] moods=[{string.Join(",", h.MoodHistory)}]"));
            text.Append(Invariant($" notes=[{string.Join(";", h.Notes.Select(n => $"'{n}'"))}]"));
            text.Append(" queen=").Append(DescribeQueen(h.Queen)).Append(" owner=").Append(h.Owner is null ? "null" : "set");
        }
        foreach ((string key, Inspection i) in a.LastInspection.OrderBy(p => p.Key, StringComparer.Ordinal))
        {
            text.Append(Invariant($" | {key}: {i.Day:yyyy-MM-dd} {i.Season} {i.Inspector} swarm={i.SwarmCells} kg={i.HoneyKg}"));
        }
        foreach ((Season season, int count) in a.HarvestsBySeason.OrderBy(p => p.Key))
        {
            text.Append(Invariant($" | harvest {season}={count}"));
        }
        text.Append(" | boundary ").Append(string.Join(";", a.Boundary.Select(p => Invariant($"{p.Lat:R},{p.Lon:R}"))));
        text.Append(" | spares ").Append(string.Join(";", a.Spares.Select(f => Invariant($"{f.Brood}/{f.Honey}/{f.Empty}"))));
        return text.ToString();
    }

    public static string DescribeQueen(IQueen? queen) => queen switch
    {
        null => "null",
        MarkedQueen m => Invariant($"marked({m.Line},{m.Colour},{m.Year})"),
        VirginQueen v => Invariant($"virgin({v.Line},{v.DaysSinceEmergence?.ToString("R", CultureInfo.InvariantCulture) ?? "null"})"),
        _ => "unknown " + queen.GetType().Name,
    };

    public static string DescribeLog(object? value) => value switch
    {
        null => "null",
        TreatmentLog log => Invariant($"log('{log.Product}',{Convert.ToHexString(log.Batch)},{log.Duration.Ticks})"),
        _ => "unexpected " + value.GetType().Name,
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
