using System.Globalization;
using System.Net;
using System.Net.Sockets;
using NFX.Glue;

namespace NFX.Perf.Soak;

/// <summary>
/// A server node of the soak run, in its own process (<c>NFX.Slim.Perf soak-node PORT LOG SAMPLE_SECONDS</c>): a Glue
/// server on a fixed loopback port (a restarted node comes back where the clients expect it), printing
/// <c>READY</c>, then memory samples, until stdin closes. The coordinator kills it without warning.
/// </summary>
public static class SoakNode
{
    /// <summary>The command-line verb.</summary>
    public const string Verb = "soak-node";

    /// <summary>The line printed once the node accepts connections.</summary>
    public const string Ready = "READY";

    /// <summary>How long a peer has to complete its Hello: short, so hostile connections are dropped quickly.</summary>
    public static readonly TimeSpan HandshakeTimeout = TimeSpan.FromSeconds(2);

    /// <summary>Runs the node.</summary>
    public static int Run(string[] args)
    {
        int port = int.Parse(args[0], CultureInfo.InvariantCulture);
        string logPath = args[1];
        var sampleEvery = TimeSpan.FromSeconds(double.Parse(args[2], CultureInfo.InvariantCulture));
        using var service = new SoakService(logPath);
        var options = new GlueServerOptions
        {
            EndPoint = new IPEndPoint(IPAddress.Loopback, port), HandshakeTimeout = HandshakeTimeout, ShutdownTimeout = TimeSpan.Zero,
            HeartbeatInterval = TimeSpan.FromSeconds(1), HeartbeatTimeout = TimeSpan.FromSeconds(4),
        };
        GlueServer server = StartWithRetry(options, service);
        Console.Out.WriteLine(Ready);
        Console.Out.Flush();
        using var stop = new CancellationTokenSource();
        Task sampler = SoakSampler.RunAsync(sampleEvery, Console.Out, stop.Token);
        while (Console.In.ReadLine() is string line && line != "exit")
        {
        }
        stop.Cancel();
        sampler.GetAwaiter().GetResult();
        server.DisposeAsync().AsTask().GetAwaiter().GetResult();
        return 0;
    }

    /// <summary>The port of a killed node may still be held for a moment; retry the bind for a few seconds.</summary>
    private static GlueServer StartWithRetry(GlueServerOptions options, SoakService service)
    {
        for (int attempt = 0; ; attempt++)
        {
            var server = new GlueServer(options);
            server.Host<ISoakService>(service);
            try
            {
                server.StartAsync().GetAwaiter().GetResult();
                return server;
            }
            catch (SocketException) when (attempt < 50)
            {
                server.DisposeAsync().AsTask().GetAwaiter().GetResult();
                Thread.Sleep(200);
            }
        }
    }
}
