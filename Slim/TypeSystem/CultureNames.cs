using System.Collections.Frozen;
using System.Globalization;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The culture names a payload may use, each mapped (case-insensitively, as the runtime matches them) to its canonical
/// spelling. The runtime keeps every <see cref="CultureInfo"/> it creates in a process-wide cache that never shrinks,
/// and with ICU any well-formed name ("ab-CD") creates one: a reader that passed payload names to it would grow the
/// process by every new name an attacker sends. Only names of this bounded set ever reach the runtime.
/// </summary>
internal sealed class CultureNames
{
    private static readonly Lazy<CultureNames> s_runtime = new(() =>
        new CultureNames(CultureInfo.GetCultures(CultureTypes.AllCultures).Select(c => c.Name)));

    private readonly FrozenDictionary<string, string> _names;

    private CultureNames(IEnumerable<string> names)
    {
        var map = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (string name in names)
        {
            map.TryAdd(name, name);
        }
        _names = map.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase);
    }

    /// <summary>The cultures the runtime knows (<see cref="CultureInfo.GetCultures(CultureTypes)"/>, computed once per process).</summary>
    public static CultureNames Runtime => s_runtime.Value;

    /// <summary>The set for <paramref name="allowed"/>: the runtime's cultures when null, else exactly the names listed.</summary>
    public static CultureNames For(IReadOnlyCollection<string>? allowed) => allowed is null ? Runtime : new CultureNames(allowed);

    /// <summary>The number of names in the set.</summary>
    public int Count => _names.Count;

    /// <summary>The canonical spelling of <paramref name="name"/> when the set has it.</summary>
    public bool TryGet(string name, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? canonical) => _names.TryGetValue(name, out canonical);
}
