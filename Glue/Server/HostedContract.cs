using System.Runtime.CompilerServices;
using NFX.Glue.Contracts;
using NFX.Glue.Generated;
using NFX.Glue.Protocol;

namespace NFX.Glue.Server;

/// <summary>Creates the upload of one call: connection, call id, window (credits), the call's token.</summary>
internal delegate Streaming.ServerUpload UploadFactory(Transport.GlueConnection connection, int callId, int window, CancellationToken callToken);

/// <summary>
/// A contract a server hosts: its methods by signature hash, their invokers (generated at build time when the contract
/// has them, else compiled at run time), the instance source.
/// </summary>
internal sealed class HostedContract
{
    private readonly Dictionary<ulong, MethodDescriptor> _byHash;

    public HostedContract(ContractDescriptor contract, InstanceProvider provider, bool useGenerated = true)
    {
        Contract = contract;
        Provider = provider;
        if (contract.Generated is { } generated && (useGenerated || !RuntimeFeature.IsDynamicCodeSupported))
        {
            Invokers = generated.Methods.Select(m => m.Invoker).ToArray();
            UploadFactories = generated.Methods.Select(m => m.UploadFactory).ToArray();
        }
        else
        {
            (Invokers, UploadFactories) = Compiled(contract);
        }
        _byHash = contract.Methods.ToDictionary(m => m.SignatureHash);
    }

    public ContractDescriptor Contract { get; }

    public InstanceProvider Provider { get; }

    /// <summary>By server method id.</summary>
    public GlueMethodInvoker[] Invokers { get; }

    /// <summary>By server method id: creates the typed stream a method's client uploads (null for methods without one).</summary>
    public UploadFactory?[] UploadFactories { get; }

    private static (GlueMethodInvoker[], UploadFactory?[]) Compiled(ContractDescriptor contract)
    {
        if (!RuntimeFeature.IsDynamicCodeSupported)
        {
            // The descriptor refuses such a contract under NativeAOT already; kept so no path compiles code there.
            throw new GlueContractException($"Contract {contract.Interface.Name}: no dispatch was generated for it at build time, and this process cannot generate code at run time (NativeAOT).");
        }
        return (contract.Methods.Select(MethodInvokerBuilder.Build).ToArray(), contract.Methods.Select(UploadFactory).ToArray());
    }

    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Makes ServerUpload<T> for the method's item type at run time.")]
    private static UploadFactory? UploadFactory(MethodDescriptor method) =>
        method.UploadItemType is Type item
            ? typeof(Streaming.ServerUpload<>).MakeGenericType(item).GetMethod(nameof(Streaming.ServerUpload<int>.Create))!.CreateDelegate<UploadFactory>()
            : null;

    /// <summary>Maps the client's method list (by signature hash) onto this contract's methods.</summary>
    public (ContractAnswer Answer, MethodDescriptor?[] Map) Bind(ContractRequest request)
    {
        var map = new MethodDescriptor?[request.MethodHashes.Length];
        bool[] present = new bool[map.Length];
        for (int i = 0; i < map.Length; i++)
        {
            if (_byHash.TryGetValue(request.MethodHashes[i], out MethodDescriptor? method))
            {
                map[i] = method;
                present[i] = true;
            }
        }
        return (new ContractAnswer(present), map);
    }
}
