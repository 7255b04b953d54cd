using NFX.Slim;

namespace NFX.Slim.Akka;

/// <summary>
/// The settings of <see cref="SlimAkkaSerializer"/>: what the application's messages may contain beyond Slim's default
/// policy and Akka's own types, the limits for bytes from other nodes, and the layout mode. Mirrors the HOCON section
/// <c>akka.actor.serialization-settings.slim</c> key for key (<see cref="FromConfig"/>), for Akka.Hosting users.
/// </summary>
public sealed record SlimAkkaOptions
{
    /// <summary>Default options: Slim's default policy plus Akka's types, default limits, strict layouts.</summary>
    public static SlimAkkaOptions Default { get; } = new();

    /// <summary>
    /// HOCON <c>allowed-assemblies</c>: simple names of assemblies whose types messages may contain (for example
    /// <c>"MyApp.Messages"</c>). Each is loaded when the serializer starts; a name that does not load is an error then.
    /// </summary>
    public IReadOnlyList<string> AllowedAssemblies { get; init; } = [];

    /// <summary>
    /// HOCON <c>allowed-namespaces</c>: namespaces whose types messages may contain, sub-namespaces included
    /// (<c>"MyApp"</c> covers <c>MyApp.Orders</c>, not <c>MyAppX</c>).
    /// </summary>
    public IReadOnlyList<string> AllowedNamespaces { get; init; } = [];

    /// <summary>
    /// HOCON <c>allowed-types</c>: assembly-qualified names of single types (<c>"MyApp.Ping, MyApp"</c>); each must resolve
    /// when the serializer starts. In code, <see cref="AllowTypes"/> takes <see cref="Type"/> objects.
    /// </summary>
    public IReadOnlyList<string> AllowedTypes { get; init; } = [];

    /// <summary>Types allowed exactly, given as <see cref="Type"/> objects (the code-only twin of <see cref="AllowedTypes"/>).</summary>
    public IReadOnlyList<Type> AllowTypes { get; init; } = [];

    /// <summary>
    /// HOCON <c>limits { max-message-bytes, max-objects, max-collection-length, max-string-bytes, max-array-total-elements,
    /// max-depth, max-hash-collisions, max-layout-members }</c>: limits for reading bytes from other nodes. Default:
    /// <see cref="SlimLimits.Default"/>.
    /// </summary>
    public SlimLimits Limits { get; init; } = SlimLimits.Default;

    /// <summary>
    /// HOCON <c>versioning = strict | tolerant</c>. <see cref="SlimVersioning.Tolerant"/> lets nodes of two releases of a
    /// message assembly exchange changed messages (rolling upgrades); readers read both modes.
    /// </summary>
    public SlimVersioning Versioning { get; init; } = SlimVersioning.Strict;

    /// <summary>
    /// HOCON <c>allow-json-serializer = on</c>: keeps Akka's JSON serializer (id 1) open beside Slim, for data written with
    /// it before the switch (a journal's events). Default false: a system created from HOCON that still registers it does
    /// not start (<see cref="ClosedJsonSerializer"/> says how to close it), and
    /// <see cref="SlimAkkaHostingExtensions.WithSlimSerializer"/> closes it.
    /// </summary>
    public bool AllowJsonSerializer { get; init; }

    /// <summary>The HOCON path of the settings, relative to the root of the actor system's config.</summary>
    public const string ConfigPath = "akka.actor.serialization-settings.slim";

    /// <summary>
    /// Reads the section <c>akka.actor.serialization-settings.slim</c> (the config Akka passes to the serializer).
    /// Unknown keys are refused so a misspelled setting does not silently leave a type refused.
    /// </summary>
    /// <exception cref="global::Akka.Configuration.ConfigurationException">An unknown key or a bad value (the message names it).</exception>
    public static SlimAkkaOptions FromConfig(global::Akka.Configuration.Config? config) => SlimAkkaConfig.Read(config);

    /// <summary>The same settings as HOCON for <see cref="ConfigPath"/> (what <see cref="FromConfig"/> reads back).</summary>
    public string ToHocon() => SlimAkkaConfig.Write(this);
}
