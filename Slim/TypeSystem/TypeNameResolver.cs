using System.Collections.Concurrent;
using System.Reflection;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// Resolves a (full name, assembly simple name) pair from the wire to a type among the assemblies already loaded
/// in the process. It never loads an assembly: a name that is not already loaded fails closed.
/// </summary>
internal sealed class TypeNameResolver
{
    private readonly ConcurrentDictionary<(string Assembly, string Name), Type?> _cache = new();
    private readonly ConcurrentDictionary<GenericKey, Type> _generics = new();
    private readonly ConcurrentDictionary<(Type Element, byte Rank), Type> _arrays = new();

    /// <summary>The constructed generic type, built once (MakeGenericType is slow and allocates).</summary>
    /// <exception cref="ArgumentException">The arguments violate the definition's constraints.</exception>
    public Type MakeGeneric(Type definition, Type[] arguments)
    {
        var key = new GenericKey(definition, arguments);
        return _generics.TryGetValue(key, out Type? type) ? type : _generics.GetOrAdd(key, static k => k.Definition.MakeGenericType(k.Arguments));
    }

    /// <summary>The array type, built once: rank 0 is a zero-based vector.</summary>
    public Type MakeArray(Type element, byte rank) =>
        _arrays.TryGetValue((element, rank), out Type? type)
            ? type
            : _arrays.GetOrAdd((element, rank), static k => k.Rank == 0 ? k.Element.MakeArrayType() : k.Element.MakeArrayType(k.Rank));

    private readonly struct GenericKey(Type definition, Type[] arguments) : IEquatable<GenericKey>
    {
        public Type Definition { get; } = definition;
        public Type[] Arguments { get; } = arguments;

        public bool Equals(GenericKey other) => Definition == other.Definition && Arguments.AsSpan().SequenceEqual(other.Arguments);

        public override bool Equals(object? obj) => obj is GenericKey other && Equals(other);

        public override int GetHashCode()
        {
            var hash = new HashCode();
            hash.Add(Definition);
            foreach (Type argument in Arguments)
            {
                hash.Add(argument);
            }
            return hash.ToHashCode();
        }
    }

    public Type? Resolve(string assemblyName, string fullName)
    {
        if (_cache.TryGetValue((assemblyName, fullName), out Type? cached))
        {
            return cached;
        }
        Type? type = ResolveUncached(assemblyName, fullName);
        if (type is not null)
        {
            // Only successes are cached, so a later-loaded assembly is still found; failures cost a scan each time.
            _cache.TryAdd((assemblyName, fullName), type);
        }
        return type;
    }

    private static Type? ResolveUncached(string assemblyName, string fullName)
    {
        if (!IsPlainTypeName(fullName))
        {
            return null;
        }
        foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
        {
            if (assembly.IsDynamic || !string.Equals(assembly.GetName().Name, assemblyName, StringComparison.Ordinal))
            {
                continue;
            }
            Type? type = assembly.GetType(fullName, throwOnError: false, ignoreCase: false);
            // A forwarded name would resolve into another assembly: the wire always names the defining one.
            if (type is not null && type.Assembly == assembly && !type.IsConstructedGenericType && !type.HasElementType)
            {
                return type;
            }
        }
        return null;
    }

    /// <summary>
    /// Names on the wire are plain full names: no assembly qualification, generic arguments, array or pointer suffixes
    /// (those are separate entries), so the reflection name parser is never handed anything but a dotted name.
    /// </summary>
    private static bool IsPlainTypeName(string name)
    {
        if (name.Length == 0 || name.Length > 1024)
        {
            return false;
        }
        foreach (char c in name)
        {
            if (c is '[' or ']' or ',' or '*' or '&' or '\\' or '"' or '\'' or '\0')
            {
                return false;
            }
        }
        return true;
    }
}
