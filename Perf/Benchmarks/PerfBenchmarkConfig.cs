using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;

namespace NFX.Perf.Benchmarks;

/// <summary>The one configuration of every suite: default job, MemoryDiagnoser, a payload-size column, GitHub markdown.</summary>
public sealed class PerfBenchmarkConfig : ManualConfig
{
    /// <summary>Creates the configuration.</summary>
    public PerfBenchmarkConfig()
    {
        AddJob(Job.Default);
        AddDiagnoser(MemoryDiagnoser.Default);
        AddColumnProvider(DefaultColumnProviders.Instance);
        AddColumn(new PayloadSizeColumn());
        AddLogger(ConsoleLogger.Default);
        AddExporter(MarkdownExporter.GitHub);
        WithOrderer(new BenchmarkDotNet.Order.DefaultOrderer(BenchmarkDotNet.Order.SummaryOrderPolicy.Declared));
    }
}
