using Akka.Configuration;

namespace NFX.Perf.Akka;

/// <summary>
/// The serializers the Akka.NET benchmark compares, each as the binding of <c>System.Object</c> in an actor system's
/// HOCON: Slim (NFX.Slim.Akka), Hyperion (Akka.Serialization.Hyperion as Akka ships it) and Akka's default
/// (Newtonsoft JSON, nothing to configure).
/// </summary>
public static class AkkaContenders
{
    public const string Slim = "Slim";
    public const string Hyperion = "Hyperion";
    public const string Json = "Newtonsoft JSON (Akka default)";

    /// <summary>Slim first: ratios are the contender over Slim.</summary>
    public static IReadOnlyList<string> Names { get; } = [Slim, Hyperion, Json];

    /// <summary>The short name used on a child process's command line.</summary>
    public static string Key(string name) => name switch { Slim => "slim", Hyperion => "hyperion", _ => "json" };

    public static string FromKey(string key) => key switch { "slim" => Slim, "hyperion" => Hyperion, "json" => Json, _ => throw new ArgumentException($"unknown contender '{key}'") };

    private static string Serializer(string name) => name switch
    {
        Slim => """
            akka.actor.serializers { slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka", json = "NFX.Slim.Akka.ClosedJsonSerializer, NFX.Slim.Akka" }
            akka.actor.serialization-bindings { "System.Object" = slim, "Akka.Actor.Status+Failure, Akka" = slim, "Akka.Actor.Status+Success, Akka" = slim }
            akka.actor.serialization-settings.slim.allowed-namespaces = ["NFX.Perf"]
            """,
        Hyperion => """
            akka.actor.serializers { hyperion = "Akka.Serialization.HyperionSerializer, Akka.Serialization.Hyperion" }
            akka.actor.serialization-bindings { "System.Object" = hyperion }
            """,
        _ => "",
    };

    /// <summary>An actor system config for <paramref name="name"/>: remoting on a loopback port it picks when <paramref name="remote"/>.</summary>
    public static Config Config(string name, bool remote) => ConfigurationFactory.ParseString(string.Join('\n',
        "akka.loglevel = ERROR",
        "akka.stdout-loglevel = ERROR",
        "akka.log-dead-letters = off",
        remote ? """
            akka.actor.provider = remote
            akka.remote.dot-netty.tcp { hostname = 127.0.0.1, port = 0, maximum-frame-size = 16777216b }
            """ : "",
        Serializer(name)));
}
