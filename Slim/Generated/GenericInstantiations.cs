using System.Collections.Concurrent;
using NFX.Slim.Codecs.Collections;

namespace NFX.Slim.Generated;

/// <summary>
/// The closed generic codecs (arrays, enums, collections, boxed structs) generated code registered, each as a factory
/// compiled with the program: a codec cache takes one from here before it makes the generic type by reflection, which a
/// NativeAOT app cannot do for an instantiation it was not compiled with. Also the closed types themselves, so a reader
/// resolves a generic or array type name without making the type.
/// </summary>
internal static class GenericInstantiations
{
    private static readonly ConcurrentDictionary<Type, CollectionCodecs.Factory> s_factories = new();
    private static readonly ConcurrentDictionary<(Type Definition, Type[] Arguments), Type> s_generics = new(GenericKeyComparer.Instance);
    private static readonly ConcurrentDictionary<(Type Element, int Rank), Type> s_arrays = new();

    /// <summary>Registers the factory of <paramref name="type"/>'s codec; the first registration stays.</summary>
    public static void Add(Type type, CollectionCodecs.Factory factory)
    {
        s_factories.TryAdd(type, factory);
        Name(type);
    }

    /// <summary>Registers <paramref name="type"/> (and the generic and array types inside it) for name resolution.</summary>
    public static void Name(Type type)
    {
        if (type.IsArray)
        {
            s_arrays.TryAdd((type.GetElementType()!, type.IsSZArray ? 0 : type.GetArrayRank()), type);
            Name(type.GetElementType()!);
        }
        else if (type.IsConstructedGenericType)
        {
            Type[] arguments = type.GetGenericArguments();
            Type definition = type.GetGenericTypeDefinition();
            s_generics.TryAdd((definition, arguments), type);
            // The definition's name too: a native app's metadata need not list it (a ValueTuple`3 of the core library),
            // and the reader resolves the definition's name before it looks for the closed type here.
            SlimGeneratedCodecs.RegisterTypes(definition);
            foreach (Type argument in arguments)
            {
                Name(argument);
            }
        }
    }

    /// <summary>The registered factory of <paramref name="type"/>'s codec.</summary>
    public static bool TryGetFactory(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out CollectionCodecs.Factory? factory)
    {
        SlimGeneratedCodecs.EnsureTypesAndInstantiations();
        return s_factories.TryGetValue(type, out factory);
    }

    /// <summary>A registered closed generic type, or null.</summary>
    public static Type? FindGeneric(Type definition, Type[] arguments)
    {
        SlimGeneratedCodecs.EnsureTypesAndInstantiations();
        return s_generics.TryGetValue((definition, arguments), out Type? type) ? type : null;
    }

    /// <summary>A registered array type (<paramref name="rank"/> 0: single-dimensional, zero-based), or null.</summary>
    public static Type? FindArray(Type element, int rank)
    {
        SlimGeneratedCodecs.EnsureTypesAndInstantiations();
        return s_arrays.TryGetValue((element, rank), out Type? type) ? type : null;
    }

    private sealed class GenericKeyComparer : IEqualityComparer<(Type Definition, Type[] Arguments)>
    {
        public static readonly GenericKeyComparer Instance = new();

        public bool Equals((Type Definition, Type[] Arguments) x, (Type Definition, Type[] Arguments) y) =>
            x.Definition == y.Definition && x.Arguments.AsSpan().SequenceEqual(y.Arguments);

        public int GetHashCode((Type Definition, Type[] Arguments) key)
        {
            var hash = new HashCode();
            hash.Add(key.Definition);
            foreach (Type argument in key.Arguments)
            {
                hash.Add(argument);
            }
            return hash.ToHashCode();
        }
    }
}
