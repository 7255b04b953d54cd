using System.Diagnostics.Metrics;
using Microsoft.Extensions.Logging;
using NFX.Glue.Client;
using NFX.Glue.Serialization;
using NFX.Glue.Transport;

namespace NFX.Glue;

/// <summary>Settings of a <see cref="GlueClient"/>. Immutable: change a copy with <c>with</c>.</summary>
public sealed record GlueClientOptions
{
    /// <summary>How long a call may take, from the proxy call to the answer, unless the proxy sets its own. Default 30 s;
    /// <see cref="Timeout.InfiniteTimeSpan"/> for none. The server's CancellationToken fires when the time left runs out.</summary>
    public TimeSpan DefaultDeadline { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>How long connecting and the handshake may take. Default 10 s.</summary>
    public TimeSpan ConnectTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>The token sent in the handshake for the server's <see cref="IGlueAuthenticator"/> (null: none).</summary>
    public byte[]? AuthToken { get; init; }

    /// <summary>The largest frame sent or accepted, in bytes. Default 4 MiB. The server's own limit also applies to sends.</summary>
    public int MaxMessageSize { get; init; } = 4 * 1024 * 1024;

    /// <summary>The most calls on the wire at once; further calls wait in line (within their deadline) for a slot. Default 4096.</summary>
    public int MaxInFlight { get; init; } = 4096;

    /// <summary>
    /// Types the client may receive besides those reachable from the contracts' result types (for example subclasses
    /// returned where a base class is declared).
    /// </summary>
    public IReadOnlyList<Type> AllowedTypes { get; init; } = [];

    /// <summary>
    /// Exception types whose objects the client accepts in <see cref="RemoteException.RemoteError"/>. Empty (the default):
    /// remote exceptions carry type name, message and stack trace as text only.
    /// </summary>
    public IReadOnlyList<Type> RemoteExceptionTypes { get; init; } = [];

    /// <summary>
    /// How a client with several endpoints chooses the connection for each call. Default
    /// <see cref="GlueLoadBalancing.RoundRobin"/>.
    /// </summary>
    public GlueLoadBalancing LoadBalancing { get; init; } = GlueLoadBalancing.RoundRobin;

    /// <summary>
    /// After this long without receiving anything on a connection the client sends a Ping (a heartbeat). Default 5 s;
    /// <see cref="Timeout.InfiniteTimeSpan"/> for none.
    /// </summary>
    public TimeSpan HeartbeatInterval { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// After this long without receiving anything (not even a Pong) the connection is considered dead: it is closed,
    /// its pending calls fail with <see cref="GlueConnectionException"/> and the client reconnects. Default 15 s;
    /// <see cref="Timeout.InfiniteTimeSpan"/> for none. Must exceed <see cref="HeartbeatInterval"/>.
    /// </summary>
    public TimeSpan HeartbeatTimeout { get; init; } = TimeSpan.FromSeconds(15);

    /// <summary>
    /// The wait before the second attempt to reach an endpoint that failed (the first is immediate); it doubles with
    /// every failure up to <see cref="MaxReconnectDelay"/>, each wait randomized to between half and all of it. Default 100 ms.
    /// </summary>
    public TimeSpan ReconnectDelay { get; init; } = TimeSpan.FromMilliseconds(100);

    /// <summary>The longest wait between attempts to reach an endpoint that is down. Default 5 s.</summary>
    public TimeSpan MaxReconnectDelay { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>TLS settings; null (the default) for plain TCP. The server must use TLS too.</summary>
    public GlueClientTls? Tls { get; init; }

    /// <summary>Where the client logs (connections, failover, heartbeat timeouts). Null: no logging.</summary>
    public ILoggerFactory? LoggerFactory { get; init; }

    /// <summary>Makes the <c>NFX.Glue</c> Meter (see <see cref="GlueTelemetry"/>). Null: a shared static Meter.</summary>
    public IMeterFactory? MeterFactory { get; init; }

    /// <summary>Test hook: the serializers to use instead of Slim.</summary>
    internal IGlueSerializerFactory? SerializerFactory { get; init; }

    /// <summary>Test hook: opens the transport instead of a TCP connection to the endpoint.</summary>
    internal Func<CancellationToken, ValueTask<GlueTransport>>? Connector { get; init; }

    internal void Validate()
    {
        if (DefaultDeadline <= TimeSpan.Zero && DefaultDeadline != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(DefaultDeadline), DefaultDeadline, "The deadline must be positive or infinite.");
        }
        if (ConnectTimeout <= TimeSpan.Zero && ConnectTimeout != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(ConnectTimeout), ConnectTimeout, "The connect timeout must be positive or infinite.");
        }
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxMessageSize, 1024, nameof(MaxMessageSize));
        Durations.CheckHeartbeat(HeartbeatInterval, HeartbeatTimeout);
        Durations.CheckPositive(ReconnectDelay, nameof(ReconnectDelay));
        Durations.CheckPositive(MaxReconnectDelay, nameof(MaxReconnectDelay));
        if (MaxReconnectDelay < ReconnectDelay)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxReconnectDelay), MaxReconnectDelay, "The longest reconnect delay must be at least the first one.");
        }
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxInFlight, 1, nameof(MaxInFlight));
        ArgumentNullException.ThrowIfNull(AllowedTypes, nameof(AllowedTypes));
        ArgumentNullException.ThrowIfNull(RemoteExceptionTypes, nameof(RemoteExceptionTypes));
        if (AuthToken is { Length: > Protocol.ProtocolConstants.MaxTokenBytes })
        {
            throw new ArgumentOutOfRangeException(nameof(AuthToken), $"The token is over {Protocol.ProtocolConstants.MaxTokenBytes} bytes.");
        }
    }
}
