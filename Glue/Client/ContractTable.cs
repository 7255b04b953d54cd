using NFX.Glue.Contracts;
using NFX.Glue.Protocol;

namespace NFX.Glue.Client;

/// <summary>
/// The contracts a client's proxies use, by id: the id a contract gets when its first proxy is made is the one its
/// frames carry on every connection of the client (Hello asks for the contracts known then, in id order; later ones
/// are bound by id). Read without a lock; ids are never reused.
/// </summary>
internal sealed class ContractTable
{
    private readonly Lock _lock = new();
    private readonly ContractDescriptor?[] _contracts = new ContractDescriptor?[ProtocolConstants.MaxContracts];
    private readonly Dictionary<Type, int> _ids = new();

    /// <summary>The contract with id <paramref name="id"/>, or null (never registered, or out of range).</summary>
    public ContractDescriptor? At(int id) => (uint)id < (uint)_contracts.Length ? Volatile.Read(ref _contracts[id]) : null;

    /// <summary>The contract's id, registering it on first use.</summary>
    /// <exception cref="GlueContractException">The client already uses <see cref="ProtocolConstants.MaxContracts"/> contracts.</exception>
    public int Register(ContractDescriptor contract)
    {
        lock (_lock)
        {
            if (_ids.TryGetValue(contract.Interface, out int id))
            {
                return id;
            }
            id = _ids.Count;
            if (id >= _contracts.Length)
            {
                throw new GlueContractException($"A client can use at most {_contracts.Length} contracts.");
            }
            Volatile.Write(ref _contracts[id], contract);
            _ids.Add(contract.Interface, id);
            return id;
        }
    }

    /// <summary>Every contract registered so far, in id order (what a new connection's Hello asks for).</summary>
    public ContractDescriptor[] Snapshot()
    {
        lock (_lock)
        {
            return _contracts.Take(_ids.Count).Select(c => c!).ToArray();
        }
    }
}
