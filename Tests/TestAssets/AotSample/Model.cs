using NFX.Slim;

// Held only in an object field (Apiary.Attachment): no call of Slim's reaches it through a declared type.
[assembly: SlimSerializable(typeof(Apiculture.TreatmentLog))]

namespace Apiculture;

/// <summary>How a colony behaves when opened (a byte enum).</summary>
public enum Temperament : byte { Calm, Nervous, Defensive }

/// <summary>When a harvest or inspection happened (a long enum with a high flag).</summary>
public enum Season : long { Spring = 1, Summer = 2, Autumn = 4, Winter = 1L << 40 }

/// <summary>A hive stand's position (a record struct).</summary>
public readonly record struct GeoPoint(double Lat, double Lon);

/// <summary>Frames by use (a mutable struct written in place).</summary>
public struct FrameCount
{
    public int Brood;
    public int Honey;
    public short Empty;
}

/// <summary>A queen: the interface slot with two implementations.</summary>
public interface IQueen
{
    string Line { get; }
}

/// <summary>A marked, mated queen (a positional record).</summary>
public sealed record MarkedQueen(string Line, string Colour, int Year) : IQueen;

/// <summary>A queen not yet mated.</summary>
public sealed class VirginQueen : IQueen
{
    public string Line { get; set; } = "";
    public double? DaysSinceEmergence;
}

/// <summary>Anything built and numbered: the base class, its serial a private readonly field.</summary>
public abstract class Structure(string serial)
{
    private readonly string _serial = serial;

    public string Serial => _serial;

    public DateTime Built { get; init; }
}

/// <summary>One hive: structs, a nullable struct, arrays, lists, the interface slot and the back reference (the cycle).</summary>
public sealed class Hive(string serial) : Structure(serial)
{
    public Temperament Mood;
    public FrameCount Frames;
    public GeoPoint? Stand;
    public int[] WeightsGrams = [];
    public Temperament[] MoodHistory = [];
    public List<string> Notes = [];
    public IQueen? Queen;
    public Apiary? Owner;
}

/// <summary>One inspection (a record class).</summary>
public sealed record Inspection(DateOnly Day, Season Season, string Inspector, bool SwarmCells, decimal HoneyKg);

/// <summary>A varroa treatment, reached only through <see cref="Apiary.Attachment"/>.</summary>
public sealed class TreatmentLog
{
    public string Product = "";
    public byte[] Batch = [];
    public TimeSpan Duration;
}

/// <summary>The root: a registration in a private readonly field, hives that point back at it, keyed inspections.</summary>
public sealed class Apiary(Guid registration)
{
    private readonly Guid _registration = registration;

    public Guid Registration => _registration;

    public string Name = "";
    public List<Hive> Hives = [];
    public Dictionary<string, Inspection> LastInspection = [];
    public Dictionary<Season, int> HarvestsBySeason = [];
    public object? Attachment;
    public long[] Counts = [];
    public char? Grade;
    public List<GeoPoint> Boundary = []; // structs of the app in a list
    public FrameCount[] Spares = []; // and in an array
}
