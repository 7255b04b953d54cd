using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>The version-tolerant twin of <see cref="SlimPerCallContender"/>: what member lists cost a message.</summary>
public sealed class SlimTolerantPerCallContender() : SlimPerCallContender(SlimVersioning.Tolerant, "Slim tolerant (PerCall)",
    "SlimVersioning.Tolerant: every message carries its types' member lists; same-version reader.");
