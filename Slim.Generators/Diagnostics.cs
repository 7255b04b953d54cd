using Microsoft.CodeAnalysis;

namespace NFX.Slim.Generators;

/// <summary>The generator's diagnostics (ids documented in docs/GENERATOR.md).</summary>
internal static class Diagnostics
{
    /// <summary>NFXSLIM001: a type reached from the code gets no generated codec; the runtime codec serves it (not under NativeAOT).</summary>
    public static readonly DiagnosticDescriptor NoGeneratedCodec = new(
        id: "NFXSLIM001",
        title: "No generated codec for a type",
        messageFormat: "Slim generates no codec for '{0}': {1}; the codec compiled at run time serves it (under NativeAOT it is refused)",
        category: "NFX.Slim",
        defaultSeverity: DiagnosticSeverity.Info,
        isEnabledByDefault: true);
}
