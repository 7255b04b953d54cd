using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>
/// One serializer in the comparison. The harness calls <see cref="Setup"/> once per workload, <see cref="Prepare"/>
/// once per root (outside timing), then times <see cref="Serialize"/> and <see cref="Deserialize"/>.
/// </summary>
public abstract class Contender
{
    /// <summary>Name shown in the tables.</summary>
    public abstract string Name { get; }

    /// <summary>A baseline is not a serializer: it is listed only on the workloads it handles.</summary>
    public virtual bool IsBaseline => false;

    /// <summary>A footnote for the tables (how this contender is configured), or null.</summary>
    public virtual string? Notes => null;

    /// <summary>Why this contender cannot represent <paramref name="workload"/> ("n/a" in the tables), or null if it can.</summary>
    public virtual string? CannotHandle(Workload workload) => null;

    /// <summary>Called once per workload with its roots, before anything else (choose options, create serializers).</summary>
    public virtual void Setup(Workload workload, IReadOnlyList<object> roots) { }

    /// <summary>Turns a model root into what <see cref="Serialize"/> takes (e.g. a protobuf message); not timed.</summary>
    public virtual object Prepare(object root) => root;

    /// <summary>Serializes; the result may live in a reused buffer and is valid only until the next call.</summary>
    public abstract ReadOnlyMemory<byte> Serialize(object prepared);

    /// <summary>Deserializes a payload produced by <see cref="Serialize"/>.</summary>
    public abstract object? Deserialize(ReadOnlyMemory<byte> payload);

    /// <summary>Turns what <see cref="Deserialize"/> returned back into the model for verification; not timed.</summary>
    public virtual object? ToModel(object? deserialized) => deserialized;

    /// <inheritdoc/>
    public override string ToString() => Name;
}
