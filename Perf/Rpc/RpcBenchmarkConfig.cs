using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Order;

namespace NFX.Perf.Rpc;

/// <summary>The RPC suites' configuration: MemoryDiagnoser (all threads, both ends in this process), declared order.</summary>
public sealed class RpcBenchmarkConfig : ManualConfig
{
    /// <summary>Creates the configuration.</summary>
    public RpcBenchmarkConfig()
    {
        AddDiagnoser(MemoryDiagnoser.Default);
        AddColumnProvider(BenchmarkDotNet.Columns.DefaultColumnProviders.Instance);
        AddLogger(ConsoleLogger.Default);
        WithOrderer(new DefaultOrderer(SummaryOrderPolicy.Declared));
    }
}
