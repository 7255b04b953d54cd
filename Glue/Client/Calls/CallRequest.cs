using NFX.Glue.Contracts;

namespace NFX.Glue.Client.Calls;

/// <summary>
/// What a call asks for, fixed when it starts and kept for its retries. Ping and Bind have none (no method).
/// </summary>
/// <param name="Method">The method called.</param>
/// <param name="ContractId">The contract's id on the client (a retry's frame names it again).</param>
/// <param name="Payload">The argument pack, boxed once for the frame (null without parameters, and for a streaming call, which is never retried).</param>
/// <param name="Token">The caller's token (registered again by each attempt).</param>
/// <param name="WaitForReady">Whether a retry waits for a connection or fails when none is up.</param>
internal readonly record struct CallRequest(MethodDescriptor? Method, int ContractId, object? Payload, CancellationToken Token, bool WaitForReady);
