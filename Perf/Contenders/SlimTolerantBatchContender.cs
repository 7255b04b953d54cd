using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>The version-tolerant twin of <see cref="SlimBatchContender"/>: member lists cross once per connection.</summary>
public sealed class SlimTolerantBatchContender : SlimBatchContender
{
    /// <summary>Batch with <see cref="SlimVersioning.Tolerant"/> layouts.</summary>
    public SlimTolerantBatchContender()
        : base(SlimVersioning.Tolerant)
    {
    }

    /// <inheritdoc/>
    public override string Name => "Slim tolerant (Batch)";

    /// <inheritdoc/>
    public override string Notes => "SlimVersioning.Tolerant on a connection: member lists crossed once when primed, then bodies only.";
}
