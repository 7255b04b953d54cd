using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;

namespace NFX.Perf.Benchmarks;

/// <summary>
/// The one configuration of every suite: MemoryDiagnoser, a payload-size column, declared order. Jobs come from
/// the command line (<c>--job short</c>); Program adds <c>--inProcess</c>, see there.
/// </summary>
public sealed class PerfBenchmarkConfig : ManualConfig
{
    /// <summary>Creates the configuration.</summary>
    public PerfBenchmarkConfig()
    {
        AddDiagnoser(MemoryDiagnoser.Default);
        AddColumnProvider(DefaultColumnProviders.Instance);
        AddColumn(new PayloadSizeColumn());
        AddLogger(ConsoleLogger.Default);
        WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(32));
        WithOrderer(new BenchmarkDotNet.Order.DefaultOrderer(BenchmarkDotNet.Order.SummaryOrderPolicy.Declared));
    }
}
