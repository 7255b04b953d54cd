using MemoryPack;

namespace NFX.Perf.Costs;

// The smallest shapes that isolate one unit of work each; MemoryPack's generator and Slim both serialize them as they are.
#pragma warning disable CS1591 // plain data shapes, described by UnitCostCheck

[MemoryPackable]
public sealed partial class CostLeaf
{
    public int A;
}

[MemoryPackable]
public sealed partial class CostWide
{
    public int A, B, C, D, E, F, G, H, I, J;
}

[MemoryPackable]
public sealed partial class CostNamed
{
    public int A;
    public string? Name;
}

[MemoryPackable]
public sealed partial class CostLeaves
{
    public CostLeaf[]? Items;
}

[MemoryPackable]
public sealed partial class CostWides
{
    public CostWide[]? Items;
}

[MemoryPackable]
public sealed partial class CostNames
{
    public CostNamed[]? Items;
}

#pragma warning restore CS1591
