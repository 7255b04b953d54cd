using System.Globalization;

namespace NFX.Slim.Codecs;

/// <summary>
/// The <see cref="CompareOptions"/> a culture-aware string comparer read from bytes may carry. The runtime keeps a native
/// collator for every culture and options pair it ever compares with, for the life of the process, so a payload that
/// chose both could make it keep one per pair (hundreds of cultures times dozens of option sets, each tens of KB).
/// Cultures are bounded by <see cref="SlimOptions.AllowedCultures"/>; options by this list: those of the comparers
/// <c>StringComparer.Create(culture, ignoreCase)</c>, <c>StringComparer.CurrentCulture(IgnoreCase)</c> and
/// <c>StringComparer.InvariantCulture(IgnoreCase)</c> hand out. So at most two collators per allowed culture.
/// </summary>
internal static class CultureComparerOptions
{
    /// <summary>The runtime's culture-aware comparer type (CultureAwareComparer), read through its ISerializable members.</summary>
    public static readonly Type ComparerType = StringComparer.InvariantCulture.GetType();

    /// <summary>The admitted options, in the order of their values.</summary>
    public static IReadOnlyList<CompareOptions> Admitted { get; } = [CompareOptions.None, CompareOptions.IgnoreCase];

    /// <summary>Refuses members whose options (its <c>_options</c>, plus <c>IgnoreCase</c> when <c>_ignoreCase</c>) are not admitted.</summary>
    public static void Check((string Name, object? Value)[] members, long offset)
    {
        CompareOptions options = CompareOptions.None;
        foreach ((string name, object? value) in members)
        {
            switch (name)
            {
                case "_options":
                    options |= value is CompareOptions set ? set : throw Refused($"its _options member holds a {value?.GetType().Name ?? "null"}", offset);
                    break;
                case "_ignoreCase":
                    options |= value is bool ignoreCase ? (ignoreCase ? CompareOptions.IgnoreCase : CompareOptions.None) : throw Refused($"its _ignoreCase member holds a {value?.GetType().Name ?? "null"}", offset);
                    break;
            }
        }
        if (options is not (CompareOptions.None or CompareOptions.IgnoreCase))
        {
            throw Refused($"CompareOptions {options} (0x{(int)options:X})", offset);
        }
    }

    private static SlimFormatException Refused(string what, long offset) => new(
        $"A culture-aware string comparer ending at offset {offset} has {what}: a payload may carry only CompareOptions.None or IgnoreCase " +
        "(the runtime keeps a collator per culture and options for the life of the process); read a comparer with other options through a user serializer.", offset);
}
