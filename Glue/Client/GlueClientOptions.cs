using NFX.Glue.Configuration;
using NFX.Glue.Transport;

namespace NFX.Glue;

/// <summary>Settings of a <see cref="GlueClient"/>. Immutable: change a copy with <c>with</c>.</summary>
public sealed record GlueClientOptions : GlueOptions
{
    /// <summary>How long a call may take, from the proxy call to the answer, unless the proxy sets its own. Default 30 s;
    /// <see cref="Timeout.InfiniteTimeSpan"/> for none. The server's CancellationToken fires when the time left runs out.</summary>
    public TimeSpan DefaultDeadline { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>How long connecting and the handshake may take. Default 10 s.</summary>
    public TimeSpan ConnectTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>The token sent in the handshake for the server's <see cref="IGlueAuthenticator"/> (null: none).</summary>
    public byte[]? AuthToken { get; init; }

    /// <summary>The most calls on the wire at once; further calls wait in line (within their deadline) for a slot. Default 4096.</summary>
    public int MaxInFlight { get; init; } = 4096;

    /// <summary>
    /// Exception types whose objects the client accepts in <see cref="RemoteException.RemoteError"/>: an exact whitelist
    /// (the object and each of its inner exceptions must be of a listed type, not a subclass). Empty (the default):
    /// remote exceptions carry type name, message and stack trace as text only.
    /// </summary>
    public IReadOnlyList<Type> RemoteExceptionTypes { get; init; } = [];

    /// <summary>
    /// Wait-for-ready: a call made while no endpoint is connected (down, reconnecting, backing off) waits for a
    /// connection up to its deadline instead of failing at once with <see cref="GlueConnectionException"/>; a call that
    /// runs out of time this way fails with <see cref="GlueTimeoutException"/>. Default false (fail fast, as gRPC does):
    /// a caller with a fallback learns at once that no server is there. Refused credentials always fail at once.
    /// <see cref="GlueCallScope"/> overrides it per call.
    /// </summary>
    public bool WaitForReady { get; init; }

    /// <summary>
    /// Which calls the client retries by itself, how often and how soon: by default those that provably never reached
    /// the server, and those of <see cref="GlueIdempotentAttribute"/> methods after a lost connection, up to 3 attempts
    /// within the call's deadline. <see cref="GlueRetryOptions.None"/> turns retries off.
    /// </summary>
    public GlueRetryOptions Retry { get; init; } = new();

    /// <summary>
    /// How a client with several endpoints chooses the connection for each call. Default
    /// <see cref="GlueLoadBalancing.RoundRobin"/>.
    /// </summary>
    public GlueLoadBalancing LoadBalancing { get; init; } = GlueLoadBalancing.RoundRobin;

    /// <summary>
    /// The wait before the second attempt to reach an endpoint that failed (the first is immediate); it doubles with
    /// every failure up to <see cref="MaxReconnectDelay"/>, each wait randomized to between half and all of it. Default 100 ms.
    /// </summary>
    public TimeSpan ReconnectDelay { get; init; } = TimeSpan.FromMilliseconds(100);

    /// <summary>The longest wait between attempts to reach an endpoint that is down. Default 5 s.</summary>
    public TimeSpan MaxReconnectDelay { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>TLS settings; null (the default) for plain TCP. The server must use TLS too.</summary>
    public GlueClientTls? Tls { get; init; }

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
        ValidateShared();
        Durations.CheckPositive(ReconnectDelay, nameof(ReconnectDelay));
        Durations.CheckPositive(MaxReconnectDelay, nameof(MaxReconnectDelay));
        if (MaxReconnectDelay < ReconnectDelay)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxReconnectDelay), MaxReconnectDelay, "The longest reconnect delay must be at least the first one.");
        }
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxInFlight, 1, nameof(MaxInFlight));
        ArgumentNullException.ThrowIfNull(RemoteExceptionTypes, nameof(RemoteExceptionTypes));
        ArgumentNullException.ThrowIfNull(Retry, nameof(Retry));
        Retry.Validate();
        if (AuthToken is { Length: > Protocol.ProtocolConstants.MaxTokenBytes })
        {
            throw new ArgumentOutOfRangeException(nameof(AuthToken), $"The token is over {Protocol.ProtocolConstants.MaxTokenBytes} bytes.");
        }
    }
}
