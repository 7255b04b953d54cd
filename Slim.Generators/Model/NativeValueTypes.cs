using System.Collections.Generic;

namespace NFX.Slim.Generators.Model;

/// <summary>
/// The value types the default wire format writes natively, by metadata name, with the name their SlimWriter and
/// SlimReader methods share (<c>WriteInt32</c>/<c>ReadInt32</c>, <c>WriteNullableInt32</c>/<c>ReadNullableInt32</c>):
/// the rows of StreamerFormats' built-in table that generated code calls directly. A test pins this list against the
/// table itself, so the generator and the runtime cannot disagree on which types are native.
/// </summary>
internal static class NativeValueTypes
{
    /// <summary>Metadata name to method suffix, in the table's order.</summary>
    public static IReadOnlyList<KeyValuePair<string, string>> All { get; } =
    [
        new("System.Boolean", "Boolean"),
        new("System.Byte", "Byte"),
        new("System.SByte", "SByte"),
        new("System.Char", "Char"),
        new("System.Int16", "Int16"),
        new("System.UInt16", "UInt16"),
        new("System.Int32", "Int32"),
        new("System.UInt32", "UInt32"),
        new("System.Int64", "Int64"),
        new("System.UInt64", "UInt64"),
        new("System.Int128", "Int128"),
        new("System.UInt128", "UInt128"),
        new("System.Half", "Half"),
        new("System.Single", "Single"),
        new("System.Double", "Double"),
        new("System.Decimal", "Decimal"),
        new("System.Numerics.BigInteger", "BigInteger"),
        new("System.DateTime", "DateTime"),
        new("System.DateTimeOffset", "DateTimeOffset"),
        new("System.TimeSpan", "TimeSpan"),
        new("System.DateOnly", "DateOnly"),
        new("System.TimeOnly", "TimeOnly"),
        new("System.Guid", "Guid"),
    ];

    /// <summary>
    /// The run encodings of the table's rows (<c>UnsafeRunWrites.{Suffix}</c>, and <c>UnsafeRunReads.{Suffix}</c> when
    /// <c>Readable</c>): the most bytes a value takes in a run, as the row gives them. Rows without one are absent. A test
    /// pins this list against the table too.
    /// </summary>
    public static IReadOnlyList<(string Suffix, int MaxBytes, bool Readable)> Runs { get; } =
    [
        ("Boolean", 1, true),
        ("Byte", 1, true),
        ("SByte", 1, true),
        ("Char", 5, true),
        ("Int16", 5, true),
        ("UInt16", 5, true),
        ("Int32", 5, true),
        ("UInt32", 5, true),
        ("Int64", 10, true),
        ("UInt64", 10, true),
        ("Half", 2, true),
        ("Single", 4, true),
        ("Double", 8, true),
        ("Decimal", 20, false),
        ("DateTime", 8, true),
        ("DateTimeOffset", 13, false),
        ("TimeSpan", 10, true),
        ("DateOnly", 5, false),
        ("TimeOnly", 10, false),
        ("Guid", 16, true),
    ];

    private static readonly Dictionary<string, string> s_byName = Index();
    private static readonly Dictionary<string, (int MaxBytes, bool Readable)> s_runs = RunIndex();

    /// <summary>
    /// The most bytes a value of the native type with method suffix <paramref name="suffix"/> (<c>Int32</c>, or
    /// <c>NullableInt32</c>: its presence byte, then the value) takes in a run; 0 when the type has no run writer, or,
    /// <paramref name="reading"/>, no run reader.
    /// </summary>
    public static int RunBytes(string suffix, bool reading)
    {
        bool nullable = suffix.StartsWith("Nullable", System.StringComparison.Ordinal);
        if (!s_runs.TryGetValue(nullable ? suffix.Substring("Nullable".Length) : suffix, out (int MaxBytes, bool Readable) run) || (reading && !run.Readable))
        {
            return 0;
        }
        return (nullable ? 1 : 0) + run.MaxBytes;
    }

    private static Dictionary<string, (int MaxBytes, bool Readable)> RunIndex()
    {
        var index = new Dictionary<string, (int MaxBytes, bool Readable)>();
        foreach ((string suffix, int maxBytes, bool readable) in Runs)
        {
            index[suffix] = (maxBytes, readable);
        }
        return index;
    }

    /// <summary>The method suffix of a native value type, or null when the type is not one.</summary>
    public static string? SuffixOf(string metadataName) => s_byName.TryGetValue(metadataName, out string? suffix) ? suffix : null;

    private static Dictionary<string, string> Index()
    {
        var index = new Dictionary<string, string>();
        foreach (KeyValuePair<string, string> row in All)
        {
            index[row.Key] = row.Value;
        }
        return index;
    }
}
