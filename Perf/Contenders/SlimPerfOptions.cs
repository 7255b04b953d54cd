using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>The Slim options every Slim contender uses: the safe default policy plus the workload model types.</summary>
public static class SlimPerfOptions
{
    /// <summary>The namespace of the workload models, allowed by the type policy.</summary>
    public const string ModelNamespace = "NFX.Perf.Workloads";

    /// <summary>
    /// Options for <paramref name="mode"/>: default limits, default policy + the model namespace; the codecs compiled at
    /// run time unless <paramref name="generated"/> (the source generator's, which Perf runs: Perf/GeneratedRoots.cs).
    /// The Slim rows without "(generated)" in their names keep the runtime path, so their history stays comparable.
    /// </summary>
    public static SlimOptions For(TypeRegistryMode mode, SlimVersioning versioning = SlimVersioning.Strict, bool generated = false) => new()
    {
        RegistryMode = mode,
        Versioning = versioning,
        TypePolicy = SlimTypePolicy.Default.AllowNamespace(ModelNamespace),
        UseGeneratedCodecs = generated,
    };
}
