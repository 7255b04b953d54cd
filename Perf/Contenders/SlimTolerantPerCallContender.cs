using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>The version-tolerant twin of <see cref="SlimPerCallContender"/>: what member lists cost a message.</summary>
public sealed class SlimTolerantPerCallContender : SlimPerCallContender
{
    /// <summary>PerCall with <see cref="SlimVersioning.Tolerant"/> layouts.</summary>
    public SlimTolerantPerCallContender()
        : base(SlimVersioning.Tolerant)
    {
    }

    /// <inheritdoc/>
    public override string Name => "Slim tolerant (PerCall)";

    /// <inheritdoc/>
    public override string Notes => "SlimVersioning.Tolerant: every message carries its types' member lists; same-version reader.";
}
