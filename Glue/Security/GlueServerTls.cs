using System.Net.Security;
using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;

namespace NFX.Glue;

/// <summary>
/// TLS for a <see cref="GlueServer"/> (<see cref="GlueServerOptions.Tls"/>): every accepted connection is wrapped in an
/// <see cref="SslStream"/> before the Glue handshake, within <see cref="GlueServerOptions.HandshakeTimeout"/>.
/// Immutable: change a copy with <c>with</c>.
/// </summary>
public sealed record GlueServerTls : GlueTls
{
    /// <summary>Creates TLS settings with the server's certificate (it needs its private key).</summary>
    public GlueServerTls(X509Certificate2 certificate)
    {
        ArgumentNullException.ThrowIfNull(certificate);
        Certificate = certificate;
    }

    /// <summary>The server's certificate, with its private key.</summary>
    public X509Certificate2 Certificate { get; init; }

    /// <summary>Mutual TLS: clients must present a certificate that passes <see cref="ClientCertificateValidation"/>. Default false.</summary>
    public bool RequireClientCertificate { get; init; }

    /// <summary>
    /// Decides whether a client's certificate is acceptable. Null: the system's validation (a trusted chain). The
    /// accepted certificate is also in <see cref="GlueAuthContext.ClientCertificate"/> for the authenticator.
    /// </summary>
    public RemoteCertificateValidationCallback? ClientCertificateValidation { get; init; }


    internal SslServerAuthenticationOptions ToSslOptions(SslStreamCertificateContext context) => new()
    {
        ServerCertificateContext = context,
        ClientCertificateRequired = RequireClientCertificate,
        RemoteCertificateValidationCallback = ClientCertificateValidation,
        EnabledSslProtocols = EnabledProtocols,
        CertificateRevocationCheckMode = RevocationMode,
    };
}
