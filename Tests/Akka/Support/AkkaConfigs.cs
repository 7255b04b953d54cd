using Akka.Actor;
using Akka.Configuration;

namespace NFX.Tests.Akka.Support;

/// <summary>The HOCON of the test systems: Slim bound to every message, every message through it (serialize-messages).</summary>
public static class AkkaConfigs
{
    /// <summary>What a user writes: the two lines that make Slim the serializer, and the application's namespace allowed.</summary>
    public const string Slim = """
        akka.actor {
          serializers {
            slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka"
            # Akka's JSON serializer (id 1) closed: the sender picks the id a message is read with.
            json = "NFX.Slim.Akka.ClosedJsonSerializer, NFX.Slim.Akka"
          }
          serialization-bindings {
            "System.Object" = slim
            # Akka.Remote binds these two to its own serializer, which loses exceptions without an ISerializable constructor.
            "Akka.Actor.Status+Failure, Akka" = slim
            "Akka.Actor.Status+Success, Akka" = slim
          }
          serialization-settings.slim { allowed-namespaces = ["NFX.Tests.Akka"] }
        }
        """;

    private const string Common = """
        akka.loglevel = WARNING
        akka.stdout-loglevel = WARNING
        akka.actor.serialize-messages = on
        akka.actor.ask-timeout = 60s
        akka.log-dead-letters = off
        akka.log-dead-letters-during-shutdown = off
        """;

    /// <summary>
    /// Akka.Remote over DotNetty TCP on 127.0.0.1, a port the system picks, frames big enough for a million-node message.
    /// </summary>
    public const string Remote = """
        akka.actor.provider = remote
        akka.remote.dot-netty.tcp {
          hostname = 127.0.0.1
          port = 0
          maximum-frame-size = 67108864b
          send-buffer-size = 8388608b
          receive-buffer-size = 8388608b
        }
        """;

    public const string Cluster = """
        akka.actor.provider = cluster
        akka.remote.dot-netty.tcp { hostname = 127.0.0.1, port = 0, maximum-frame-size = 8388608b }
        akka.cluster.gossip-interval = 200ms
        akka.cluster.leader-actions-interval = 200ms
        akka.cluster.pub-sub.gossip-interval = 200ms
        """;

    public static Config Of(params string[] parts) =>
        ConfigurationFactory.ParseString(string.Join('\n', parts.Prepend(Slim).Prepend(Common)));

    public static ActorSystem Local(string name, string extra = "") => ActorSystem.Create(name, Of(extra));

    public static ActorSystem Remoting(string name, string extra = "") => ActorSystem.Create(name, Of(Remote, extra));

    /// <summary>The address a remote system listens on (its port picked at start).</summary>
    public static Address AddressOf(ActorSystem system) => ((ExtendedActorSystem)system).Provider.DefaultAddress;
}

/// <summary>The serializer a system reads an id with (Akka's lookup by id is internal in 1.5.74).</summary>
public static class SerializerIds
{
    public static global::Akka.Serialization.Serializer Of(ActorSystem system, int id) =>
        (global::Akka.Serialization.Serializer)typeof(global::Akka.Serialization.Serialization)
            .GetMethod("GetSerializerById", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic)!
            .Invoke(system.Serialization, [id])!;
}
