namespace NFX.Perf.Quick;

/// <summary>
/// The chart of one serialization table: serialize and deserialize time per contender, relative to the reference row
/// (or to the fastest row when the reference did not run), on a log scale (drawn by <see cref="LogBarChart"/>).
/// </summary>
public static class SvgChart
{
    /// <summary>Renders <paramref name="result"/>; the row of <paramref name="reference"/> (a contender type) is 1x.</summary>
    public static string Render(WorkloadResult result, Type reference, string? firstLabel = "serialize", string? secondLabel = "deserialize")
    {
        var measured = result.Rows.Where(r => r.Status == CellStatus.Measured).ToList();
        ContenderResult? referenceRow = measured.FirstOrDefault(r => r.ContenderType == reference);
        double unit = referenceRow?.Serialize!.NanosecondsPerOp
            ?? measured.Select(r => r.Serialize!.NanosecondsPerOp).DefaultIfEmpty(1).Min();
        double unit2 = referenceRow?.Deserialize?.NanosecondsPerOp
            ?? measured.Where(r => r.Deserialize is not null).Select(r => r.Deserialize!.NanosecondsPerOp).DefaultIfEmpty(1).Min();
        var chart = new LogBarChart
        {
            Title = result.Title,
            Subtitle = $"Time per op relative to {referenceRow?.Contender ?? "the fastest"} (log scale; shorter is faster)",
            FirstLegend = firstLabel ?? "",
            SecondLegend = secondLabel,
        };
        foreach (ContenderResult row in result.Rows)
        {
            chart.Add(row.Status == CellStatus.Measured
                ? new LogBarChart.Row(row.Contender, Bar(row.Serialize!, unit), row.Deserialize is null ? null : Bar(row.Deserialize, unit2))
                : new LogBarChart.Row(row.Contender, null, null,
                    (row.Status == CellStatus.NotApplicable ? "n/a: " : "FAILED: ") + (row.Reason ?? ""), row.Status == CellStatus.Failed));
        }
        return chart.Render();
    }

    private static LogBarChart.Bar Bar(Measurement m, double unit) =>
        new(m.NanosecondsPerOp / unit, $"{Format.Time(m.NanosecondsPerOp)} ({Format.Ratio(m.NanosecondsPerOp, unit)})");
}
