namespace NFX.Perf.Workloads;

/// <summary>Properties of a workload's graph that decide which contenders can represent it.</summary>
[Flags]
public enum WorkloadTraits
{
    /// <summary>A plain tree of objects.</summary>
    None = 0,

    /// <summary>Some objects are referenced from more than one place (identity must survive).</summary>
    SharedReferences = 1,

    /// <summary>The graph has cycles.</summary>
    Cycles = 2,

    /// <summary>
    /// The graph is so deep that a recursive serializer may overflow the stack, which kills the process:
    /// contenders are first tried in a child process.
    /// </summary>
    Deep = 4,

    /// <summary>The root is one large array of a primitive type (compared against a memcpy baseline).</summary>
    PrimitiveArray = 8,
}
