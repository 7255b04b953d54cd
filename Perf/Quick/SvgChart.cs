using System.Globalization;
using System.Text;

namespace NFX.Perf.Quick;

/// <summary>
/// A hand-written SVG bar chart of one table: serialize and deserialize time per contender, relative to the
/// reference row (or to the fastest row when the reference did not run), on a log scale.
/// </summary>
public static class SvgChart
{
    private const int Width = 960;
    private const int LabelWidth = 190;
    private const int RightMargin = 150;
    private const int Top = 64;
    private const int RowHeight = 34;
    private const string SerializeColor = "#3b6fb6";
    private const string DeserializeColor = "#e08a2c";

    /// <summary>Renders <paramref name="result"/>; <paramref name="reference"/> names the 1x row.</summary>
    public static string Render(WorkloadResult result, string reference, string? firstLabel = "serialize", string? secondLabel = "deserialize")
    {
        var measured = result.Rows.Where(r => r.Status == CellStatus.Measured).ToList();
        ContenderResult? referenceRow = measured.FirstOrDefault(r => r.Contender == reference);
        double unit = referenceRow?.Serialize!.NanosecondsPerOp
            ?? measured.Select(r => r.Serialize!.NanosecondsPerOp).DefaultIfEmpty(1).Min();
        double unit2 = referenceRow?.Deserialize?.NanosecondsPerOp
            ?? measured.Where(r => r.Deserialize is not null).Select(r => r.Deserialize!.NanosecondsPerOp).DefaultIfEmpty(1).Min();
        string unitName = referenceRow is not null ? reference : "the fastest";

        var ratios = new List<double> { 1 };
        foreach (ContenderResult row in measured)
        {
            ratios.Add(row.Serialize!.NanosecondsPerOp / unit);
            if (row.Deserialize is not null)
            {
                ratios.Add(row.Deserialize.NanosecondsPerOp / unit2);
            }
        }
        int lo = Math.Min(-1, (int)Math.Floor(Math.Log10(ratios.Min())));
        int hi = Math.Max(1, (int)Math.Ceiling(Math.Log10(ratios.Max())));
        double plotWidth = Width - LabelWidth - RightMargin;
        double X(double ratio) => LabelWidth + (Math.Log10(Math.Max(ratio, Math.Pow(10, lo))) - lo) / (hi - lo) * plotWidth;

        int height = Top + result.Rows.Count * RowHeight + 30;
        var svg = new StringBuilder();
        svg.AppendLine(Invariant($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" viewBox=\"0 0 {Width} {height}\" font-family=\"sans-serif\" font-size=\"12\">"));
        svg.AppendLine(Invariant($"<rect width=\"{Width}\" height=\"{height}\" fill=\"white\"/>"));
        svg.AppendLine(Invariant($"<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">{Escape(result.Title)}</text>"));
        svg.AppendLine(Invariant($"<text x=\"10\" y=\"38\" fill=\"#444\">Time per op relative to {Escape(unitName)} (log scale; shorter is faster)</text>"));
        int legendX = Width - 260;
        svg.AppendLine(Invariant($"<rect x=\"{legendX}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{SerializeColor}\"/><text x=\"{legendX + 16}\" y=\"38\">{firstLabel}</text>"));
        if (secondLabel is not null)
        {
            svg.AppendLine(Invariant($"<rect x=\"{legendX + 100}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{DeserializeColor}\"/><text x=\"{legendX + 116}\" y=\"38\">{secondLabel}</text>"));
        }
        for (int p = lo; p <= hi; p++)
        {
            double x = X(Math.Pow(10, p));
            string label = Math.Pow(10, p).ToString("0.###", CultureInfo.InvariantCulture) + "x";
            svg.AppendLine(Invariant($"<line x1=\"{x:0.#}\" y1=\"{Top - 8}\" x2=\"{x:0.#}\" y2=\"{height - 24}\" stroke=\"{(p == 0 ? "#000" : "#ddd")}\"/>"));
            svg.AppendLine(Invariant($"<text x=\"{x:0.#}\" y=\"{height - 10}\" text-anchor=\"middle\" fill=\"#444\">{label}</text>"));
        }
        int y = Top;
        foreach (ContenderResult row in result.Rows)
        {
            svg.AppendLine(Invariant($"<text x=\"{LabelWidth - 8}\" y=\"{y + 16}\" text-anchor=\"end\">{Escape(row.Contender)}</text>"));
            if (row.Status == CellStatus.Measured)
            {
                Bar(svg, X(Math.Pow(10, lo)), X(row.Serialize!.NanosecondsPerOp / unit), y + 2, SerializeColor,
                    Format.Time(row.Serialize.NanosecondsPerOp) + " (" + Format.Ratio(row.Serialize.NanosecondsPerOp, unit) + ")");
                if (row.Deserialize is not null)
                {
                    Bar(svg, X(Math.Pow(10, lo)), X(row.Deserialize.NanosecondsPerOp / unit2), y + 16, DeserializeColor,
                        Format.Time(row.Deserialize.NanosecondsPerOp) + " (" + Format.Ratio(row.Deserialize.NanosecondsPerOp, unit2) + ")");
                }
            }
            else
            {
                string status = (row.Status == CellStatus.NotApplicable ? "n/a: " : "FAILED: ") + (row.Reason ?? "");
                if (status.Length > 110)
                {
                    status = status[..107] + "...";
                }
                string color = row.Status == CellStatus.NotApplicable ? "#888" : "#b00020";
                svg.AppendLine(Invariant($"<text x=\"{LabelWidth + 4}\" y=\"{y + 16}\" fill=\"{color}\" font-style=\"italic\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{Escape(status)}</text>"));
            }
            y += RowHeight;
        }
        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private static void Bar(StringBuilder svg, double x0, double x1, int y, string color, string label)
    {
        double w = Math.Max(1, x1 - x0);
        svg.AppendLine(Invariant($"<rect x=\"{x0:0.#}\" y=\"{y}\" width=\"{w:0.#}\" height=\"12\" fill=\"{color}\"><title>{Escape(label)}</title></rect>"));
        svg.AppendLine(Invariant($"<text x=\"{x0 + w + 4:0.#}\" y=\"{y + 10}\" font-size=\"10\" fill=\"#333\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{Escape(label)}</text>"));
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private static string Escape(string text) =>
        text.Replace("&", "&amp;", StringComparison.Ordinal).Replace("<", "&lt;", StringComparison.Ordinal)
            .Replace(">", "&gt;", StringComparison.Ordinal).Replace("\"", "&quot;", StringComparison.Ordinal);
}
