using System.IO.Pipelines;
using System.Net;
using System.Security.Cryptography.X509Certificates;

namespace NFX.Glue.Transport;

/// <summary>
/// A byte pipe to one peer. The connection's loops own <see cref="IDuplexPipe.Input"/> and
/// <see cref="IDuplexPipe.Output"/> and complete them when they end; <see cref="Abort"/> only wakes them up.
/// </summary>
internal abstract class GlueTransport : IDuplexPipe
{
    public abstract PipeReader Input { get; }

    public abstract PipeWriter Output { get; }

    public abstract EndPoint? RemoteEndPoint { get; }

    /// <summary>The certificate the peer presented in the TLS handshake (null without TLS or without one).</summary>
    public virtual X509Certificate2? RemoteCertificate => null;

    /// <summary>Tears the link down so pending reads and writes end at once; idempotent.</summary>
    public abstract void Abort();
}
