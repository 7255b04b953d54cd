using System.Runtime.Serialization;
using Akka.Actor;
using Akka.Configuration;
using Akka.Serialization;

namespace NFX.Slim.Akka;

/// <summary>
/// Takes the place of Akka's JSON serializer (id 1, <c>NewtonSoftJsonSerializer</c>, which creates whatever type the
/// bytes name) on a node that runs Slim: the sender of a message picks the serializer id it is read with, so while id 1
/// stays registered, any node that can reach this one can bypass Slim's policy. Register it under Akka's name for the
/// JSON serializer, <c>akka.actor.serializers.json = "NFX.Slim.Akka.ClosedJsonSerializer, NFX.Slim.Akka"</c>
/// (<see cref="SlimAkkaHostingExtensions.WithSlimSerializer"/> does it): a message under id 1 is then dropped with a
/// <see cref="SerializationException"/> (the association stays) and nothing is written with it.
/// </summary>
/// <remarks>
/// Akka serializes nothing of its own with id 1 once <c>System.Object</c> is bound to Slim (its system, remoting and
/// cluster messages have serializers of their own). Data written with JSON earlier (a journal's events) needs id 1 open:
/// opt in with <c>akka.actor.serialization-settings.slim.allow-json-serializer = on</c> and keep Akka's line.
/// </remarks>
public sealed class ClosedJsonSerializer : Serializer
{
    /// <summary>Akka's identifier of its JSON serializer, which this one takes over.</summary>
    public const int JsonIdentifier = 1;

    /// <summary>The line that closes the JSON serializer, for error messages and the docs.</summary>
    public const string HoconLine = "akka.actor.serializers.json = \"NFX.Slim.Akka.ClosedJsonSerializer, NFX.Slim.Akka\"";

    /// <summary>Created by Akka for <c>akka.actor.serializers.json</c>.</summary>
    public ClosedJsonSerializer(ExtendedActorSystem system) : base(system)
    {
    }

    /// <summary>Created by Akka for <c>akka.actor.serializers.json</c> with its settings section (which it ignores).</summary>
    public ClosedJsonSerializer(ExtendedActorSystem system, Config config) : base(system)
    {
    }

    /// <inheritdoc/>
    public override int Identifier => JsonIdentifier;

    /// <inheritdoc/>
    public override bool IncludeManifest => true;

    /// <summary>Refuses: nothing is written with the closed JSON serializer.</summary>
    /// <exception cref="SerializationException">Always.</exception>
    public override byte[] ToBinary(object obj) => throw new SerializationException(
        $"Akka's JSON serializer is closed on this node (Slim replaced it), so a '{obj?.GetType().ToString() ?? "null"}' cannot be written with it: " +
        $"bind the type to slim, or opt in with {SlimAkkaOptions.ConfigPath}.allow-json-serializer = on and Akka's own json line.");

    /// <summary>Refuses: a message under id 1 is dropped (the association stays).</summary>
    /// <exception cref="SerializationException">Always.</exception>
    public override object FromBinary(byte[] bytes, Type type) => throw new SerializationException(
        $"A message of {bytes?.Length ?? 0} bytes came under serializer id {JsonIdentifier} (Akka's JSON serializer), which Slim closed on " +
        $"this node: JSON creates any type the bytes name. Messages between nodes that run Slim come under id {SlimAkkaSerializer.SerializerIdentifier}; " +
        $"to read JSON data (a journal written before the switch), set {SlimAkkaOptions.ConfigPath}.allow-json-serializer = on.");

    /// <summary>
    /// Throws when the system's HOCON still registers Akka's JSON serializer and the settings do not opt in: a node
    /// configured for Slim must not start with that door open.
    /// </summary>
    internal static void RequireClosed(ExtendedActorSystem system, SlimAkkaOptions options)
    {
        if (options.AllowJsonSerializer)
        {
            return;
        }
        Config config = system.Settings.Config;
        string? json = config.HasPath("akka.actor.serializers.json") ? config.GetString("akka.actor.serializers.json", null) : null;
        if (string.IsNullOrWhiteSpace(json) || Type.GetType(json, throwOnError: false) is not { } type || type == typeof(ClosedJsonSerializer))
        {
            return;
        }
        throw new ConfigurationException(
            $"Slim is configured, but akka.actor.serializers.json is still '{json}': any node that reaches this one could send a message under " +
            $"id {JsonIdentifier} and have it read by that serializer instead of Slim. Close it with {HoconLine}, or, to read data written " +
            $"with JSON, opt in with {SlimAkkaOptions.ConfigPath}.allow-json-serializer = on (docs/akka.md, \"The JSON serializer\").");
    }
}
