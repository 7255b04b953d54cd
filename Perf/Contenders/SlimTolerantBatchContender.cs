using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>The version-tolerant twin of <see cref="SlimBatchContender"/>: member lists cross once per connection.</summary>
public sealed class SlimTolerantBatchContender() : SlimBatchContender(SlimVersioning.Tolerant, "Slim tolerant (Batch)",
    "SlimVersioning.Tolerant on a connection: member lists crossed once when primed, then bodies only.");
