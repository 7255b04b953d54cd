using System.Globalization;
using System.Net;
using NFX.Glue;
using NFX.Tests.RetryProbe;

// server <port> [hold]: serves IRetryProbe on 127.0.0.1:<port> (0: any free port), prints "listening <port>", then
// "run <method> <id>" for every execution as it starts (flushed at once: the parent counts executions across a kill).
// With "hold", calls never answer. Also hosts IHostileTarget, the contract the Glue survival tests attack. Exits when its standard input closes (the parent ended), so no process is left behind.
if (args.Length < 2 || args[0] != "server" || !int.TryParse(args[1], NumberStyles.None, CultureInfo.InvariantCulture, out int port))
{
    Console.Error.WriteLine("usage: server <port> [hold]");
    return 2;
}
var output = new object();
void Report(string line)
{
    lock (output)
    {
        Console.Out.WriteLine(line);
        Console.Out.Flush();
    }
}
var service = new RetryProbeService(Report);
if (args.Length > 2 && args[2] == "hold")
{
    service.HoldCalls();
}
await using var server = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, port) });
server.Host<IRetryProbe>(service);
server.Host<IHostileTarget>(new HostileTargetService());
await server.StartAsync();
Report($"listening {((IPEndPoint)server.LocalEndPoint!).Port.ToString(CultureInfo.InvariantCulture)}");
await Console.In.ReadToEndAsync();
return 0;
