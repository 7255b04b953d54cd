using NFX.Perf.Workloads;

namespace NFX.Perf.Contenders;

/// <summary>A contender the issue asks for whose package this machine cannot restore: listed as n/a with the reason.</summary>
public abstract class UnavailableContender : Contender
{
    /// <summary>The reason shown for a missing NuGet package.</summary>
    public const string PackageMissing = "package not available from this machine's NuGet source";

    /// <summary>Why it cannot run anywhere here.</summary>
    public virtual string Reason => PackageMissing;

    /// <inheritdoc/>
    public sealed override string? CannotHandle(Workload workload) => Reason;

    /// <inheritdoc/>
    public sealed override ReadOnlyMemory<byte> Serialize(object prepared) => throw new NotSupportedException(Reason);

    /// <inheritdoc/>
    public sealed override object? Deserialize(ReadOnlyMemory<byte> payload) => throw new NotSupportedException(Reason);
}
