using System.Net;
using NFX.Glue.Client;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;

namespace NFX.Glue;

public sealed partial class GlueClient
{
    private GlueNode CreateNode(EndPoint endPoint)
    {
        if (Options.Connector is { } connector)
        {
            return new GlueNode(this, endPoint, connector);
        }
        GlueClientTls? tls = Options.Tls;
        return new GlueNode(this, endPoint, async ct => await SocketTransport.ConnectAsync(endPoint, tls, ct).ConfigureAwait(false));
    }

    /// <summary>Follows the provider until the client is disposed; a provider that throws is asked again after a pause.</summary>
    private async Task WatchEndpointsAsync(IGlueEndpointProvider provider)
    {
        CancellationToken disposed = _disposing.Token;
        while (!disposed.IsCancellationRequested)
        {
            try
            {
                await foreach (IReadOnlyList<EndPoint> set in provider.WatchAsync(disposed).WithCancellation(disposed).ConfigureAwait(false))
                {
                    ApplyEndpoints(set ?? []);
                }
                return; // the provider is done: the last set stays
            }
            catch (OperationCanceledException) when (disposed.IsCancellationRequested)
            {
                return;
            }
            catch (Exception e)
            {
                Log.EndpointProviderFailed(Logger, e.Message, (long)Options.MaxReconnectDelay.TotalMilliseconds);
            }
            try
            {
                await Task.Delay(Options.MaxReconnectDelay, disposed).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                return;
            }
        }
    }

    /// <summary>
    /// Makes <paramref name="set"/> the client's endpoints: nodes of endpoints still listed are kept (with their
    /// connections), new ones start connecting, and those no longer listed are retired (drained, then closed).
    /// </summary>
    private void ApplyEndpoints(IReadOnlyList<EndPoint> set)
    {
        var added = new List<GlueNode>();
        var removed = new List<GlueNode>();
        lock (_lock)
        {
            if (_disposed)
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
            Log.EndpointAdded(Logger, node.EndPoint!);
            node.Warm();
        }
        foreach (GlueNode node in removed)
        {
            Log.EndpointRemoved(Logger, node.EndPoint);
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
