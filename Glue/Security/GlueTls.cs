using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;

namespace NFX.Glue;

/// <summary>
/// The TLS settings both ends have: <see cref="GlueClientTls"/> and <see cref="GlueServerTls"/> derive from it.
/// Immutable: change a copy with <c>with</c>.
/// </summary>
public abstract record GlueTls
{
    /// <summary>Allowed protocol versions. Default <see cref="SslProtocols.None"/>: the operating system's choice.</summary>
    public SslProtocols EnabledProtocols { get; init; } = SslProtocols.None;

    /// <summary>Whether the peer certificate's revocation is checked. Default <see cref="X509RevocationMode.NoCheck"/>.</summary>
    public X509RevocationMode RevocationMode { get; init; } = X509RevocationMode.NoCheck;
}
