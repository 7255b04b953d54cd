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

    private static readonly Dictionary<string, string> s_byName = Index();

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
