using NFX.Perf.Contenders.Thrift;

namespace NFX.Perf.Contenders;

/// <summary>
/// Every contender in table order, the reference (Slim PerCall) first. The list is the tables' only source of rows; Slim's
/// source-generated codecs are the entry after the runtime Slim rows (the cold-start table has its own row for them in
/// <see cref="ColdStart.ColdStartCatalog"/>).
/// </summary>
public static class ContenderCatalog
{
    /// <summary>Fresh instances (contenders hold reusable buffers and per-workload state).</summary>
    public static IReadOnlyList<Contender> All() =>
    [
        new SlimPerCallContender(),
        new SlimBatchContender(),
        new SlimTolerantPerCallContender(),
        new SlimTolerantBatchContender(),
        new SlimGeneratedContender(),
        new MemoryPackContender(),
        new MemoryPackReferencesContender(),
        new MessagePackContractContender(),
        new MessagePackTypelessContender(),
        new NerdbankMessagePackContender(),
        new ProtobufNetContender(),
        new GoogleProtobufContender(),
        new OrleansContender(),
        new HyperionContender(),
        new BinaryFormatterContender(),
        new DataContractContender(),
        new SystemTextJsonContender(),
        new SystemTextJsonGeneratedContender(),
        new ThriftBinaryContender(),
        new ThriftCompactContender(),
        new MemcpyBaselineContender(),
    ];

    /// <summary>Finds a fresh contender by name (case-insensitive) or returns null.</summary>
    public static Contender? Find(string name) =>
        All().FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));
}
