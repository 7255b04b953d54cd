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
    // Reference keys only (by definition, then by arguments; vectors by element): a value-tuple key is a ConcurrentDictionary
    // instantiation the JIT compiles at a fresh process's first call, reference keys share precompiled code. The
    // multi-dimensional arrays, which few programs have, are made on their first registration.
    private static readonly ConcurrentDictionary<Type, ConcurrentDictionary<Type[], Type>> s_generics = new();
    private static readonly ConcurrentDictionary<Type, Type> s_vectors = new();
    private static ConcurrentDictionary<(Type Element, int Rank), Type>? s_multiArrays;

    // Types registered with a factory whose names are not registered yet: named at the first generic or array name a
    // reader resolves (naming one, its definition and arguments, was ~1 ms of a fresh process's first generic codec).
    private static readonly ConcurrentQueue<Type> s_unnamed = new();
    private static int s_unnamedCount;

    /// <summary>Registers the factory of <paramref name="type"/>'s codec (its name at the first name lookup); the first registration stays.</summary>
    public static void Add(Type type, CollectionCodecs.Factory factory)
    {
        if (s_factories.TryAdd(type, factory))
        {
            Interlocked.Increment(ref s_unnamedCount);
            s_unnamed.Enqueue(type);
        }
    }

    /// <summary>True while a type added with a factory is not named yet.</summary>
    internal static bool HasUnnamed => Volatile.Read(ref s_unnamedCount) != 0;

    /// <summary>Registers the names of the types added with a factory since the last call (under the registering lock, so a lookup after it sees them all).</summary>
    internal static void NameAdded()
    {
        while (Volatile.Read(ref s_unnamedCount) != 0 && s_unnamed.TryDequeue(out Type? type))
        {
            Name(type);
            Interlocked.Decrement(ref s_unnamedCount);
        }
    }

    /// <summary>Registers <paramref name="type"/> (and the generic and array types inside it) for name resolution.</summary>
    public static void Name(Type type)
    {
        if (type.IsArray)
        {
            if (type.IsSZArray)
            {
                s_vectors.TryAdd(type.GetElementType()!, type);
            }
            else
            {
                (s_multiArrays ?? Interlocked.CompareExchange(ref s_multiArrays, new(), null) ?? s_multiArrays!).TryAdd((type.GetElementType()!, type.GetArrayRank()), type);
            }
            Name(type.GetElementType()!);
        }
        else if (type.IsConstructedGenericType)
        {
            Type[] arguments = type.GetGenericArguments();
            Type definition = type.GetGenericTypeDefinition();
            (s_generics.TryGetValue(definition, out ConcurrentDictionary<Type[], Type>? closed)
                ? closed
                : s_generics.GetOrAdd(definition, new ConcurrentDictionary<Type[], Type>(ArgumentsComparer.Instance))).TryAdd(arguments, type);
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
        if (s_factories.TryGetValue(type, out factory))
        {
            return true;
        }
        SlimGeneratedCodecs.EnsureInstantiation(type);
        return s_factories.TryGetValue(type, out factory);
    }

    /// <summary>A registered closed generic type, or null.</summary>
    public static Type? FindGeneric(Type definition, Type[] arguments)
    {
        SlimGeneratedCodecs.EnsureGenericNames();
        return s_generics.TryGetValue(definition, out ConcurrentDictionary<Type[], Type>? closed) && closed.TryGetValue(arguments, out Type? type) ? type : null;
    }

    /// <summary>A registered array type (<paramref name="rank"/> 0: single-dimensional, zero-based), or null.</summary>
    public static Type? FindArray(Type element, int rank)
    {
        SlimGeneratedCodecs.EnsureGenericNames();
        Type? type = null;
        return (rank == 0 ? s_vectors.TryGetValue(element, out type) : s_multiArrays?.TryGetValue((element, rank), out type) == true) ? type : null;
    }

    private sealed class ArgumentsComparer : IEqualityComparer<Type[]>
    {
        public static readonly ArgumentsComparer Instance = new();

        public bool Equals(Type[]? x, Type[]? y) => x.AsSpan().SequenceEqual(y);

        public int GetHashCode(Type[] arguments)
        {
            var hash = new HashCode();
            foreach (Type argument in arguments)
            {
                hash.Add(argument);
            }
            return hash.ToHashCode();
        }
    }
}
