using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>Every contender of issue 5 in table order, the reference (Slim PerCall) first.</summary>
public static class ContenderCatalog
{
    /// <summary>Fresh instances (contenders hold reusable buffers and per-workload state).</summary>
    public static IReadOnlyList<Contender> All() =>
    [
        new SlimPerCallContender(),
        new SlimBatchContender(),
        new SlimPerCallContender(SlimVersioning.Tolerant),
        new SlimBatchContender(SlimVersioning.Tolerant),
        new BinaryFormatterContender(),
        new DataContractContender(),
        new SystemTextJsonContender(),
        new GoogleProtobufContender(),
        new ProtobufNetContender(),
        new MessagePackContractContender(),
        new MessagePackTypelessContender(),
        new MemoryPackContender(),
        new ThriftBinaryContender(),
        new ThriftCompactContender(),
        new MemcpyBaselineContender(),
    ];

    /// <summary>Finds a fresh contender by name (case-insensitive) or returns null.</summary>
    public static Contender? Find(string name) =>
        All().FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase));
}
