using Microsoft.CodeAnalysis;

namespace NFX.Glue.Generators;

/// <summary>The generator's diagnostics (ids documented in docs/GLUE.md).</summary>
internal static class Diagnostics
{
    /// <summary>NFXGLUE001: a contract the project declares or uses gets no generated proxy and dispatch.</summary>
    public static readonly DiagnosticDescriptor NoGeneratedContract = new(
        id: "NFXGLUE001",
        title: "No generated proxy and dispatch for a contract",
        messageFormat: "Glue generates no proxy and dispatch for '{0}': {1}; they are made at run time (under NativeAOT the contract is refused)",
        category: "NFX.Glue",
        defaultSeverity: DiagnosticSeverity.Info,
        isEnabledByDefault: true);
}
