namespace NFX.Glue;

/// <summary>
/// Decides, during the handshake, whether a client may connect. Runs before any of the client's payload is
/// deserialized; a refusal closes the connection. Implementations must be thread-safe.
/// </summary>
public interface IGlueAuthenticator
{
    /// <summary>True to accept the client that presented <see cref="GlueAuthContext.Token"/>.</summary>
    ValueTask<bool> AuthenticateAsync(GlueAuthContext context, CancellationToken cancellationToken);
}
