using System.Net.Security;
using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;

namespace NFX.Glue;

/// <summary>
/// TLS for a <see cref="GlueClient"/> (<see cref="GlueClientOptions.Tls"/>): the connection is wrapped in an
/// <see cref="SslStream"/> before the Glue handshake. Immutable: change a copy with <c>with</c>.
/// </summary>
public sealed record GlueClientTls : GlueTls
{
    /// <summary>The name the server's certificate must carry (and the SNI name). Null: the endpoint's host name or IP address.</summary>
    public string? TargetHost { get; init; }

    /// <summary>The client's certificate, for servers that require mutual TLS (it needs its private key). Null: none.</summary>
    public X509Certificate2? ClientCertificate { get; init; }

    /// <summary>
    /// Decides whether the server's certificate is acceptable (for example by pinning its thumbprint). Null: the
    /// system's validation (a trusted chain whose name matches <see cref="TargetHost"/>).
    /// </summary>
    public RemoteCertificateValidationCallback? ServerCertificateValidation { get; init; }


    internal SslClientAuthenticationOptions ToSslOptions(string host)
    {
        var options = new SslClientAuthenticationOptions
        {
            TargetHost = TargetHost ?? host,
            EnabledSslProtocols = EnabledProtocols,
            CertificateRevocationCheckMode = RevocationMode,
            RemoteCertificateValidationCallback = ServerCertificateValidation,
        };
        if (ClientCertificate is not null)
        {
            options.ClientCertificates = new X509CertificateCollection { ClientCertificate };
            options.LocalCertificateSelectionCallback = (_, _, _, _, _) => ClientCertificate;
        }
        return options;
    }
}
