using System.Reflection;
using Akka.Actor;
using Akka.Configuration;
using Akka.Serialization;
using NFX.Slim;

namespace NFX.Slim.Akka;

/// <summary>
/// Slim as an Akka.NET serializer. Register it with two HOCON lines,
/// <c>akka.actor.serializers { slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka" }</c> and
/// <c>akka.actor.serialization-bindings { "System.Object" = slim }</c>, or with Akka.Hosting's
/// <see cref="SlimAkkaHostingExtensions.WithSlimSerializer"/>; settings under <c>akka.actor.serialization-settings.slim</c>
/// (<see cref="SlimAkkaOptions"/>).
/// </summary>
/// <remarks>
/// <para>
/// <see cref="IncludeManifest"/> is false: a Slim message names its own types (each once per message, Akka's common ones
/// by a fixed handle), and a manifest would only repeat them, in a form Akka resolves with <c>Type.GetType</c> before
/// the serializer could check it against its policy. Every type the bytes name goes through Slim's type policy:
/// Slim's default policy, Akka's own types (namespace <c>Akka</c> and below), and what the settings allow.
/// </para>
/// <para>
/// Akka's types inside messages travel through Slim surrogates: an <see cref="IActorRef"/> as its path with UID,
/// resolved through the provider on read; <see cref="ActorPath"/> and <see cref="Address"/> as text; a HOCON
/// <see cref="Config"/> as text; every other <see cref="global::Akka.Util.ISurrogated"/> type through its surrogate.
/// </para>
/// <para>
/// Errors: a message that cannot be written or read throws <see cref="System.Runtime.Serialization.SerializationException"/>
/// (Akka drops that message and keeps the association), naming the type and the setting that admits it.
/// </para>
/// </remarks>
public sealed class SlimAkkaSerializer : Serializer
{
    /// <summary>This serializer's id in Akka's serializer table (outside Akka's reserved 0-40; "SL" in ASCII).</summary>
    public const int SerializerIdentifier = 0x534C;

    /// <summary>
    /// Types given a fixed handle in every message (never named by text). Part of the plugin's wire format: nodes must
    /// run plugin versions with the same list, so it only grows with a new format.
    /// </summary>
    private static readonly Type[] s_knownTypes =
    [
        typeof(IActorRef), typeof(ActorPath), typeof(Address), typeof(Status.Failure), typeof(Status.Success),
    ];

    private readonly SlimSerializer _slim;

    /// <summary>
    /// Creates the serializer with the settings under <c>akka.actor.serialization-settings.slim</c>, if any (how Akka
    /// creates it from HOCON).
    /// </summary>
    /// <exception cref="ConfigurationException">A bad setting, or Akka's JSON serializer still registered without
    /// <c>allow-json-serializer = on</c> (<see cref="ClosedJsonSerializer"/>).</exception>
    public SlimAkkaSerializer(ExtendedActorSystem system)
        : this(system, SettingsOf(system))
    {
        ClosedJsonSerializer.RequireClosed(system, Options);
    }

    /// <summary>Creates the serializer with <paramref name="config"/>, the section Akka passes (<c>serialization-settings.slim</c>).</summary>
    /// <exception cref="ConfigurationException">As for <see cref="SlimAkkaSerializer(ExtendedActorSystem)"/>.</exception>
    public SlimAkkaSerializer(ExtendedActorSystem system, Config config)
        : this(system, SlimAkkaOptions.FromConfig(config))
    {
        ClosedJsonSerializer.RequireClosed(system, Options);
    }

    /// <summary>
    /// Creates the serializer with <paramref name="options"/> (Akka.Hosting and tests). It does not look at the rest of
    /// the system's serializers: register <see cref="ClosedJsonSerializer"/> beside it, as
    /// <see cref="SlimAkkaHostingExtensions.WithSlimSerializer"/> does.
    /// </summary>
    public SlimAkkaSerializer(ExtendedActorSystem system, SlimAkkaOptions options) : base(system)
    {
        ArgumentNullException.ThrowIfNull(options);
        Options = options;
        var surrogated = new SurrogatedSerializer(system);
        _slim = new SlimSerializer(new SlimOptions
        {
            TypePolicy = PolicyOf(options),
            Limits = options.Limits,
            Versioning = options.Versioning,
            KnownTypes = s_knownTypes,
            StructuralTypes = AkkaStructuralTypes.Follows,
            // IActorRef first: actor references are ISurrogated too, and the first surrogate that fits serves.
            Serializers = [new ActorRefSurrogate(system), new ActorPathSurrogate(), new AddressSerializer(), new ConfigSerializer(), surrogated],
        });
        surrogated.Slim = _slim;
    }

    /// <summary>The settings this serializer runs with.</summary>
    public SlimAkkaOptions Options { get; }

    /// <inheritdoc/>
    public override int Identifier => SerializerIdentifier;

    /// <summary>False: Slim's bytes name their types (see the remarks on <see cref="SlimAkkaSerializer"/>).</summary>
    public override bool IncludeManifest => false;

    /// <inheritdoc/>
    public override byte[] ToBinary(object obj)
    {
        try
        {
            // The one copy Akka's API forces: from Slim's pooled buffer into an array of the exact size.
            return _slim.Serialize(obj);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // Akka's endpoint writer drops a message whose serializer throws SerializationException and tears the
            // association down for anything else: a surrogate's ToSurrogate or an unsupported member costs one message.
            throw SlimAkkaErrors.OnWrite(obj, e);
        }
    }

    /// <inheritdoc/>
    public override object FromBinary(byte[] bytes, Type type)
    {
        object? value;
        try
        {
            value = _slim.Deserialize(bytes);
        }
        // Anything but SerializationException would make Akka tear the association down: hostile bytes must only cost
        // their own message (Slim throws only SlimDeserializationException; this also covers a surrogate's own code).
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            throw SlimAkkaErrors.OnRead(type, e);
        }
        if (type is not null && value is not null && !type.IsInstanceOfType(value))
        {
            throw SlimAkkaErrors.WrongType(type, value);
        }
        return value!;
    }

    /// <summary>The settings under <c>akka.actor.serialization-settings.slim</c> of <paramref name="system"/>, if any.</summary>
    internal static SlimAkkaOptions SettingsOf(ExtendedActorSystem system) =>
        SlimAkkaOptions.FromConfig(system.Settings.Config.HasPath(SlimAkkaOptions.ConfigPath) ? system.Settings.Config.GetConfig(SlimAkkaOptions.ConfigPath) : null);

    private static SlimTypePolicy PolicyOf(SlimAkkaOptions options)
    {
        // Akka's own messages (system messages, remoting and cluster protocol, Status, Props surrogates) and the Type
        // values a Props names (each still checked by this policy, like any type the bytes name).
        SlimTypePolicy policy = SlimTypePolicy.Default.AllowNamespace("Akka").AllowReflectionTypeValues();
        foreach (string name in options.AllowedAssemblies)
        {
            Assembly assembly;
            try
            {
                assembly = Assembly.Load(name);
            }
            catch (Exception e) when (e is FileNotFoundException or FileLoadException or BadImageFormatException or ArgumentException)
            {
                throw new ConfigurationException($"{SlimAkkaOptions.ConfigPath}.allowed-assemblies names '{name}', which does not load: {e.Message}", e);
            }
            policy = policy.AllowAssembly(assembly);
        }
        foreach (string ns in options.AllowedNamespaces)
        {
            policy = policy.AllowNamespace(ns);
        }
        foreach (string name in options.AllowedTypes)
        {
            Type type = Type.GetType(name, throwOnError: false) ?? throw new ConfigurationException(
                $"{SlimAkkaOptions.ConfigPath}.allowed-types names '{name}', which does not resolve; write it as \"Namespace.Type, Assembly\".");
            policy = policy.AllowTypes(type);
        }
        return options.AllowTypes.Count == 0 ? policy : policy.AllowTypes([.. options.AllowTypes]);
    }
}
