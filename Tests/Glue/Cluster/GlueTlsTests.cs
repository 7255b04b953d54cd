using System.Net;
using System.Security.Cryptography.X509Certificates;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;

namespace NFX.Tests.GlueCluster;

/// <summary>TLS through SslStream with certificates the tests generate: server authentication, and mutual TLS.</summary>
public sealed class GlueTlsTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);
    private static X509Certificate2 s_server = null!;
    private static X509Certificate2 s_client = null!;
    private static X509Certificate2 s_stranger = null!;

    [OneTimeSetUp]
    public static void MakeCertificates()
    {
        s_server = TestCertificates.Create("glue-node.test", server: true);
        s_client = TestCertificates.Create("glue-client.test", server: false);
        s_stranger = TestCertificates.Create("stranger.test", server: false);
    }

    [OneTimeTearDown]
    public static void DisposeCertificates()
    {
        s_server.Dispose();
        s_client.Dispose();
        s_stranger.Dispose();
    }

    [Test]
    public async Task ServerCertificate_PinnedByClient_CallsWorkAndNoClientCertificateIsSeen()
    {
        var seen = new RecordingAuthenticator();
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { Tls = new GlueServerTls(s_server), Authenticator = seen });
        await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions { Tls = Pinned() });

        int sum = await client.GetProxy<INodeProbe>().Add(2, 3);

        Assert.That(sum, Is.EqualTo(5));
        Assert.That(seen.Contexts.Single().ClientCertificate, Is.Null);
    }

    [Test]
    public async Task ServerCertificate_NotTrustedByClient_FailsWithAuthenticationException()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { Tls = new GlueServerTls(s_server) });
        // No validation callback: the system's chain validation refuses a self-signed certificate.
        await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions { Tls = new GlueClientTls { TargetHost = "glue-node.test" } });

        GlueAuthenticationException? error = await Assert.ThrowsAsync<GlueAuthenticationException>(async () => await client.GetProxy<INodeProbe>().Whoami().WaitAsync(s_guard));

        Assert.That(error!.Message, Does.Contain("TLS"));
    }

    [Test]
    public async Task PlainClient_TlsServer_FailsWithConnectionException()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { Tls = new GlueServerTls(s_server), HandshakeTimeout = TimeSpan.FromSeconds(2) });
        await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions { ConnectTimeout = TimeSpan.FromSeconds(5) });

        await Assert.ThrowsAsync(Is.InstanceOf<GlueConnectionException>(), async () => await client.GetProxy<INodeProbe>().Whoami().WaitAsync(s_guard));
        Assert.That(nodes.Server(0).ConnectionCount, Is.Zero);
    }

    [Test]
    public async Task MutualTls_ClientWithAcceptedCertificate_CallsWorkAndTheAuthenticatorSeesIt()
    {
        var seen = new RecordingAuthenticator();
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { Tls = MutualTls(), Authenticator = seen });
        await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions { Tls = Pinned() with { ClientCertificate = s_client } });

        Assert.That(await client.GetProxy<INodeProbe>().Add(20, 22), Is.EqualTo(42));

        Assert.That(seen.Contexts.Single().ClientCertificate?.Thumbprint, Is.EqualTo(s_client.Thumbprint));
    }

    [Test]
    public async Task MutualTls_ClientWithoutCertificate_IsRefused()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { Tls = MutualTls() });
        await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions { Tls = Pinned() });

        await Assert.ThrowsAsync(Is.InstanceOf<GlueConnectionException>(), async () => await client.GetProxy<INodeProbe>().Whoami().WaitAsync(s_guard));
        Assert.That(nodes.Server(0).ConnectionCount, Is.Zero);
    }

    [Test]
    public async Task MutualTls_ClientWithUnknownCertificate_IsRefused()
    {
        await using ClusterNodes nodes = await ClusterNodes.StartAsync(1, (_, o) => o with { Tls = MutualTls() });
        await using var client = new GlueClient(nodes.EndPoints[0], new GlueClientOptions { Tls = Pinned() with { ClientCertificate = s_stranger } });

        await Assert.ThrowsAsync(Is.InstanceOf<GlueConnectionException>(), async () => await client.GetProxy<INodeProbe>().Whoami().WaitAsync(s_guard));
        Assert.That(nodes.Server(0).ConnectionCount, Is.Zero);
    }

    /// <summary>Trusts exactly the test's server certificate (pinning by thumbprint), whatever the chain says.</summary>
    private static GlueClientTls Pinned() => new()
    {
        TargetHost = "glue-node.test",
        ServerCertificateValidation = (_, certificate, _, _) => certificate is not null && certificate.GetCertHashString() == s_server.Thumbprint,
    };

    private static GlueServerTls MutualTls() => new(s_server)
    {
        RequireClientCertificate = true,
        ClientCertificateValidation = (_, certificate, _, _) => certificate is not null && certificate.GetCertHashString() == s_client.Thumbprint,
    };

    private sealed class RecordingAuthenticator : IGlueAuthenticator
    {
        private readonly List<GlueAuthContext> _contexts = new();

        public IReadOnlyList<GlueAuthContext> Contexts
        {
            get
            {
                lock (_contexts)
                {
                    return _contexts.ToArray();
                }
            }
        }

        public ValueTask<bool> AuthenticateAsync(GlueAuthContext context, CancellationToken cancellationToken)
        {
            lock (_contexts)
            {
                _contexts.Add(context);
            }
            return ValueTask.FromResult(true);
        }
    }
}
