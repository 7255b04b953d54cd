using BenchmarkDotNet.Configs;

namespace NFX.Perf.Wire;

/// <summary>Adds the bytes-per-value column to the varint benchmarks.</summary>
public sealed class VarIntBenchmarkConfig : ManualConfig
{
    /// <summary>Creates the config.</summary>
    public VarIntBenchmarkConfig() => AddColumn(new EncodedSizeColumn());
}
