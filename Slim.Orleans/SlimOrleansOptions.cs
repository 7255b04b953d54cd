using System.Reflection;

namespace NFX.Slim.Orleans;

/// <summary>
/// Settings of Slim's Orleans codec, copier and grain storage serializer, configured through
/// <see cref="SlimSerializerBuilderExtensions.AddSlimSerializer(global::Orleans.Serialization.ISerializerBuilder, Func{Type, bool}?, Action{SlimOrleansOptions}?)"/>
/// (an <c>IOptions&lt;SlimOrleansOptions&gt;</c>).
/// </summary>
/// <remarks>
/// What bytes from another silo or client may contain is Slim's <see cref="TypePolicy"/> (by default
/// <see cref="SlimTypePolicy.Default"/>: primitives, strings, the BCL's safe collections and the runtime's exceptions)
/// widened by <see cref="AllowedNamespaces"/>, <see cref="AllowedAssemblies"/> and <see cref="AllowedTypes"/>. Slim's
/// deny-list applies always. The application's own types therefore need one of these settings on every reading node.
/// </remarks>
public sealed class SlimOrleansOptions
{
    /// <summary>The policy the others widen. Default: <see cref="SlimTypePolicy.Default"/>.</summary>
    public SlimTypePolicy TypePolicy { get; set; } = SlimTypePolicy.Default;

    /// <summary>Namespaces (and their sub-namespaces) whose every type may be read, for example <c>"MyApp.Contracts"</c>.</summary>
    public IList<string> AllowedNamespaces { get; } = new List<string>();

    /// <summary>Assemblies whose every type may be read.</summary>
    public IList<Assembly> AllowedAssemblies { get; } = new List<Assembly>();

    /// <summary>Single types that may be read.</summary>
    public IList<Type> AllowedTypes { get; } = new List<Type>();

    /// <summary>Bounds on what one value from another node may make this node allocate. Default: <see cref="SlimLimits.Default"/>.</summary>
    public SlimLimits Limits { get; set; } = SlimLimits.Default;

    /// <summary>
    /// How values describe type layouts. <see cref="SlimVersioning.Strict"/> (the default) refuses a value written by
    /// another version of a type; <see cref="SlimVersioning.Tolerant"/> maps members by name, for rolling upgrades.
    /// Readers read both.
    /// </summary>
    public SlimVersioning Versioning { get; set; } = SlimVersioning.Strict;

    /// <summary>User serializers and surrogates (<see cref="SlimOptions.Serializers"/>), for example for a type that holds a handle.</summary>
    public IList<ISlimTypeSerializer> Serializers { get; } = new List<ISlimTypeSerializer>();

    /// <summary>The Slim policy these options describe, with Slim's own exceptions admitted (so a refusal reaches the caller).</summary>
    internal SlimTypePolicy BuildPolicy()
    {
        SlimTypePolicy policy = TypePolicy.AllowTypes(SlimErrors.ExceptionTypes);
        foreach (string ns in AllowedNamespaces)
        {
            policy = policy.AllowNamespace(ns);
        }
        foreach (Assembly assembly in AllowedAssemblies)
        {
            policy = policy.AllowAssembly(assembly);
        }
        return AllowedTypes.Count == 0 ? policy : policy.AllowTypes([.. AllowedTypes]);
    }

    /// <summary>A Slim serializer with these settings.</summary>
    internal SlimSerializer CreateSerializer() => new(new SlimOptions
    {
        TypePolicy = BuildPolicy(),
        Limits = Limits,
        Versioning = Versioning,
        Serializers = [.. Serializers],
    });
}
