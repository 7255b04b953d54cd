using System.Globalization;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>
/// The chart of the RPC run: calls per second per contender and workload, two bars (many in flight, one at a time),
/// log scale (drawn by <see cref="LogBarChart"/>).
/// </summary>
public static class RpcChart
{
    /// <summary>Renders the chart.</summary>
    public static string Render(RpcResults results)
    {
        int many = results.Options.Callers;
        double[] rates = results.Cells.Where(c => c.Status == CellStatus.Measured).Select(c => c.CallsPerSecond).DefaultIfEmpty(1).ToArray();
        int lo = (int)Math.Floor(Math.Log10(Math.Max(1, rates.Min())));
        var chart = new LogBarChart
        {
            Title = "RPC on loopback: calls per second (log scale; longer is faster)",
            Subtitle = $"{results.Machine.Cpu}, {results.Machine.Cores} cores; {(results.SeparateProcesses ? "client and server processes" : "one process")}",
            FirstLegend = $"{many} callers",
            SecondLegend = "one at a time",
            LabelWidth = 250,
            RowHeight = 30,
            AxisLabel = v => v.ToString("N0", CultureInfo.InvariantCulture),
            MinimumDecades = (lo, lo + 1),
            EmphasizedDecade = null,
        };
        foreach (RpcWorkload workload in RpcWorkloads.Small)
        {
            chart.AddHeading(Title(workload));
            foreach (RpcContender contender in results.Contenders)
            {
                RpcCell? manyCell = results.Cell(contender.Name, workload, many);
                RpcCell? oneCell = results.Cell(contender.Name, workload, 1);
                if (manyCell is null && oneCell is null)
                {
                    // A contender of the big-message rows only.
                    continue;
                }
                if (manyCell?.Status != CellStatus.Measured && oneCell?.Status != CellStatus.Measured)
                {
                    // The first clause of the reason: the table has the rest.
                    chart.Add(new LogBarChart.Row(contender.Name, null, null,
                        (oneCell?.Status == CellStatus.Failed ? "FAILED: " : "n/a: ") + (oneCell?.Reason ?? "").Split(';')[0]));
                    continue;
                }
                chart.Add(new LogBarChart.Row(contender.Name, Bar(manyCell), Bar(oneCell),
                    MissingText: manyCell?.Status == CellStatus.Failed || oneCell?.Status == CellStatus.Failed ? "failed" : "n/a"));
            }
        }
        return chart.Render();
    }

    private static LogBarChart.Bar? Bar(RpcCell? cell) => cell is { Status: CellStatus.Measured }
        ? new LogBarChart.Bar(cell.CallsPerSecond, $"{cell.CallsPerSecond.ToString("N0", CultureInfo.InvariantCulture)}/s, p50 {Format.Time(cell.P50Micros * 1000)}")
        : null;

    private static string Title(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => "W1: int Sum(int, int)",
        RpcWorkload.Echo => "W2: echo of a 100-byte string",
        _ => "W3: DBWork, 10 rows x 10 fields",
    };
}
