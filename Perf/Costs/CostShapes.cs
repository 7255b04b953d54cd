using MemoryPack;

namespace NFX.Perf.Costs;

// The smallest shapes that isolate one unit of work each; MemoryPack's generator and Slim both serialize them as they are.
// The *Ref copies below hold the same fields for MemoryPack with reference tracking (GenerateType.CircularReference).
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

// Copies of the shapes above for "MemoryPack (references)": each object gets a reference id and a second reference to
// it is written as a back-reference, as Slim always does. The mode needs an explicit order on every member.

[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class CostLeafRef
{
    [MemoryPackOrder(0)]
    public int A;
}

[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class CostWideRef
{
    [MemoryPackOrder(0)]
    public int A;

    [MemoryPackOrder(1)]
    public int B;

    [MemoryPackOrder(2)]
    public int C;

    [MemoryPackOrder(3)]
    public int D;

    [MemoryPackOrder(4)]
    public int E;

    [MemoryPackOrder(5)]
    public int F;

    [MemoryPackOrder(6)]
    public int G;

    [MemoryPackOrder(7)]
    public int H;

    [MemoryPackOrder(8)]
    public int I;

    [MemoryPackOrder(9)]
    public int J;
}

[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class CostNamedRef
{
    [MemoryPackOrder(0)]
    public int A;

    [MemoryPackOrder(1)]
    public string? Name;
}

[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class CostLeavesRef
{
    [MemoryPackOrder(0)]
    public CostLeafRef[]? Items;
}

[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class CostWidesRef
{
    [MemoryPackOrder(0)]
    public CostWideRef[]? Items;
}

[MemoryPackable(GenerateType.CircularReference)]
public sealed partial class CostNamesRef
{
    [MemoryPackOrder(0)]
    public CostNamedRef[]? Items;
}

#pragma warning restore CS1591
