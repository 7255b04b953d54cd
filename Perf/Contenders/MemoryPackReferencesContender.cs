using NFX.Perf.Contenders.Mirrors;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Arrays;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Contenders;

/// <summary>
/// MemoryPack with reference tracking on the everyday workloads: <c>[MemoryPackable(GenerateType.CircularReference)]</c>
/// copies of the DTO and Perzon types (Perf/Contenders/Mirrors/Referenced), so each object gets a reference id and a
/// second reference to it is a back-reference. Slim always tracks identity and plain <see cref="MemoryPackContender"/>
/// does not on these trees; this row shows what identity costs MemoryPack. The codec is the plain one's.
/// </summary>
public sealed class MemoryPackReferencesContender : MirroredContender
{
    /// <summary>The name in the tables.</summary>
    public const string ContenderName = "MemoryPack (references)";

    /// <summary>Why the graph and the linked list are left out.</summary>
    public const string SameAsMemoryPack =
        "the same types and mode as MemoryPack there (its copies already use GenerateType.CircularReference)";

    /// <summary>Why the primitive arrays are left out.</summary>
    public const string NoObjects = "no objects to track: the same as MemoryPack";

    /// <inheritdoc/>
    public override string Name => ContenderName;

    /// <inheritdoc/>
    public override string Notes =>
        "[MemoryPackable(GenerateType.CircularReference)] copies of the dto and Perzon types: each object gets a reference id " +
        "(strings, lists and arrays are not tracked); Serialize<T>(value) -> new byte[], Deserialize<T>(span). Only on dto, " +
        "perzon and perzon-loop: what object identity costs MemoryPack where plain MemoryPack does not track it.";

    /// <inheritdoc/>
    protected override MirrorMapper ForwardMapper => MirrorMapper.ToReferencedMirror;

    /// <inheritdoc/>
    protected override MirrorMapper BackMapper => MirrorMapper.FromReferencedMirror;

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload) => workload switch
    {
        DtoWorkload or PerzonWorkload or PerzonLoopWorkload => null,
        GraphWorkload or LinkedListWorkload => SameAsMemoryPack,
        PrimitiveArrayWorkload => NoObjects,
        _ => $"no reference-tracking copies of the {workload.Key} types (only dto, perzon and perzon-loop)",
    };

    /// <inheritdoc/>
    protected override TypedCodec CreateCodec(Type rootType) => TypedCodec.Create(typeof(MemoryPackCodec<>), rootType);
}
