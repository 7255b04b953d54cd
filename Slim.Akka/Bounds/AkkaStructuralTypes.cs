using System.Reflection;
using Akka.Actor;
using Akka.Util;

namespace NFX.Slim.Akka;

/// <summary>
/// Which of Akka's classes compare, hash or print the objects they hold (<see cref="SlimOptions.StructuralTypes"/>):
/// the plugin admits all of namespace <c>Akka</c>, and many of its messages override <c>Equals</c>, <c>GetHashCode</c>
/// or <c>ToString</c> over their fields (an <see cref="Identify"/> hashes its <c>MessageId</c>, an
/// <see cref="ActorIdentity"/> prints it), so an <c>Identify</c> whose id is itself overflows the stack of the first
/// hash set or dead-letter log that meets it. Declared structural, such a cycle or a chain deeper than
/// <see cref="SlimLimits.MaxStructuralDepth"/> is refused before any code runs.
/// <para>
/// Not declared: the values the plugin's surrogates make (actor references, paths, addresses, configs, and every
/// <see cref="ISurrogated"/> value, made from a nested message checked on its own), which hold nothing of the outer
/// message and whose fields reach into the actor system.
/// </para>
/// </summary>
internal static class AkkaStructuralTypes
{
    private static readonly Type[] s_made = [typeof(IActorRef), typeof(ActorPath), typeof(Address), typeof(ISurrogated)];

    public static bool Follows(Type type)
    {
        if (!type.IsClass || type.Namespace is not { } ns || !(ns == "Akka" || ns.StartsWith("Akka.", StringComparison.Ordinal)) ||
            ns == "Akka.Configuration" || ns.StartsWith("Akka.Configuration.", StringComparison.Ordinal))
        {
            return false;
        }
        foreach (Type made in s_made)
        {
            if (made.IsAssignableFrom(type))
            {
                return false;
            }
        }
        return Overrides(type, nameof(Equals), [typeof(object)]) || Overrides(type, nameof(GetHashCode), Type.EmptyTypes) ||
               Overrides(type, nameof(ToString), Type.EmptyTypes) || typeof(IComparable).IsAssignableFrom(type) ||
               type.GetInterfaces().Any(i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IComparable<>));
    }

    private static bool Overrides(Type type, string name, Type[] parameters) =>
        type.GetMethod(name, BindingFlags.Public | BindingFlags.Instance, parameters) is { } method && method.DeclaringType != typeof(object);
}
