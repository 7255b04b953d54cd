using System.Globalization;
using System.Text;

namespace NFX.Perf.Quick;

/// <summary>
/// The one hand-written SVG chart of Perf: rows of up to two horizontal bars on a log scale, grouped under optional
/// headings, a row without bars showing its status text instead. The serializer tables (<see cref="SvgChart"/>) and
/// the RPC run (<see cref="Rpc.RpcChart"/>) are both drawn by it.
/// </summary>
public sealed class LogBarChart
{
    private const int Width = 960;
    private const int RightMargin = 150;
    private const int Top = 64;
    private const int HeadingHeight = 28;

    private readonly List<(string? Heading, Row? Row)> _items = [];

    /// <summary>One bar: its value on the axis and the text beside it.</summary>
    public sealed record Bar(double Value, string Label);

    /// <summary>A row: two bars (either may be missing: <paramref name="MissingText"/> is shown in its place) or a status text.</summary>
    public sealed record Row(string Label, Bar? First, Bar? Second, string? Status = null, bool StatusIsError = false, string MissingText = "n/a");

    /// <summary>The chart's title (first line).</summary>
    public required string Title { get; init; }

    /// <summary>The second line (what the axis means).</summary>
    public required string Subtitle { get; init; }

    /// <summary>The legend of the first bar.</summary>
    public required string FirstLegend { get; init; }

    /// <summary>The legend of the second bar, or null for one bar per row.</summary>
    public string? SecondLegend { get; init; }

    /// <summary>Width of the row labels' column.</summary>
    public int LabelWidth { get; init; } = 190;

    /// <summary>Height of one row.</summary>
    public int RowHeight { get; init; } = 34;

    /// <summary>Text under an axis line at 10^p.</summary>
    public Func<double, string> AxisLabel { get; init; } = v => v.ToString("0.###", CultureInfo.InvariantCulture) + "x";

    /// <summary>The decades the axis always spans (e.g. 0.1x..10x around a reference), widened to fit every bar.</summary>
    public (int Low, int High) MinimumDecades { get; init; } = (-1, 1);

    /// <summary>The axis line drawn darker (the reference's 1x), or null.</summary>
    public int? EmphasizedDecade { get; init; } = 0;

    /// <summary>Starts a group of rows under <paramref name="heading"/>.</summary>
    public void AddHeading(string heading) => _items.Add((heading, null));

    /// <summary>Adds a row.</summary>
    public void Add(Row row) => _items.Add((null, row));

    /// <summary>The SVG document.</summary>
    public string Render()
    {
        double[] values = _items.Where(i => i.Row is not null)
            .SelectMany(i => new[] { i.Row!.First, i.Row.Second })
            .Where(b => b is not null && b.Value > 0)
            .Select(b => b!.Value)
            .ToArray();
        int lo = Math.Min(MinimumDecades.Low, values.Length == 0 ? 0 : (int)Math.Floor(Math.Log10(values.Min())));
        int hi = Math.Max(Math.Max(MinimumDecades.High, lo + 1), values.Length == 0 ? 0 : (int)Math.Ceiling(Math.Log10(values.Max())));
        double plotWidth = Width - LabelWidth - RightMargin;
        double X(double value) => LabelWidth + (Math.Log10(Math.Max(value, Math.Pow(10, lo))) - lo) / (hi - lo) * plotWidth;

        int height = Top + _items.Sum(i => i.Row is null ? HeadingHeight : RowHeight) + 30;
        var svg = new StringBuilder();
        svg.AppendLine(I($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" viewBox=\"0 0 {Width} {height}\" font-family=\"sans-serif\" font-size=\"12\">"));
        svg.AppendLine(I($"<rect width=\"{Width}\" height=\"{height}\" fill=\"white\"/>"));
        svg.AppendLine(I($"<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">{Escape(Title)}</text>"));
        svg.AppendLine(I($"<text x=\"10\" y=\"38\" fill=\"#444\">{Escape(Subtitle)}</text>"));
        int legendX = Width - 300;
        svg.AppendLine(I($"<rect x=\"{legendX}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{FirstColor}\"/><text x=\"{legendX + 16}\" y=\"38\">{Escape(FirstLegend)}</text>"));
        if (SecondLegend is not null)
        {
            svg.AppendLine(I($"<rect x=\"{legendX + 120}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{SecondColor}\"/><text x=\"{legendX + 136}\" y=\"38\">{Escape(SecondLegend)}</text>"));
        }
        for (int p = lo; p <= hi; p++)
        {
            double x = X(Math.Pow(10, p));
            svg.AppendLine(I($"<line x1=\"{x:0.#}\" y1=\"{Top - 8}\" x2=\"{x:0.#}\" y2=\"{height - 24}\" stroke=\"{(p == EmphasizedDecade ? "#000" : "#ddd")}\"/>"));
            svg.AppendLine(I($"<text x=\"{x:0.#}\" y=\"{height - 10}\" text-anchor=\"middle\" fill=\"#444\">{Escape(AxisLabel(Math.Pow(10, p)))}</text>"));
        }
        int y = Top;
        double x0 = X(Math.Pow(10, lo));
        foreach ((string? heading, Row? row) in _items)
        {
            if (row is null)
            {
                svg.AppendLine(I($"<text x=\"10\" y=\"{y + 18}\" font-weight=\"bold\">{Escape(heading!)}</text>"));
                y += HeadingHeight;
                continue;
            }
            svg.AppendLine(I($"<text x=\"{LabelWidth - 8}\" y=\"{y + 16}\" text-anchor=\"end\">{Escape(row.Label)}</text>"));
            if (row.Status is not null)
            {
                string status = row.Status.Length > 110 ? row.Status[..107] + "..." : row.Status;
                string color = row.StatusIsError ? "#b00020" : "#888";
                svg.AppendLine(I($"<text x=\"{LabelWidth + 4}\" y=\"{y + 16}\" fill=\"{color}\" font-style=\"italic\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{Escape(status)}</text>"));
            }
            else
            {
                DrawBar(svg, x0, row.First, X, y + 2, FirstColor, row.MissingText);
                if (SecondLegend is not null)
                {
                    DrawBar(svg, x0, row.Second, X, y + 16, SecondColor, row.MissingText);
                }
            }
            y += RowHeight;
        }
        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private const string FirstColor = "#3b6fb6";
    private const string SecondColor = "#e08a2c";

    private static void DrawBar(StringBuilder svg, double x0, Bar? bar, Func<double, double> x, int y, string color, string missing)
    {
        if (bar is null)
        {
            svg.AppendLine(I($"<text x=\"{x0 + 4:0.#}\" y=\"{y + 10}\" font-size=\"10\" fill=\"#888\" font-style=\"italic\">{Escape(missing)}</text>"));
            return;
        }
        double w = Math.Max(1, x(bar.Value) - x0);
        svg.AppendLine(I($"<rect x=\"{x0:0.#}\" y=\"{y}\" width=\"{w:0.#}\" height=\"12\" fill=\"{color}\"><title>{Escape(bar.Label)}</title></rect>"));
        svg.AppendLine(I($"<text x=\"{x0 + w + 4:0.#}\" y=\"{y + 10}\" font-size=\"10\" fill=\"#333\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{Escape(bar.Label)}</text>"));
    }

    private static string I(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private static string Escape(string text) =>
        text.Replace("&", "&amp;", StringComparison.Ordinal).Replace("<", "&lt;", StringComparison.Ordinal)
            .Replace(">", "&gt;", StringComparison.Ordinal).Replace("\"", "&quot;", StringComparison.Ordinal);
}
