using System.Reflection;
using Akka.Actor;
using Akka.Configuration;

// The other process of the Akka rolling-upgrade tests. It loads one release of the message assembly from a path and
// runs an actor system on Slim with tolerant layouts, on a loopback port it picks:
//   server <dto.dll>:          hosts the release's Desk at /user/desk, prints "address <address>", runs until stdin closes.
//   client <dto.dll> <path>:   runs the release's Scenario against the desk at <path>, prints its verdict ("ok" or what
//                              differed); exit code 0 only for "ok".
if (args.Length is < 2 or > 3 || args[0] is not ("server" or "client"))
{
    Console.Error.WriteLine("usage: server <dto.dll> | client <dto.dll> <desk path>");
    return 2;
}
Assembly dto = Assembly.LoadFrom(Path.GetFullPath(args[1]));
Config config = ConfigurationFactory.ParseString("""
    akka.loglevel = WARNING
    akka.actor.provider = remote
    akka.actor.serializers { slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka", json = "NFX.Slim.Akka.ClosedJsonSerializer, NFX.Slim.Akka" }
    akka.actor.serialization-bindings { "System.Object" = slim }
    akka.actor.serialization-settings.slim { allowed-namespaces = ["AkkaUpgrade"], versioning = tolerant }
    akka.remote.dot-netty.tcp { hostname = 127.0.0.1, port = 0 }
    """);
using ActorSystem system = ActorSystem.Create("upgrade", config);
if (args[0] == "server")
{
    system.ActorOf(Props.Create(dto.GetType("AkkaUpgrade.Desk", throwOnError: true)!), "desk");
    Console.WriteLine($"address {((ExtendedActorSystem)system).Provider.DefaultAddress}");
    Console.Out.Flush();
    await Console.In.ReadToEndAsync();
    await system.Terminate();
    return 0;
}
IActorRef desk = await system.ActorSelection(args[2]).ResolveOne(TimeSpan.FromSeconds(60));
var run = (Task<string>)dto.GetType("AkkaUpgrade.Scenario", throwOnError: true)!.GetMethod("Run")!.Invoke(null, [desk])!;
string verdict = await run;
Console.WriteLine(verdict);
await system.Terminate();
return verdict == "ok" ? 0 : 1;
