using System.Diagnostics.Metrics;
using Microsoft.Extensions.Logging;
using NFX.Glue.Configuration;
using NFX.Glue.Serialization;
using NFX.Slim;

namespace NFX.Glue;

/// <summary>
/// The settings both ends of a Glue connection have: <see cref="GlueClientOptions"/> and <see cref="GlueServerOptions"/>
/// derive from it. Immutable: change a copy with <c>with</c>.
/// </summary>
public abstract record GlueOptions
{
    /// <summary>
    /// The largest frame sent or accepted, in bytes. Default 4 MiB. A peer that sends more is disconnected; the peer's
    /// own limit (exchanged in the handshake) also applies to sends.
    /// </summary>
    public int MaxMessageSize { get; init; } = 4 * 1024 * 1024;

    /// <summary>
    /// Types this end may receive besides those reachable from the contracts' declared types (for example subclasses
    /// passed or returned where a base class is declared).
    /// </summary>
    public IReadOnlyList<Type> AllowedTypes { get; init; } = [];

    /// <summary>
    /// After this long without receiving anything on a connection this end sends a Ping (a heartbeat). Default 5 s;
    /// <see cref="Timeout.InfiniteTimeSpan"/> for none.
    /// </summary>
    public TimeSpan HeartbeatInterval { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// After this long without receiving anything (not even a Pong) the connection is considered dead and closed: a
    /// client fails its pending calls with <see cref="GlueConnectionException"/> and reconnects; a server cancels the
    /// connection's running calls (not applied while the server itself has stopped reading it: backpressure).
    /// Default 15 s; <see cref="Timeout.InfiniteTimeSpan"/> for none. Must exceed <see cref="HeartbeatInterval"/>.
    /// </summary>
    public TimeSpan HeartbeatTimeout { get; init; } = TimeSpan.FromSeconds(15);

    /// <summary>
    /// How this end's messages describe DTO layouts, and what it accepts from the peer. Default
    /// <see cref="SlimVersioning.Tolerant"/>: each DTO's member list crosses once per connection, and a peer built from
    /// another version of a DTO maps members by name (a cluster is upgraded node by node). <see cref="SlimVersioning.Strict"/>
    /// sends layout fingerprints and refuses member lists, so any DTO difference fails the call
    /// (<see cref="GlueSerializationException"/>) instead of being mapped. Both ends state theirs in the handshake and
    /// must agree: otherwise connecting fails with a <see cref="GlueProtocolException"/> naming both settings.
    /// </summary>
    public SlimVersioning Versioning { get; init; } = SlimVersioning.Tolerant;

    /// <summary>
    /// Flow control of streamed calls (<c>IAsyncEnumerable&lt;T&gt;</c> results and arguments): the most items this end
    /// lets a peer send on one stream ahead of its consumer, so a stalled consumer holds at most this many items
    /// (the sender's iterator waits meanwhile). Credits are granted again half a window at a time. Default 4096;
    /// 1 to 65536.
    /// </summary>
    public int StreamWindow { get; init; } = 4096;

    /// <summary>Where this end logs (connections, failover, refused and dropped connections, heartbeat timeouts). Null: no logging.</summary>
    public ILoggerFactory? LoggerFactory { get; init; }

    /// <summary>Makes the <c>NFX.Glue</c> Meter (see <see cref="GlueTelemetry"/>). Null: a shared static Meter.</summary>
    public IMeterFactory? MeterFactory { get; init; }

    /// <summary>Test hook: the serializers to use instead of Slim.</summary>
    internal IGlueSerializerFactory? SerializerFactory { get; init; }

    /// <summary>
    /// Test hook: false makes this end's proxies (client) or dispatch (server) at run time even for contracts the
    /// source generator wrote them for (ignored where code cannot be generated at run time).
    /// </summary>
    internal bool UseGeneratedCode { get; init; } = true;

    /// <summary>Checks the shared settings; each end adds its own checks.</summary>
    private protected void ValidateShared()
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxMessageSize, 1024, nameof(MaxMessageSize));
        ArgumentNullException.ThrowIfNull(AllowedTypes, nameof(AllowedTypes));
        Durations.CheckHeartbeat(HeartbeatInterval, HeartbeatTimeout);
        if (!Enum.IsDefined(Versioning))
        {
            throw new ArgumentOutOfRangeException(nameof(Versioning), Versioning, "Versioning must be SlimVersioning.Strict or SlimVersioning.Tolerant.");
        }
        ArgumentOutOfRangeException.ThrowIfLessThan(StreamWindow, 1, nameof(StreamWindow));
        ArgumentOutOfRangeException.ThrowIfGreaterThan(StreamWindow, Protocol.ProtocolConstants.MaxStreamCredit, nameof(StreamWindow));
    }
}
