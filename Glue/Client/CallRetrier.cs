using System.Diagnostics;
using NFX.Glue.Client.Balancing;
using NFX.Glue.Client.Calls;
using NFX.Glue.Contracts;
using NFX.Glue.Telemetry;

namespace NFX.Glue.Client;

/// <summary>
/// Attempts again, within its deadline, a call its connection gave up on, when that is safe and allowed
/// (<see cref="GlueRetryOptions"/>): a call that provably never reached the server, one the server refused unrun, or
/// a <see cref="GlueIdempotentAttribute"/> method's call cut off by a lost connection; bounded by the attempts, the
/// backoff and the client-wide budget.
/// </summary>
internal sealed class CallRetrier(GlueClient client)
{
    private readonly RetryBudget _budget = new(client.Options.Retry.BudgetPerSecond);

    /// <summary>
    /// Decides whether <paramref name="call"/> is attempted again; when it is, a retry owns the call from here on and
    /// this returns true. <paramref name="refused"/>: the server answered that it did not run the call.
    /// </summary>
    public bool TryRetry(PendingCall call, Exception error, GlueNode from, bool refused)
    {
        GlueRetryOptions retry = client.Options.Retry;
        // A streaming call is never retried: its upload cannot be replayed and its streams belong to one connection.
        if (call.Method is not MethodDescriptor method || method.IsStreaming || client.IsDisposed || !retry.Enabled || call.Retries + 1 >= retry.MaxAttempts)
        {
            return false;
        }
        string reason;
        if (refused)
        {
            reason = "refused";
        }
        else if (call.TryWithdraw())
        {
            reason = "unsent";
        }
        else if (method.IsIdempotent)
        {
            reason = "connection_lost";
        }
        else
        {
            return false; // sent, perhaps run: running it again is the caller's decision, never a silent one
        }
        if (call.Request.Token.IsCancellationRequested || call.Deadline <= Environment.TickCount64)
        {
            return false;
        }
        if (!_budget.TryTake())
        {
            Log.RetryBudgetSpent(client.Logger, method.DisplayName, error.Message);
            return false;
        }
        client.Metrics.RecordRetry(method, reason);
        call.Telemetry.Span?.AddEvent(new ActivityEvent("glue.retry", tags: new ActivityTagsCollection
        {
            ["glue.retry.reason"] = reason,
            ["glue.retry.number"] = call.Retries + 1,
        }));
        Log.CallRetried(client.Logger, method.DisplayName, call.Retries + 1, reason, error.Message);
        _ = RetryAsync(call, method, error, from);
        return true;
    }

    /// <summary>Attempts the call again within its deadline: after the backoff, on another connection when there is one.</summary>
    private async Task RetryAsync(PendingCall call, MethodDescriptor method, Exception error, GlueNode from)
    {
        // Off the thread that gave up on the call (a connection closing, or the reader loop).
        await Task.Yield();
        CancellationToken callToken = call.Request.Token;
        long left = call.Deadline == long.MaxValue ? -1 : call.Deadline - Environment.TickCount64;
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(callToken, client.DisposeToken);
        if (left >= 0)
        {
            limit.CancelAfter(TimeSpan.FromMilliseconds(Math.Max(left, 1)));
        }
        try
        {
            TimeSpan delay = client.Options.Retry.DelayBefore(call.Retries + 1);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, limit.Token).ConfigureAwait(false);
            }
            ClientConnection connection = client.Connections.PickExcept(from)
                ?? await client.Connections.AcquireAsync(limit.Token, call.Request.WaitForReady).ConfigureAwait(false);
            await connection.EnsureBoundAsync(call.Request.ContractId, method, limit.Token).ConfigureAwait(false);
            call.BeginRetry();
            connection.Send(call);
        }
        catch (OperationCanceledException e) when (callToken.IsCancellationRequested)
        {
            call.SetException(new OperationCanceledException("The call was canceled.", e, callToken));
        }
        catch (OperationCanceledException) when (client.IsDisposed)
        {
            call.SetException(new GlueConnectionException("The client was disposed.", error));
        }
        catch (OperationCanceledException)
        {
            call.SetException(new GlueTimeoutException(
                $"{method.DisplayName} did not complete before its deadline: retrying after \"{error.Message}\" found no connection in time ({client.Connections.DescribeEndpoints()}).", error));
        }
        catch (Exception e)
        {
            // No connection to retry on (fail-fast, every endpoint down) or the contract is gone: the caller learns both.
            call.SetException(e is GlueException ? e : new GlueConnectionException($"{method.DisplayName} could not be retried: {e.Message}", e));
        }
    }
}
