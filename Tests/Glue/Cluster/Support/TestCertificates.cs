using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>Self-signed certificates made by the tests (nothing is installed in any store).</summary>
internal static class TestCertificates
{
    /// <summary>A self-signed ECDSA certificate for <paramref name="name"/> (subject CN and DNS SAN), with its private key.</summary>
    public static X509Certificate2 Create(string name, bool server)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest($"CN={name}", key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddDnsName(name);
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension(
            [new Oid(server ? "1.3.6.1.5.5.7.3.1" : "1.3.6.1.5.5.7.3.2")], critical: false));
        using X509Certificate2 created = request.CreateSelfSigned(DateTimeOffset.UtcNow.AddMinutes(-5), DateTimeOffset.UtcNow.AddDays(1));
        // Round-trip through PKCS#12 so the private key is usable by SslStream on every platform.
        return X509CertificateLoader.LoadPkcs12(created.Export(X509ContentType.Pfx), password: null);
    }
}
