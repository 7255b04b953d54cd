using System.IO.Pipelines;
using System.Net;

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

    /// <summary>Tears the link down so pending reads and writes end at once; idempotent.</summary>
    public abstract void Abort();
}
