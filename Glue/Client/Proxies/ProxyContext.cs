using NFX.Glue.Contracts;

namespace NFX.Glue.Client.Proxies;

/// <summary>What a generated proxy is bound to: the client, the contract and its id there, the per-call deadline.</summary>
internal sealed class ProxyContext(GlueClient client, ContractDescriptor contract, int contractId, TimeSpan deadline)
{
    public GlueClient Client { get; } = client;

    public ContractDescriptor Contract { get; } = contract;

    public int ContractId { get; } = contractId;

    public TimeSpan Deadline { get; } = deadline;
}
