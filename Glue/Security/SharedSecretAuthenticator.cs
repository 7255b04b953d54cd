using System.Security.Cryptography;
using System.Text;

namespace NFX.Glue;

/// <summary>
/// Accepts clients whose token equals a shared secret, compared in constant time. The token travels in the clear on
/// plain TCP: use it inside a trusted network or over a tunnel that encrypts.
/// </summary>
public sealed class SharedSecretAuthenticator : IGlueAuthenticator
{
    // Hashes are compared, not the bytes, so the comparison time does not reveal the secret's length either.
    private readonly byte[] _secretHash;

    /// <summary>Creates an authenticator for the given secret bytes (copied).</summary>
    public SharedSecretAuthenticator(ReadOnlySpan<byte> secret)
    {
        if (secret.IsEmpty)
        {
            throw new ArgumentException("The shared secret must not be empty.", nameof(secret));
        }
        _secretHash = SHA256.HashData(secret);
    }

    /// <summary>Creates an authenticator for the UTF-8 bytes of <paramref name="secret"/>.</summary>
    public SharedSecretAuthenticator(string secret) : this(Encoding.UTF8.GetBytes(secret ?? throw new ArgumentNullException(nameof(secret))))
    {
    }

    /// <inheritdoc />
    public ValueTask<bool> AuthenticateAsync(GlueAuthContext context, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(context);
        Span<byte> tokenHash = stackalloc byte[SHA256.HashSizeInBytes];
        SHA256.HashData(context.Token.Span, tokenHash);
        return new ValueTask<bool>(CryptographicOperations.FixedTimeEquals(tokenHash, _secretHash));
    }
}
