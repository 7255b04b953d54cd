using System.IO.Pipelines;
using System.Net;

namespace NFX.Glue.Transport;

/// <summary>In-memory duplex link (two pipes), for tests and in-process hosting: the same frames as TCP, no socket.</summary>
internal sealed class PipeTransport : GlueTransport
{
    private PipeTransport(PipeReader input, PipeWriter output)
    {
        Input = input;
        Output = output;
    }

    public override PipeReader Input { get; }

    public override PipeWriter Output { get; }

    public override EndPoint? RemoteEndPoint => null;

    /// <summary>Two connected ends: what one writes, the other reads.</summary>
    public static (PipeTransport A, PipeTransport B) CreatePair()
    {
        var options = new PipeOptions(useSynchronizationContext: false);
        var aToB = new Pipe(options);
        var bToA = new Pipe(options);
        return (new PipeTransport(bToA.Reader, aToB.Writer), new PipeTransport(aToB.Reader, bToA.Writer));
    }

    public override void Abort()
    {
        Input.CancelPendingRead();
        Output.CancelPendingFlush();
    }
}
