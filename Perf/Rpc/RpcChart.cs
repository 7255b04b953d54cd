using System.Globalization;
using System.Text;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>One hand-written SVG for the RPC run: calls per second per contender and workload, two bars (many in flight, one at a time), log scale.</summary>
public static class RpcChart
{
    private const int Width = 960;
    private const int LabelWidth = 250;
    private const int RightMargin = 150;
    private const int RowHeight = 30;
    private const string ManyColor = "#3b6fb6";
    private const string OneColor = "#e08a2c";

    /// <summary>Renders the chart.</summary>
    public static string Render(RpcResults results)
    {
        int many = results.Options.Callers;
        double[] rates = results.Cells.Where(c => c.Status == CellStatus.Measured).Select(c => c.CallsPerSecond).DefaultIfEmpty(1).ToArray();
        int lo = (int)Math.Floor(Math.Log10(Math.Max(1, rates.Min())));
        int hi = Math.Max(lo + 1, (int)Math.Ceiling(Math.Log10(Math.Max(1, rates.Max()))));
        double plot = Width - LabelWidth - RightMargin;
        double X(double rate) => LabelWidth + (Math.Log10(Math.Max(rate, Math.Pow(10, lo))) - lo) / (hi - lo) * plot;

        RpcWorkload[] workloads = Enum.GetValues<RpcWorkload>();
        int rowsPerWorkload = results.Contenders.Count;
        int height = 70 + workloads.Length * (28 + rowsPerWorkload * RowHeight) + 30;
        var svg = new StringBuilder();
        svg.AppendLine(I($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" viewBox=\"0 0 {Width} {height}\" font-family=\"sans-serif\" font-size=\"12\">"));
        svg.AppendLine(I($"<rect width=\"{Width}\" height=\"{height}\" fill=\"white\"/>"));
        svg.AppendLine("<text x=\"10\" y=\"20\" font-size=\"15\" font-weight=\"bold\">RPC on loopback: calls per second (log scale; longer is faster)</text>");
        svg.AppendLine(I($"<text x=\"10\" y=\"38\" fill=\"#444\">{Escape(results.Machine.Cpu)}, {results.Machine.Cores} cores; {(results.SeparateProcesses ? "client and server processes" : "one process")}</text>"));
        int legend = Width - 330;
        svg.AppendLine(I($"<rect x=\"{legend}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{ManyColor}\"/><text x=\"{legend + 16}\" y=\"38\">{many} callers</text>"));
        svg.AppendLine(I($"<rect x=\"{legend + 110}\" y=\"28\" width=\"12\" height=\"12\" fill=\"{OneColor}\"/><text x=\"{legend + 126}\" y=\"38\">one at a time</text>"));
        int top = 60;
        for (int p = lo; p <= hi; p++)
        {
            double x = X(Math.Pow(10, p));
            svg.AppendLine(I($"<line x1=\"{x:0.#}\" y1=\"{top}\" x2=\"{x:0.#}\" y2=\"{height - 24}\" stroke=\"#ddd\"/>"));
            svg.AppendLine(I($"<text x=\"{x:0.#}\" y=\"{height - 10}\" text-anchor=\"middle\" fill=\"#444\">{Math.Pow(10, p).ToString("N0", CultureInfo.InvariantCulture)}</text>"));
        }
        int y = top;
        foreach (RpcWorkload workload in workloads)
        {
            svg.AppendLine(I($"<text x=\"10\" y=\"{y + 18}\" font-weight=\"bold\">{Escape(Title(workload))}</text>"));
            y += 28;
            foreach (RpcContender contender in results.Contenders)
            {
                svg.AppendLine(I($"<text x=\"{LabelWidth - 8}\" y=\"{y + 15}\" text-anchor=\"end\">{Escape(contender.Name)}</text>"));
                RpcCell? manyCell = results.Cell(contender.Name, workload, many);
                RpcCell? oneCell = results.Cell(contender.Name, workload, 1);
                if (manyCell?.Status != CellStatus.Measured && oneCell?.Status != CellStatus.Measured)
                {
                    // The first clause of the reason: the table has the rest.
                    string reason = (oneCell?.Status == CellStatus.Failed ? "FAILED: " : "n/a: ") + (oneCell?.Reason ?? "").Split(';')[0];
                    svg.AppendLine(I($"<text x=\"{LabelWidth + 4}\" y=\"{y + 15}\" fill=\"#888\" font-style=\"italic\">{Escape(reason.Length > 100 ? reason[..97] + "..." : reason)}</text>"));
                }
                else
                {
                    Bar(svg, manyCell, X, y + 1, ManyColor, lo);
                    Bar(svg, oneCell, X, y + 14, OneColor, lo);
                }
                y += RowHeight;
            }
        }
        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private static void Bar(StringBuilder svg, RpcCell? cell, Func<double, double> x, int y, string color, int lo)
    {
        double x0 = x(Math.Pow(10, lo));
        if (cell is not { Status: CellStatus.Measured })
        {
            svg.AppendLine(I($"<text x=\"{x0 + 4:0.#}\" y=\"{y + 10}\" font-size=\"10\" fill=\"#888\" font-style=\"italic\">{(cell?.Status == CellStatus.Failed ? "failed" : "n/a")}</text>"));
            return;
        }
        double w = Math.Max(1, x(cell.CallsPerSecond) - x0);
        string label = $"{cell.CallsPerSecond.ToString("N0", CultureInfo.InvariantCulture)}/s, p50 {Format.Time(cell.P50Micros * 1000)}";
        svg.AppendLine(I($"<rect x=\"{x0:0.#}\" y=\"{y}\" width=\"{w:0.#}\" height=\"11\" fill=\"{color}\"><title>{Escape(label)}</title></rect>"));
        svg.AppendLine(I($"<text x=\"{x0 + w + 4:0.#}\" y=\"{y + 9}\" font-size=\"10\" fill=\"#333\">{Escape(label)}</text>"));
    }

    private static string Title(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => "W1: int Sum(int, int)",
        RpcWorkload.Echo => "W2: echo of a 100-byte string",
        _ => "W3: DBWork, 10 rows x 10 fields",
    };

    private static string I(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private static string Escape(string text) =>
        text.Replace("&", "&amp;", StringComparison.Ordinal).Replace("<", "&lt;", StringComparison.Ordinal)
            .Replace(">", "&gt;", StringComparison.Ordinal).Replace("\"", "&quot;", StringComparison.Ordinal);
}
