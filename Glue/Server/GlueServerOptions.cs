using System.Net;
using NFX.Glue.Configuration;

namespace NFX.Glue;

/// <summary>Settings of a <see cref="GlueServer"/>. Immutable: change a copy with <c>with</c>.</summary>
public sealed record GlueServerOptions : GlueOptions
{
    /// <summary>Where to listen. Default: all IPv4 interfaces, port 5005. Port 0 picks a free port (see <see cref="GlueServer.LocalEndPoint"/>).</summary>
    public IPEndPoint EndPoint { get; init; } = new(IPAddress.Any, 5005);

    /// <summary>
    /// Checks each client's token in the handshake. Null (the default) accepts every client: set one (for example
    /// <see cref="SharedSecretAuthenticator"/>) whenever the port is reachable by anything you do not trust.
    /// </summary>
    public IGlueAuthenticator? Authenticator { get; init; }

    /// <summary>The most calls running at once per connection; the server stops reading that connection until one ends. Default 4096.</summary>
    public int MaxInFlightPerConnection { get; init; } = 4096;

    /// <summary>The most connections at once; more are closed as soon as accepted. Default 1024.</summary>
    public int MaxConnections { get; init; } = 1024;

    /// <summary>How long a new connection may take to send its Hello. Default 10 s.</summary>
    public TimeSpan HandshakeTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>
    /// Whether to send the exception object (besides its type, message and stack trace) to clients that accept
    /// exception objects. Default true.
    /// </summary>
    public bool SendExceptionObjects { get; init; } = true;

    /// <summary>Called when a one-way call's implementation throws (there is no caller to tell). Default: ignored.</summary>
    public Action<Exception>? OneWayErrorHandler { get; init; }

    /// <summary>
    /// How long <see cref="GlueServer.StopAsync"/> lets calls in flight finish (new calls are refused meanwhile with
    /// <see cref="GlueUnavailableException"/>) before it closes the connections anyway. Default 10 s; zero closes at once.
    /// </summary>
    public TimeSpan ShutdownTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>TLS settings; null (the default) for plain TCP. Clients must use TLS too.</summary>
    public GlueServerTls? Tls { get; init; }

    internal void Validate()
    {
        ArgumentNullException.ThrowIfNull(EndPoint, nameof(EndPoint));
        ValidateShared();
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxInFlightPerConnection, 1, nameof(MaxInFlightPerConnection));
        ArgumentOutOfRangeException.ThrowIfLessThan(MaxConnections, 1, nameof(MaxConnections));
        if (ShutdownTimeout < TimeSpan.Zero && ShutdownTimeout != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(ShutdownTimeout), ShutdownTimeout, "The shutdown timeout must be zero, positive or infinite.");
        }
        if (HandshakeTimeout <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(HandshakeTimeout), HandshakeTimeout, "The handshake timeout must be positive.");
        }
    }
}
