namespace NFX.Glue.Client.Balancing;

/// <summary>
/// How a call gets a connection: the policy's pick among the live ones (the fast path), else waiting for the first
/// of the connection attempts in progress (or due, their backoff over) to succeed; with wait-for-ready, waiting on
/// until one does or the caller's deadline passes.
/// </summary>
internal sealed class ConnectionAcquirer(GlueClient client, NodeSet nodes, NodePicker picker)
{
    /// <summary>A usable connection chosen by the load-balancing policy, or null when none is up.</summary>
    public ClientConnection? Pick() => picker.Pick(nodes.Current);

    /// <summary>A live connection of another node than <paramref name="failed"/>, or null.</summary>
    public ClientConnection? PickExcept(GlueNode failed) => picker.PickExcept(nodes.Current, failed);

    /// <summary>Why no endpoint is usable now, for a call that waited for one in vain.</summary>
    public string DescribeEndpoints() => nodes.Describe();

    /// <summary>
    /// A connection, connecting first when none is up: fails at once when every endpoint is backing off, unless
    /// <paramref name="waitForReady"/>, which waits until one is up or <paramref name="cancellationToken"/> fires.
    /// </summary>
    public async ValueTask<ClientConnection> AcquireAsync(CancellationToken cancellationToken, bool waitForReady = false)
    {
        ObjectDisposedException.ThrowIf(client.IsDisposed, client);
        nodes.Start();
        if (Pick() is ClientConnection ready)
        {
            return ready;
        }
        await nodes.WaitForFirstAsync(cancellationToken).ConfigureAwait(false);
        while (true)
        {
            try
            {
                return await TryAcquireAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (GlueConnectionException e) when (waitForReady && e is not GlueAuthenticationException)
            {
                // Wait-for-ready: every endpoint is down or backing off; wait for the soonest retry (the reconnect
                // loops keep trying meanwhile) and look again, until the caller's deadline cancels the wait.
                await Task.Delay(nodes.SoonestRetry(), cancellationToken).ConfigureAwait(false);
            }
        }
    }

    private async ValueTask<ClientConnection> TryAcquireAsync(CancellationToken cancellationToken)
    {
        if (Pick() is ClientConnection ready)
        {
            return ready;
        }
        GlueNode[] current = nodes.Current;
        if (current.Length == 0)
        {
            throw new GlueConnectionException("No server is reachable: the endpoint provider lists no endpoints.");
        }
        var attempts = new List<Task<ClientConnection>>(current.Length);
        foreach (GlueNode node in picker.InPolicyOrder(current))
        {
            if (node.TryConnectNow() is { } attempt)
            {
                attempts.Add(attempt);
            }
        }
        Exception? last = null;
        while (attempts.Count > 0)
        {
            Task<ClientConnection> done = await Task.WhenAny(attempts).WaitAsync(cancellationToken).ConfigureAwait(false);
            if (done.IsCompletedSuccessfully)
            {
                return Pick() ?? done.Result;
            }
            attempts.Remove(done);
            last = done.Exception?.InnerException ?? last;
        }
        ObjectDisposedException.ThrowIf(client.IsDisposed, client);
        if (Pick() is ClientConnection late)
        {
            return late;
        }
        if (nodes.FirstRefusal() is GlueAuthenticationException refused)
        {
            // Typed on every call, not only the first: the credentials are the problem, not the network.
            throw new GlueAuthenticationException(
                $"{refused.Message} The client does not retry refused credentials until {nameof(GlueClient.Reconnect)}() is called.", refused);
        }
        if (current.Length == 1 && last is GlueConnectionException single)
        {
            throw single;
        }
        throw new GlueConnectionException($"No server is reachable: {nodes.Describe()}.", last);
    }
}
