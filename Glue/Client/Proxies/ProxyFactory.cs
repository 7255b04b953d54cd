using System.Runtime.CompilerServices;
using NFX.Glue.Contracts;

namespace NFX.Glue.Client.Proxies;

/// <summary>
/// Makes a client proxy: the one generated at build time when the contract has one (always under NativeAOT, and under
/// the JIT too: nothing to emit at start-up), else one emitted at run time.
/// </summary>
internal static class ProxyFactory
{
    public static object Create(ProxyContext context, bool useGenerated)
    {
        ContractDescriptor contract = context.Contract;
        if (contract.Generated is { } generated && (useGenerated || !RuntimeFeature.IsDynamicCodeSupported))
        {
            return generated.CreateProxy(context);
        }
        if (RuntimeFeature.IsDynamicCodeSupported)
        {
            return ProxyGenerator.Create(context);
        }
        // The descriptor refuses such a contract under NativeAOT already; kept so no path reaches Reflection.Emit there.
        throw new GlueContractException($"Contract {contract.Interface.Name}: no proxy was generated for it at build time, and this process cannot generate code at run time (NativeAOT).");
    }
}
