using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using NFX.Glue.Client;
using NFX.Glue.Client.Calls;
using NFX.Glue.Client.Proxies;
using NFX.Glue.Contracts;

namespace NFX.Glue.Generated;

/// <summary>
/// The base class of the client proxies Glue generates for contracts, at build time (the NFX.Glue source generator) or
/// at run time (Reflection.Emit). Each proxy method packs its arguments into one value, the method's ValueTuple (no
/// object[] and no per-call reflection), and calls one of these helpers with its method id, the position of its
/// signature in the contract's ordinal order. Not meant to be used directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract partial class GlueProxy
{
    private readonly ProxyContext _context;

    /// <summary>Called by generated proxies with the context Glue created them for (the argument of their factory).</summary>
    /// <param name="context">What the proxy is bound to: client, contract and deadline; opaque to generated code.</param>
    protected GlueProxy(object context)
    {
        ArgumentNullException.ThrowIfNull(context);
        _context = (ProxyContext)context;
    }

    /// <summary>Calls a method returning <see cref="Task"/>.</summary>
    protected Task CallTask<TArgs>(int methodId, TArgs args, CancellationToken cancellationToken) =>
        TryStart(methodId, args, cancellationToken, out PendingCall<VoidResult>? pending)
            ? pending.AsValueTask().AsTask()
            : InvokeSlowAsync<TArgs, VoidResult>(methodId, args, cancellationToken).AsTask();

    /// <summary>Calls a method returning <see cref="Task{TResult}"/>.</summary>
    protected Task<TResult> CallTaskOf<TArgs, TResult>(int methodId, TArgs args, CancellationToken cancellationToken) =>
        TryStart(methodId, args, cancellationToken, out PendingCall<TResult>? pending)
            ? pending.AsValueTask().AsTask()
            : InvokeSlowAsync<TArgs, TResult>(methodId, args, cancellationToken).AsTask();

    /// <summary>Calls a method returning <see cref="ValueTask"/>.</summary>
    protected ValueTask CallValueTask<TArgs>(int methodId, TArgs args, CancellationToken cancellationToken) =>
        TryStart(methodId, args, cancellationToken, out PendingCall<VoidResult>? pending)
            ? pending.AsVoidValueTask()
            : new ValueTask(InvokeSlowAsync<TArgs, VoidResult>(methodId, args, cancellationToken).AsTask());

    /// <summary>Calls a method returning <see cref="ValueTask{TResult}"/>.</summary>
    protected ValueTask<TResult> CallValueTaskOf<TArgs, TResult>(int methodId, TArgs args, CancellationToken cancellationToken) =>
        TryStart(methodId, args, cancellationToken, out PendingCall<TResult>? pending)
            ? pending.AsValueTask()
            : InvokeSlowAsync<TArgs, TResult>(methodId, args, cancellationToken);

    /// <summary>Queues a one-way call and returns without waiting for anything from the server.</summary>
    protected void CallOneWay<TArgs>(int methodId, TArgs args)
    {
        MethodDescriptor method = _context.Contract.Methods[methodId];
        if (_context.Client.Connections.Pick() is { } connection && connection.IsReady(_context.ContractId, methodId))
        {
            connection.SendOneWay(_context.ContractId, method, args, GlueCallScope.Current?.Deadline ?? _context.Deadline);
            return;
        }
        _ = SendOneWaySlowAsync(method, args);
    }

    /// <summary>The fast path: a live connection with the contract bound (a call beyond the in-flight cap waits in line there).</summary>
    private bool TryStart<TArgs, TResult>(int methodId, TArgs args, CancellationToken cancellationToken, [NotNullWhen(true)] out PendingCall<TResult>? pending)
    {
        TimeSpan deadline = _context.Deadline;
        bool waitForReady = _context.Client.Options.WaitForReady;
        if (GlueCallScope.Current is GlueCallScope scope)
        {
            if (scope.CancellationToken.CanBeCanceled)
            {
                if (cancellationToken.CanBeCanceled)
                {
                    // Two tokens to honour: the slow path links them for the call's lifetime.
                    pending = null;
                    return false;
                }
                cancellationToken = scope.CancellationToken;
            }
            deadline = scope.Deadline ?? deadline;
            waitForReady = scope.WaitForReady ?? waitForReady;
        }
        if (_context.Client.Connections.Pick() is { } connection && connection.IsReady(_context.ContractId, methodId)
            && !cancellationToken.IsCancellationRequested)
        {
            pending = connection.StartCall<TArgs, TResult>(_context.ContractId, _context.Contract.Methods[methodId], args, deadline, cancellationToken, waitForReady);
            return true;
        }
        pending = null;
        return false;
    }

    /// <summary>The slow path: connect and bind the contract first, within the call's deadline.</summary>
    private async ValueTask<TResult> InvokeSlowAsync<TArgs, TResult>(int methodId, TArgs args, CancellationToken cancellationToken)
    {
        GlueCallScope? scope = GlueCallScope.Current;
        TimeSpan deadline = scope?.Deadline ?? _context.Deadline;
        bool waitForReady = scope?.WaitForReady ?? _context.Client.Options.WaitForReady;
        CancellationToken scopeToken = scope?.CancellationToken ?? default;
        using CancellationTokenSource? both = scopeToken.CanBeCanceled && cancellationToken.CanBeCanceled
            ? CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, scopeToken)
            : null;
        CancellationToken token = both?.Token ?? (scopeToken.CanBeCanceled ? scopeToken : cancellationToken);
        token.ThrowIfCancellationRequested();
        MethodDescriptor method = _context.Contract.Methods[methodId];
        long start = Environment.TickCount64;
        using CancellationTokenSource limit = CancellationTokenSource.CreateLinkedTokenSource(token);
        limit.CancelAfter(deadline);
        ClientConnection connection;
        try
        {
            connection = await _context.Client.Connections.AcquireAsync(limit.Token, waitForReady).ConfigureAwait(false);
            await connection.EnsureBoundAsync(_context.ContractId, method, limit.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!token.IsCancellationRequested && limit.IsCancellationRequested)
        {
            throw new GlueTimeoutException($"{method.DisplayName} did not complete before its deadline of {deadline} (still connecting: {_context.Client.Connections.DescribeEndpoints()}).");
        }
        PendingCall<TResult> pending = connection.StartCall<TArgs, TResult>(_context.ContractId, method, args, Remaining(start, deadline), token, waitForReady);
        return await pending.AsValueTask().ConfigureAwait(false);
    }

    private async Task SendOneWaySlowAsync<TArgs>(MethodDescriptor method, TArgs args)
    {
        try
        {
            GlueCallScope? scope = GlueCallScope.Current;
            TimeSpan deadline = scope?.Deadline ?? _context.Deadline;
            using CancellationTokenSource limit = CancellationTokenSource.CreateLinkedTokenSource(scope?.CancellationToken ?? default);
            limit.CancelAfter(deadline);
            bool waitForReady = scope?.WaitForReady ?? _context.Client.Options.WaitForReady;
            ClientConnection connection = await _context.Client.Connections.AcquireAsync(limit.Token, waitForReady).ConfigureAwait(false);
            await connection.EnsureBoundAsync(_context.ContractId, method, limit.Token).ConfigureAwait(false);
            connection.SendOneWay(_context.ContractId, method, args, deadline);
        }
        catch (Exception)
        {
            // One-way calls report nothing, by definition: a call that cannot be sent is dropped.
        }
    }

    private static TimeSpan Remaining(long start, TimeSpan deadline)
    {
        if (deadline == Timeout.InfiniteTimeSpan)
        {
            return deadline;
        }
        long left = (long)deadline.TotalMilliseconds - (Environment.TickCount64 - start);
        return TimeSpan.FromMilliseconds(Math.Max(left, 1));
    }
}
