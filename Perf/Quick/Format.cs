using System.Globalization;

namespace NFX.Perf.Quick;

/// <summary>Number formatting for the tables (invariant culture, so results read the same everywhere).</summary>
public static class Format
{
    private static readonly CultureInfo s_invariant = CultureInfo.InvariantCulture;

    /// <summary>Nanoseconds as ns, µs, ms or s with three significant digits.</summary>
    public static string Time(double nanoseconds) => nanoseconds switch
    {
        < 1e3 => Number(nanoseconds) + " ns",
        < 1e6 => Number(nanoseconds / 1e3) + " µs",
        < 1e9 => Number(nanoseconds / 1e6) + " ms",
        _ => Number(nanoseconds / 1e9) + " s",
    };

    /// <summary>An exact byte count with thousands separators.</summary>
    public static string Bytes(long bytes) => bytes.ToString("N0", s_invariant) + " B";

    /// <summary>An approximate byte count (B, KiB, MiB).</summary>
    public static string ApproxBytes(double bytes) => bytes switch
    {
        < 1024 => Math.Round(bytes).ToString("0", s_invariant) + " B",
        < 1024 * 1024 => Number(bytes / 1024) + " KiB",
        < 1024d * 1024 * 1024 => Number(bytes / (1024 * 1024)) + " MiB",
        _ => Number(bytes / (1024d * 1024 * 1024)) + " GiB",
    };

    /// <summary>A ratio such as "13.4x" (value divided by the reference), or "-" when undefined.</summary>
    public static string Ratio(double value, double reference) =>
        reference > 0 && value >= 0 && double.IsFinite(value / reference) ? Number(value / reference) + "x" : "-";

    /// <summary>Three significant digits (more before the point when needed).</summary>
    public static string Number(double value) => Math.Abs(value) switch
    {
        >= 100 => value.ToString("N0", s_invariant),
        >= 10 => value.ToString("0.0", s_invariant),
        >= 1 => value.ToString("0.00", s_invariant),
        _ => value.ToString("0.###", s_invariant),
    };

    /// <summary>Escapes a free-text reason for a markdown table cell.</summary>
    public static string Cell(string text) => text.Replace("|", "\\|", StringComparison.Ordinal).ReplaceLineEndings(" ");
}
