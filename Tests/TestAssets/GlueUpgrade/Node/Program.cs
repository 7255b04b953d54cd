using System.Globalization;
using System.Net;
using System.Reflection;
using NFX.Glue;

// The other process of the rolling-upgrade tests. It loads one release of the DTO assembly from a path:
//   client <dto.dll> <port>: calls the server through the release's contract and prints the release's scenario verdict
//                            ("ok" or what differed); exit code 0 only for "ok".
//   server <dto.dll>:        hosts the release's service on a loopback port, prints "port N", serves until stdin closes.
if (args.Length == 3 && args[0] == "client")
{
    Assembly dto = Assembly.LoadFrom(Path.GetFullPath(args[1]));
    Type contract = dto.GetType("Upgrade.IOrders", throwOnError: true)!;
    await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, int.Parse(args[2], CultureInfo.InvariantCulture)));
    object proxy = typeof(GlueClient).GetMethod(nameof(GlueClient.GetProxy), Type.EmptyTypes)!.MakeGenericMethod(contract).Invoke(client, null)!;
    var run = (Task<string>)dto.GetType("Upgrade.Scenario", throwOnError: true)!.GetMethod("Run")!.Invoke(null, [proxy])!;
    string verdict = await run;
    Console.WriteLine(verdict);
    return verdict == "ok" ? 0 : 1;
}
if (args.Length == 2 && args[0] == "server")
{
    Assembly dto = Assembly.LoadFrom(Path.GetFullPath(args[1]));
    Type contract = dto.GetType("Upgrade.IOrders", throwOnError: true)!;
    object service = Activator.CreateInstance(dto.GetType("Upgrade.Service", throwOnError: true)!)!;
    await using var server = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) });
    MethodInfo host = typeof(GlueServer).GetMethods().Single(m => m.Name == nameof(GlueServer.Host) && m.GetParameters()[0].ParameterType.IsGenericParameter);
    host.MakeGenericMethod(contract).Invoke(server, [service]);
    await server.StartAsync();
    Console.WriteLine($"port {server.LocalEndPoint!.Port}");
    Console.Out.Flush();
    // The test closes stdin when it is done (or dies): either way the server stops.
    await Console.In.ReadToEndAsync();
    return 0;
}
Console.Error.WriteLine("usage: client <dto.dll> <port> | server <dto.dll>");
return 2;
