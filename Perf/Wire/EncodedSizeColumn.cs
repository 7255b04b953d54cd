using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using NFX.IO;

namespace NFX.Perf.Wire;

/// <summary>
/// A summary column with the average encoded bytes per value of the benchmark's codec on its distribution,
/// computed from the same seeded values, so size and speed are read off the same table.
/// </summary>
public sealed class EncodedSizeColumn : IColumn
{
    /// <inheritdoc/>
    public string Id => nameof(EncodedSizeColumn);

    /// <inheritdoc/>
    public string ColumnName => "Bytes/value";

    /// <inheritdoc/>
    public bool AlwaysShow => true;

    /// <inheritdoc/>
    public ColumnCategory Category => ColumnCategory.Custom;

    /// <inheritdoc/>
    public int PriorityInCategory => 0;

    /// <inheritdoc/>
    public bool IsNumeric => true;

    /// <inheritdoc/>
    public UnitType UnitType => UnitType.Size;

    /// <inheritdoc/>
    public string Legend => "Average encoded size of one value of the distribution with the benchmark's codec";

    /// <summary>Average bytes per value of <paramref name="distribution"/> as LEB128 or as the prefix varint (ZigZag first).</summary>
    public static double BytesPerValue(VarIntDistribution distribution, bool prefix) =>
        VarIntSamples.Generate(distribution, VarIntBenchmarks.Count)
            .Average(v => prefix ? PrefixVarInt.SizeOf(VarInt.ZigZag(v)) : VarInt.SizeOf(VarInt.ZigZag(v)));

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase)
    {
        if (benchmarkCase.Parameters["Distribution"] is not VarIntDistribution distribution)
        {
            return "-";
        }
        bool prefix = benchmarkCase.Descriptor.WorkloadMethod.Name.StartsWith("Prefix", StringComparison.Ordinal);
        return BytesPerValue(distribution, prefix).ToString("0.000", System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    /// <inheritdoc/>
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <inheritdoc/>
    public bool IsAvailable(Summary summary) => true;
}
