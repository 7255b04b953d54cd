using NFX.Glue.Client.Proxies;
using NFX.Glue.Contracts;

namespace NFX.Glue.Client.Streaming;

/// <summary>
/// What a streaming proxy call captured when the proxy method ran (its arguments, its token and the
/// <see cref="GlueCallScope"/> open then), used to start the call on a connection when it actually begins: at once for
/// a client-streaming call, at the first <c>MoveNextAsync</c> for a result stream.
/// </summary>
internal sealed class StreamRequest
{
    private readonly ProxyContext _context;
    private readonly object? _args;
    private readonly CancellationToken _methodToken;
    private readonly CancellationToken _scopeToken;
    private readonly TimeSpan _deadline;
    private readonly bool _waitForReady;

    public StreamRequest(ProxyContext context, int methodId, object? args, CancellationToken methodToken)
    {
        GlueCallScope? scope = GlueCallScope.Current;
        _context = context;
        Method = context.Contract.Methods[methodId];
        _args = Method.HasArgs ? args : null;
        _methodToken = methodToken;
        _scopeToken = scope?.CancellationToken ?? default;
        _deadline = scope?.Deadline ?? context.Deadline;
        _waitForReady = scope?.WaitForReady ?? context.Client.Options.WaitForReady;
    }

    public MethodDescriptor Method { get; }

    /// <summary>
    /// Connects and binds if needed (within the deadline), then starts <paramref name="call"/>: from then on the
    /// deadline covers the whole stream. Returns the linked token source to dispose when the call is done (or null).
    /// </summary>
    public async ValueTask<CancellationTokenSource?> StartAsync(StreamingCall call, CancellationToken extraToken)
    {
        CancellationTokenSource? linked = Link(_methodToken, _scopeToken, extraToken, out CancellationToken token);
        try
        {
            token.ThrowIfCancellationRequested();
            long start = Environment.TickCount64;
            ClientConnection? connection = _context.Client.Connections.Pick();
            if (connection is null || !connection.IsReady(_context.ContractId, Method.Id))
            {
                connection = await AcquireAsync(token).ConfigureAwait(false);
            }
            connection.StartStream(call, _context.ContractId, Method, _args, Remaining(start), token);
            return linked;
        }
        catch
        {
            linked?.Dispose();
            throw;
        }
    }

    private async ValueTask<ClientConnection> AcquireAsync(CancellationToken token)
    {
        using CancellationTokenSource limit = CancellationTokenSource.CreateLinkedTokenSource(token);
        limit.CancelAfter(_deadline);
        try
        {
            ClientConnection connection = await _context.Client.Connections.AcquireAsync(limit.Token, _waitForReady).ConfigureAwait(false);
            await connection.EnsureBoundAsync(_context.ContractId, Method, limit.Token).ConfigureAwait(false);
            return connection;
        }
        catch (OperationCanceledException) when (!token.IsCancellationRequested && limit.IsCancellationRequested)
        {
            throw new GlueTimeoutException($"{Method.DisplayName} did not complete before its deadline of {_deadline} (still connecting: {_context.Client.Connections.DescribeEndpoints()}).");
        }
    }

    private TimeSpan Remaining(long start)
    {
        if (_deadline == Timeout.InfiniteTimeSpan)
        {
            return _deadline;
        }
        long left = (long)_deadline.TotalMilliseconds - (Environment.TickCount64 - start);
        return TimeSpan.FromMilliseconds(Math.Max(left, 1));
    }

    /// <summary>One token for the call out of up to three; a linked source only when more than one can fire.</summary>
    private static CancellationTokenSource? Link(CancellationToken a, CancellationToken b, CancellationToken c, out CancellationToken token)
    {
        int count = (a.CanBeCanceled ? 1 : 0) + (b.CanBeCanceled ? 1 : 0) + (c.CanBeCanceled ? 1 : 0);
        if (count <= 1)
        {
            token = a.CanBeCanceled ? a : b.CanBeCanceled ? b : c;
            return null;
        }
        var linked = CancellationTokenSource.CreateLinkedTokenSource(a, b, c);
        token = linked.Token;
        return linked;
    }
}
