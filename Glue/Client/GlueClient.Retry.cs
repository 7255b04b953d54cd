using System.Diagnostics;
using NFX.Glue.Client;
using NFX.Glue.Contracts;
using NFX.Glue.Telemetry;

namespace NFX.Glue;

public sealed partial class GlueClient
{
    /// <summary>
    /// Decides whether a call that its connection gave up on is attempted again (see <see cref="GlueRetryOptions"/>);
    /// when it is, a retry owns the call from here on and this returns true. <paramref name="refused"/>: the server
    /// answered that it did not run the call.
    /// </summary>
    internal bool TryRetry(PendingCall call, Exception error, GlueNode from, bool refused)
    {
        GlueRetryOptions retry = Options.Retry;
        // A streaming call is never retried: its upload cannot be replayed and its streams belong to one connection.
        if (call.Method is not MethodDescriptor method || method.IsStreaming || _disposed || !retry.Enabled || call.Retries + 1 >= retry.MaxAttempts)
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
        if (call.CallToken.IsCancellationRequested || call.Deadline <= Environment.TickCount64)
        {
            return false;
        }
        if (!_retryBudget.TryTake())
        {
            Log.RetryBudgetSpent(Logger, method.DisplayName, error.Message);
            return false;
        }
        Metrics.RecordRetry(method, reason);
        call.Span?.AddEvent(new ActivityEvent("glue.retry", tags: new ActivityTagsCollection
        {
            ["glue.retry.reason"] = reason,
            ["glue.retry.number"] = call.Retries + 1,
        }));
        Log.CallRetried(Logger, method.DisplayName, call.Retries + 1, reason, error.Message);
        _ = RetryAsync(call, method, error, from);
        return true;
    }

    /// <summary>Attempts the call again within its deadline: after the backoff, on another connection when there is one.</summary>
    private async Task RetryAsync(PendingCall call, MethodDescriptor method, Exception error, GlueNode from)
    {
        // Off the thread that gave up on the call (a connection closing, or the reader loop).
        await Task.Yield();
        long left = call.Deadline == long.MaxValue ? -1 : call.Deadline - Environment.TickCount64;
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(call.CallToken, _disposing.Token);
        if (left >= 0)
        {
            limit.CancelAfter(TimeSpan.FromMilliseconds(Math.Max(left, 1)));
        }
        try
        {
            TimeSpan delay = Options.Retry.DelayBefore(call.Retries + 1);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, limit.Token).ConfigureAwait(false);
            }
            ClientConnection connection = PickConnectionExcept(from)
                ?? await AcquireConnectionAsync(limit.Token, call.WaitForReady).ConfigureAwait(false);
            await connection.EnsureBoundAsync(call.ContractId, method, limit.Token).ConfigureAwait(false);
            call.BeginRetry();
            connection.Send(call);
        }
        catch (OperationCanceledException e) when (call.CallToken.IsCancellationRequested)
        {
            call.SetException(new OperationCanceledException("The call was canceled.", e, call.CallToken));
        }
        catch (OperationCanceledException) when (_disposed)
        {
            call.SetException(new GlueConnectionException("The client was disposed.", error));
        }
        catch (OperationCanceledException)
        {
            call.SetException(new GlueTimeoutException(
                $"{method.DisplayName} did not complete before its deadline: retrying after \"{error.Message}\" found no connection in time ({DescribeEndpoints()}).", error));
        }
        catch (Exception e)
        {
            // No connection to retry on (fail-fast, every endpoint down) or the contract is gone: the caller learns both.
            call.SetException(e is GlueException ? e : new GlueConnectionException($"{method.DisplayName} could not be retried: {e.Message}", e));
        }
    }

    /// <summary>A live connection of another node than <paramref name="failed"/> (the next in the policy's order), or null.</summary>
    private ClientConnection? PickConnectionExcept(GlueNode failed)
    {
        foreach (GlueNode node in NodesInPolicyOrder())
        {
            if (node != failed && node.Live is ClientConnection live)
            {
                return live;
            }
        }
        return null;
    }
}
