using System.Globalization;
using System.Net;
using System.Reflection;
using NFX.Glue;

// client <DTO assembly path> <port>: loads that release of the DTO assembly, calls the server through its contract and
// prints the release's scenario verdict ("ok" or what differed); exit code 0 only for "ok".
if (args.Length != 3 || args[0] != "client")
{
    Console.Error.WriteLine("usage: client <dto.dll> <port>");
    return 2;
}
Assembly dto = Assembly.LoadFrom(Path.GetFullPath(args[1]));
Type contract = dto.GetType("Upgrade.IOrders", throwOnError: true)!;
await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, int.Parse(args[2], CultureInfo.InvariantCulture)));
object proxy = typeof(GlueClient).GetMethod(nameof(GlueClient.GetProxy), Type.EmptyTypes)!.MakeGenericMethod(contract).Invoke(client, null)!;
var run = (Task<string>)dto.GetType("Upgrade.Scenario", throwOnError: true)!.GetMethod("Run")!.Invoke(null, [proxy])!;
string verdict = await run;
Console.WriteLine(verdict);
return verdict == "ok" ? 0 : 1;
