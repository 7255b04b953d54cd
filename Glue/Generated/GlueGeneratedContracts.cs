using System.Collections.Concurrent;
using System.ComponentModel;

namespace NFX.Glue.Generated;

/// <summary>
/// The contracts whose client proxy and server dispatch were generated at build time: each assembly the NFX.Glue
/// source generator ran on registers its own from a module initializer, before any of its code runs. Glue uses them
/// instead of emitting a proxy and compiling the dispatch at run time (which NativeAOT cannot do). Not meant to be
/// used directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class GlueGeneratedContracts
{
    private static readonly ConcurrentDictionary<Type, GeneratedContract> s_contracts = new();

    /// <summary>
    /// Registers the generated proxy and dispatch of <paramref name="contract"/>; the first registration of an interface
    /// stays (several assemblies may generate one for a shared contract).
    /// </summary>
    /// <param name="contract">The contract interface.</param>
    /// <param name="createProxy">Makes a proxy for the context Glue passes.</param>
    /// <param name="methods">The methods in id order (the ordinal order of their signatures).</param>
    public static void Register(Type contract, Func<object, object> createProxy, params GlueGeneratedMethod[] methods)
    {
        ArgumentNullException.ThrowIfNull(contract);
        ArgumentNullException.ThrowIfNull(createProxy);
        ArgumentNullException.ThrowIfNull(methods);
        s_contracts.TryAdd(contract, new GeneratedContract(createProxy, [.. methods]));
    }

    /// <summary>The registration of <paramref name="contract"/>, if an assembly made one.</summary>
    internal static GeneratedContract? Find(Type contract) => s_contracts.GetValueOrDefault(contract);
}
