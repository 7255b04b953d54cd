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
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxInFlight, 1, nameof(MaxInFlight));
        ArgumentNullException.ThrowIfNull(AllowedTypes, nameof(AllowedTypes));
        ArgumentNullException.ThrowIfNull(RemoteExceptionTypes, nameof(RemoteExceptionTypes));
        if (AuthToken is { Length: > Protocol.ProtocolConstants.MaxTokenBytes })
        {
            throw new ArgumentOutOfRangeException(nameof(AuthToken), $"The token is over {Protocol.ProtocolConstants.MaxTokenBytes} bytes.");
        }
    }
}
