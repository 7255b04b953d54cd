namespace NFX.Slim;

/// <summary>
/// Thrown when the bytes name a culture (the culture of a <see cref="System.Globalization.CompareInfo"/>, what a
/// culture-aware string comparer holds) that is not one the runtime knows nor one listed in
/// <see cref="SlimOptions.AllowedCultures"/>. The runtime caches every culture it creates for the life of the process,
/// so a payload may name only a bounded set of them; nothing was created for this name.
/// </summary>
public sealed class SlimCultureNotAllowedException : SlimDeserializationException
{
    /// <summary>Creates an exception for the culture named <paramref name="cultureName"/> at <paramref name="offset"/>.</summary>
    public SlimCultureNotAllowedException(string cultureName, long offset)
        : base($"Culture '{Clip(cultureName)}' (a culture name, of a CultureInfo or a CompareInfo, at offset {offset}) is not allowed: a payload may name only the cultures " +
            "CultureInfo.GetCultures(CultureTypes.AllCultures) lists, or those of SlimOptions.AllowedCultures when it is set; " +
            "add the name to SlimOptions.AllowedCultures if it should be readable.")
    {
        CultureName = cultureName;
        Offset = offset;
    }

    /// <summary>The culture name as it appeared in the input.</summary>
    public string CultureName { get; }

    /// <summary>The offset of the name in the payload.</summary>
    public long Offset { get; }

    private static string Clip(string name) => name.Length <= 64 ? name : string.Concat(name.AsSpan(0, 64), "...");
}
