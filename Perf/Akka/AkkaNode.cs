using Akka.Actor;

namespace NFX.Perf.Akka;

/// <summary>
/// The ping-pong's other process (<c>akka-node slim|hyperion|json</c>): an actor system with that serializer, an echo
/// actor at /user/echo, its address printed on stdout; it runs until stdin closes.
/// </summary>
public static class AkkaNode
{
    public const string Verb = "akka-node";

    /// <summary>Replies with what it receives (read, then written again: both directions pay the serializer).</summary>
    public sealed class Echo : UntypedActor
    {
        protected override void OnReceive(object message) => Sender.Tell(message);
    }

    public static int Run(string[] args)
    {
        string name = AkkaContenders.FromKey(args[0]);
        using ActorSystem system = ActorSystem.Create("pong", AkkaContenders.Config(name, remote: true));
        system.ActorOf(Props.Create<Echo>(), "echo");
        Console.WriteLine($"address {((ExtendedActorSystem)system).Provider.DefaultAddress}");
        Console.Out.Flush();
        Console.In.ReadToEnd();
        system.Terminate().Wait(TimeSpan.FromSeconds(10));
        return 0;
    }
}
