using NFX.Glue.Contracts;
using NFX.Glue.Protocol;

namespace NFX.Glue.Client;

/// <summary>
/// Which of the client's contracts one connection has bound, with the server's answer for each (hosted or not, which
/// methods it has): from the Welcome for the contracts known at the handshake, by a Bind / Bound exchange for a
/// contract first used later (one exchange per contract, however many calls wait for it). Read without a lock on the
/// call path.
/// </summary>
internal sealed class ContractBindings(Func<int, ContractDescriptor, Task<ContractAnswer>> bind)
{
    private readonly ContractAnswer?[] _answers = new ContractAnswer?[ProtocolConstants.MaxContracts];
    private readonly Dictionary<int, Task<ContractAnswer>> _binding = new();

    /// <summary>True when the contract is bound here and has the method: the call can start at once.</summary>
    public bool IsReady(int contractId, int methodId) =>
        Volatile.Read(ref _answers[contractId]) is { Methods: bool[] methods } && methods[methodId];

    /// <summary>True when the contract is bound here and the server hosts it.</summary>
    public bool IsHosted(int contractId) => Volatile.Read(ref _answers[contractId]) is { IsHosted: true };

    /// <summary>The Welcome's answers: one per contract the Hello asked for, in id order.</summary>
    public void AcceptWelcome(IReadOnlyList<ContractAnswer> answers)
    {
        for (int i = 0; i < answers.Count; i++)
        {
            _answers[i] = answers[i];
        }
    }

    /// <summary>A Bound frame's answer.</summary>
    public void AcceptBound(int contractId, ContractAnswer answer) => Volatile.Write(ref _answers[contractId], answer);

    /// <summary>Binds the contract if needed; throws when the server lacks it or the method.</summary>
    public async ValueTask EnsureBoundAsync(int contractId, MethodDescriptor method, CancellationToken cancellationToken)
    {
        ContractAnswer? answer = Volatile.Read(ref _answers[contractId]);
        if (answer is null)
        {
            Task<ContractAnswer> task;
            lock (_binding)
            {
                if (!_binding.TryGetValue(contractId, out task!))
                {
                    task = BindOnceAsync(contractId, method.Contract);
                    _binding[contractId] = task;
                }
            }
            answer = await task.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        if (!answer.IsHosted)
        {
            throw new GlueContractException($"The server does not host contract {method.Contract.Name}.");
        }
        if (!answer.Methods![method.Id])
        {
            throw new GlueContractException($"The server's contract {method.Contract.Name} has no method {method.Signature} (called as {method.DisplayName}).");
        }
    }

    /// <summary>One Bind exchange; a failed one is forgotten, so the next call asks again.</summary>
    private async Task<ContractAnswer> BindOnceAsync(int contractId, ContractDescriptor contract)
    {
        try
        {
            return await bind(contractId, contract).ConfigureAwait(false);
        }
        catch
        {
            lock (_binding)
            {
                _binding.Remove(contractId);
            }
            throw;
        }
    }
}
