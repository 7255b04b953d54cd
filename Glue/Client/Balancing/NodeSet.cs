using System.Net;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;

namespace NFX.Glue.Client.Balancing;

/// <summary>
/// A client's nodes, one per endpoint: a fixed list, one in-memory connector, or the endpoints an
/// <see cref="IGlueEndpointProvider"/> lists while the client runs (nodes of endpoints still listed are kept with
/// their connections, new ones start connecting, those no longer listed are retired: drained, then closed).
/// </summary>
internal sealed class NodeSet
{
    private readonly GlueClient _client;
    private readonly IGlueEndpointProvider? _provider;
    private readonly Lock _lock = new();
    private readonly TaskCompletionSource _firstEndpoints = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly HashSet<GlueNode> _retiring = new();
    // Replaced whole (never changed in place) when the provider's set changes: the call path reads it without a lock.
    private GlueNode[] _nodes;
    private int _started;

    /// <summary>
    /// The nodes of <paramref name="endPoints"/>; without any, one node of the options' connector, or none until
    /// <paramref name="provider"/> lists them.
    /// </summary>
    public NodeSet(GlueClient client, EndPoint[] endPoints, IGlueEndpointProvider? provider)
    {
        _client = client;
        _provider = provider;
        if (provider is not null)
        {
            _nodes = [];
        }
        else if (endPoints.Length == 0)
        {
            _nodes = [new GlueNode(client, null, client.Options.Connector!)];
        }
        else
        {
            _nodes = endPoints.Select(CreateNode).ToArray();
        }
    }

    /// <summary>The nodes now, in the order given (or the provider's order); a snapshot.</summary>
    public GlueNode[] Current => Volatile.Read(ref _nodes);

    /// <summary>
    /// On first use: with an endpoint provider, starts watching it; with several endpoints, starts connecting to each
    /// (in the background).
    /// </summary>
    public void Start()
    {
        if (Volatile.Read(ref _started) != 0 || Interlocked.Exchange(ref _started, 1) != 0)
        {
            return;
        }
        if (_provider is not null)
        {
            _ = WatchEndpointsAsync(_provider);
            return;
        }
        GlueNode[] nodes = Current;
        if (nodes.Length > 1)
        {
            foreach (GlueNode node in nodes)
            {
                node.Warm();
            }
        }
    }

    /// <summary>Completes when the provider has answered once (at once without a provider): before that there is nothing to connect to.</summary>
    public Task WaitForFirstAsync(CancellationToken cancellationToken) =>
        _provider is null || _firstEndpoints.Task.IsCompleted ? Task.CompletedTask : _firstEndpoints.Task.WaitAsync(cancellationToken);

    /// <summary>Forgets refused credentials and every node's backoff.</summary>
    public void Reset()
    {
        foreach (GlueNode node in Current)
        {
            node.Reset();
        }
    }

    public GlueEndpointStatus[] Statuses() => Current.Select(n => n.Status).ToArray();

    /// <summary>Why no node is usable now, for a call that waited for one in vain.</summary>
    public string Describe() =>
        Current is { Length: > 0 } nodes ? string.Join("; ", nodes.Select(n => n.Describe())) : "no endpoints yet";

    /// <summary>How long to wait before looking for a node again: until the soonest retry, within bounds.</summary>
    public TimeSpan SoonestRetry()
    {
        GlueNode[] nodes = Current;
        long soonest = nodes.Length == 0 ? 500 : nodes.Min(n => n.RetryIn);
        // At least a little (no spinning), at most a while (a connection the reconnect loop opened is seen soon).
        return TimeSpan.FromMilliseconds(Math.Clamp(soonest, 10, 500));
    }

    /// <summary>The first node's refusal of the client's credentials, if any node was refused.</summary>
    public GlueAuthenticationException? FirstRefusal()
    {
        foreach (GlueNode node in Current)
        {
            if (node.Refusal is GlueAuthenticationException refused)
            {
                return refused;
            }
        }
        return null;
    }

    /// <summary>Closes every node's connections, retiring ones included (the client is being disposed).</summary>
    public async Task CloseAsync()
    {
        GlueNode[] nodes;
        lock (_lock)
        {
            nodes = [.. _nodes, .. _retiring];
        }
        await Task.WhenAll(nodes.Select(n => n.CloseAsync())).ConfigureAwait(false);
    }

    private GlueNode CreateNode(EndPoint endPoint)
    {
        if (_client.Options.Connector is { } connector)
        {
            return new GlueNode(_client, endPoint, connector);
        }
        GlueClientTls? tls = _client.Options.Tls;
        return new GlueNode(_client, endPoint, async ct => await SocketTransport.ConnectAsync(endPoint, tls, ct).ConfigureAwait(false));
    }

    /// <summary>Follows the provider until the client is disposed; a provider that throws is asked again after a pause.</summary>
    private async Task WatchEndpointsAsync(IGlueEndpointProvider provider)
    {
        CancellationToken disposed = _client.DisposeToken;
        TimeSpan pause = _client.Options.MaxReconnectDelay;
        while (!disposed.IsCancellationRequested)
        {
            try
            {
                await foreach (IReadOnlyList<EndPoint> set in provider.WatchAsync(disposed).WithCancellation(disposed).ConfigureAwait(false))
                {
                    Apply(set ?? []);
                }
                return; // the provider is done: the last set stays
            }
            catch (OperationCanceledException) when (disposed.IsCancellationRequested)
            {
                return;
            }
            catch (Exception e)
            {
                Log.EndpointProviderFailed(_client.Logger, e.Message, (long)pause.TotalMilliseconds);
            }
            try
            {
                await Task.Delay(pause, disposed).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                return;
            }
        }
    }

    /// <summary>Makes <paramref name="set"/> the client's endpoints.</summary>
    private void Apply(IReadOnlyList<EndPoint> set)
    {
        var added = new List<GlueNode>();
        var removed = new List<GlueNode>();
        lock (_lock)
        {
            if (_client.IsDisposed)
            {
                return;
            }
            var current = new Dictionary<EndPoint, GlueNode>();
            foreach (GlueNode node in _nodes)
            {
                current.TryAdd(node.EndPoint!, node);
            }
            var next = new List<GlueNode>(set.Count);
            var listed = new HashSet<EndPoint>();
            foreach (EndPoint endPoint in set)
            {
                if (endPoint is null || !listed.Add(endPoint))
                {
                    continue;
                }
                if (!current.TryGetValue(endPoint, out GlueNode? node))
                {
                    node = CreateNode(endPoint);
                    added.Add(node);
                }
                next.Add(node);
            }
            foreach (GlueNode node in _nodes)
            {
                if (!listed.Contains(node.EndPoint!))
                {
                    removed.Add(node);
                    _retiring.Add(node);
                }
            }
            Volatile.Write(ref _nodes, [.. next]);
        }
        foreach (GlueNode node in added)
        {
            Log.EndpointAdded(_client.Logger, node.EndPoint!);
            node.Warm();
        }
        foreach (GlueNode node in removed)
        {
            Log.EndpointRemoved(_client.Logger, node.EndPoint);
            _ = RetireAsync(node);
        }
        _firstEndpoints.TrySetResult();
    }

    private async Task RetireAsync(GlueNode node)
    {
        try
        {
            await node.RetireAsync().ConfigureAwait(false);
        }
        finally
        {
            lock (_lock)
            {
                _retiring.Remove(node);
            }
        }
    }
}
