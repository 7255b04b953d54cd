using System.Net;
using System.Net.Sockets;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;

namespace NFX.Glue.Client.Balancing;

/// <summary>
/// One endpoint of a client: its connection, the attempt to open one (connect, then the handshake), and the reconnect
/// loop that keeps trying (with capped, jittered exponential backoff) while the endpoint is down, so a node that comes
/// back gets calls again.
/// </summary>
internal sealed class GlueNode
{
    // How often a retired endpoint's connection is checked for calls still in flight.
    private static readonly TimeSpan s_drainPoll = TimeSpan.FromMilliseconds(50);

    private readonly GlueClient _client;
    private readonly Func<CancellationToken, ValueTask<GlueTransport>> _connector;
    private readonly Lock _lock = new();
    private readonly List<ClientConnection> _retired = new();
    private ClientConnection? _connection;
    private Task<ClientConnection>? _connecting;
    private bool _reconnecting;
    private int _failures;
    private long _retryAt;
    private Exception? _lastError;
    private GlueAuthenticationException? _refused;
    private bool _removed;

    public GlueNode(GlueClient client, EndPoint? endPoint, Func<CancellationToken, ValueTask<GlueTransport>> connector)
    {
        _client = client;
        EndPoint = endPoint;
        _connector = connector;
    }

    public EndPoint? EndPoint { get; }

    /// <summary>The connection new calls may use, or null (none, closed, or draining).</summary>
    public ClientConnection? Live => Volatile.Read(ref _connection) is { IsUsable: true } c ? c : null;

    public string Name => EndPoint?.ToString() ?? "the server";

    /// <summary>Why the server refused this client's credentials (null: not refused). The node does not retry them.</summary>
    public GlueAuthenticationException? Refusal
    {
        get
        {
            lock (_lock)
            {
                return _refused;
            }
        }
    }

    public GlueEndpointStatus Status
    {
        get
        {
            lock (_lock)
            {
                ClientConnection? live = Live;
                long wait = Math.Max(0, _retryAt - Environment.TickCount64);
                return new GlueEndpointStatus(EndPoint, live is not null, live?.InFlight ?? 0, _failures,
                    live is null ? _lastError?.Message : null, live is null && _failures > 0 ? TimeSpan.FromMilliseconds(wait) : null);
            }
        }
    }

    /// <summary>Milliseconds until the next attempt may start (0 or less: now).</summary>
    public long RetryIn
    {
        get
        {
            lock (_lock)
            {
                return _retryAt - Environment.TickCount64;
            }
        }
    }

    /// <summary>Why the node is not usable, for the error of a call that found no node.</summary>
    public string Describe()
    {
        lock (_lock)
        {
            long wait = _retryAt - Environment.TickCount64;
            string reason = _lastError?.Message ?? "not connected";
            return wait > 0 ? $"{Name}: {reason} (next attempt in {wait} ms)" : $"{Name}: {reason}";
        }
    }

    /// <summary>An attempt in progress, or a new one when the backoff has run out; null while backing off.</summary>
    public Task<ClientConnection>? TryConnectNow()
    {
        lock (_lock)
        {
            if (_client.IsDisposed || _removed)
            {
                return null;
            }
            if (Live is ClientConnection live)
            {
                return Task.FromResult(live);
            }
            if (_refused is not null)
            {
                // Terminal: the same credentials would be refused again (and retrying them looks like an attack).
                return Task.FromException<ClientConnection>(_refused);
            }
            if (_connecting is { IsCompleted: false } attempt)
            {
                return attempt;
            }
            if (Environment.TickCount64 < _retryAt)
            {
                return null;
            }
            _connecting = AttemptAsync();
            return _connecting;
        }
    }

    /// <summary>Forgets a refusal of the credentials and the backoff: the next call tries to connect at once.</summary>
    public void Reset()
    {
        lock (_lock)
        {
            _refused = null;
            _retryAt = 0;
        }
    }

    /// <summary>Starts connecting in the background (first use of a multi-endpoint client); failures go to the reconnect loop.</summary>
    public void Warm() => _ = TryConnectNow();

    public void OnConnectionClosed(ClientConnection connection, Exception reason)
    {
        lock (_lock)
        {
            _retired.Remove(connection);
            if (_connection != connection)
            {
                return;
            }
            _connection = null;
            _lastError = reason;
            _retryAt = Environment.TickCount64; // the first attempt after losing a working connection is immediate
        }
        ScheduleReconnect();
    }

    /// <summary>
    /// The server is closing this connection (it is stopping, or it refused a call's arguments): new calls go to a new
    /// connection or elsewhere; this one finishes its calls and closes by itself.
    /// </summary>
    public void OnConnectionDraining(ClientConnection connection, string reason)
    {
        lock (_lock)
        {
            if (_connection != connection)
            {
                return;
            }
            _connection = null;
            _retired.Add(connection);
            _lastError = new GlueUnavailableException($"{Name}: {reason}.");
            _retryAt = Environment.TickCount64;
        }
        Log.NodeDraining(_client.Logger, EndPoint, reason);
        ScheduleReconnect();
    }

    /// <summary>
    /// The endpoint left the client's set: no new calls and no reconnects; the calls in flight on its connection
    /// finish (each within its deadline), then the connection closes with a Goodbye.
    /// </summary>
    public async Task RetireAsync()
    {
        ClientConnection? connection;
        lock (_lock)
        {
            _removed = true;
            connection = _connection;
            _connection = null;
            if (connection is not null)
            {
                _retired.Add(connection);
            }
        }
        if (connection is null)
        {
            return;
        }
        CancellationToken disposed = _client.DisposeToken;
        try
        {
            // The first pause also covers a call that picked this connection just before it was retired.
            do
            {
                await Task.Delay(s_drainPoll, disposed).ConfigureAwait(false);
            }
            while (connection.InFlight > 0 && !connection.IsClosed);
        }
        catch (OperationCanceledException)
        {
            // The client is being disposed: close now (its calls fail as on dispose).
        }
        await connection.CloseAsync(GoodbyeReason.Closing, "endpoint removed",
            new GlueConnectionException($"{Name} was removed from the client's endpoints."), TimeSpan.FromSeconds(1)).ConfigureAwait(false);
    }

    /// <summary>Closes the connections (the client is being disposed).</summary>
    public async Task CloseAsync()
    {
        Task<ClientConnection>? connecting;
        lock (_lock)
        {
            connecting = _connecting;
        }
        if (connecting is not null)
        {
            try
            {
                await connecting.ConfigureAwait(false);
            }
            catch (Exception)
            {
                // An attempt that failed has nothing to close.
            }
        }
        ClientConnection[] connections;
        lock (_lock)
        {
            connections = _connection is null ? [.. _retired] : [_connection, .. _retired];
        }
        var error = new GlueConnectionException("The client was disposed.");
        await Task.WhenAll(connections.Select(c => c.CloseAsync(GoodbyeReason.Closing, "client disposed", error, TimeSpan.FromSeconds(1))))
            .ConfigureAwait(false);
    }

    private async Task<ClientConnection> AttemptAsync()
    {
        ClientConnection connection;
        try
        {
            connection = await OpenAsync().ConfigureAwait(false);
        }
        catch (Exception e)
        {
            OnAttemptFailed(e);
            throw;
        }
        bool lost;
        lock (_lock)
        {
            if (_client.IsDisposed)
            {
                connection.Abort(new GlueConnectionException("The client was disposed."));
                throw new ObjectDisposedException(nameof(GlueClient));
            }
            if (_removed)
            {
                connection.Abort(new GlueConnectionException($"{Name} was removed from the client's endpoints."));
                throw new GlueConnectionException($"{Name} was removed from the client's endpoints.");
            }
            _failures = 0;
            // Closed or draining already (its close or Draining came before this point and found another connection
            // current): keep the node down and let the reconnect loop take over.
            lost = !connection.IsUsable;
            if (lost)
            {
                if (!connection.IsClosed)
                {
                    _retired.Add(connection);
                }
                _lastError = connection.CloseReason ?? new GlueUnavailableException($"{Name} is stopping.");
                _retryAt = Environment.TickCount64;
            }
            else
            {
                _connection = connection;
                _lastError = null;
            }
        }
        if (lost)
        {
            ScheduleReconnect();
            throw new GlueConnectionException($"The connection to {Name} was lost right after it opened.", _lastError);
        }
        Log.NodeUp(_client.Logger, EndPoint);
        return connection;
    }

    /// <summary>Opens and handshakes one connection, within the client's connect timeout.</summary>
    private async Task<ClientConnection> OpenAsync()
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(_client.DisposeToken);
        timeout.CancelAfter(_client.Options.ConnectTimeout);
        GlueTransport transport;
        try
        {
            transport = await _connector(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is SocketException or IOException or OperationCanceledException)
        {
            throw new GlueConnectionException($"Could not connect to {Name}: {e.Message}", e);
        }
        var connection = new ClientConnection(_client, this, transport);
        try
        {
            await connection.HandshakeAsync(_client.Contracts.Snapshot(), timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException e)
        {
            throw new GlueConnectionException($"The handshake with {Name} timed out.", e);
        }
        return connection;
    }

    private void OnAttemptFailed(Exception error)
    {
        long delay;
        int failures;
        lock (_lock)
        {
            failures = ++_failures;
            _lastError = error;
            delay = NextDelay(failures);
            _retryAt = Environment.TickCount64 + delay;
            if (error is GlueAuthenticationException refused)
            {
                _refused = refused;
            }
        }
        Log.NodeDown(_client.Logger, EndPoint, failures, error.Message, delay);
        if (error is not GlueAuthenticationException)
        {
            ScheduleReconnect();
        }
    }

    /// <summary>Exponential backoff from the first delay, capped, randomized to between half and all of it (so nodes do not retry in step).</summary>
    private long NextDelay(int failures)
    {
        double first = _client.Options.ReconnectDelay.TotalMilliseconds;
        double max = _client.Options.MaxReconnectDelay.TotalMilliseconds;
        double delay = Math.Min(max, first * Math.Pow(2, Math.Min(failures - 1, 30)));
        return (long)(delay * (0.5 + 0.5 * Random.Shared.NextDouble()));
    }

    /// <summary>Keeps one background loop per node trying until the node is up again (or the client is disposed).</summary>
    private void ScheduleReconnect()
    {
        lock (_lock)
        {
            if (_reconnecting || _client.IsDisposed)
            {
                return;
            }
            _reconnecting = true;
        }
        _ = ReconnectLoopAsync();
    }

    private async Task ReconnectLoopAsync()
    {
        CancellationToken disposed = _client.DisposeToken;
        try
        {
            while (true)
            {
                long wait;
                lock (_lock)
                {
                    if (_client.IsDisposed || _removed || Live is not null || _refused is not null)
                    {
                        _reconnecting = false;
                        return;
                    }
                    wait = _retryAt - Environment.TickCount64;
                }
                if (wait > 0)
                {
                    await Task.Delay(TimeSpan.FromMilliseconds(wait), disposed).ConfigureAwait(false);
                }
                Task<ClientConnection>? attempt = TryConnectNow();
                if (attempt is not null)
                {
                    try
                    {
                        await attempt.ConfigureAwait(false);
                    }
                    catch (Exception)
                    {
                        // Recorded by the attempt; the loop waits for the next retry time.
                    }
                }
            }
        }
        catch (OperationCanceledException)
        {
            lock (_lock)
            {
                _reconnecting = false;
            }
        }
    }
}
