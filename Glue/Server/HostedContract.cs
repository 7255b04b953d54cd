using NFX.Glue.Contracts;
using NFX.Glue.Protocol;

namespace NFX.Glue.Server;

/// <summary>A contract a server hosts: its methods by signature hash, their compiled invokers, the instance source.</summary>
internal sealed class HostedContract
{
    private readonly Dictionary<ulong, MethodDescriptor> _byHash;

    public HostedContract(ContractDescriptor contract, InstanceProvider provider)
    {
        Contract = contract;
        Provider = provider;
        Invokers = contract.Methods.Select(MethodInvokerBuilder.Build).ToArray();
        _byHash = contract.Methods.ToDictionary(m => m.SignatureHash);
    }

    public ContractDescriptor Contract { get; }

    public InstanceProvider Provider { get; }

    /// <summary>By server method id.</summary>
    public MethodInvoker[] Invokers { get; }

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
