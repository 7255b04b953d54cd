using System.Collections.Concurrent;
using System.ComponentModel;

namespace NFX.Slim.Generated;

/// <summary>
/// The generated codecs of the process: each assembly the NFX.Slim source generator ran on registers its registry
/// (<see cref="SlimGeneratedAssembly"/>) from a module initializer, before any of its code runs; a codec is asked of the
/// registries when a serializer first needs its type. Serializers look a class up here before compiling a codec for it.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class SlimGeneratedCodecs
{
    private static readonly ConcurrentDictionary<Type, SlimGeneratedCodec> s_codecs = new();
    // By assembly, then by full name: reference keys share precompiled ConcurrentDictionary code (a value-tuple key is an
    // instantiation the JIT compiles at a fresh process's first call).
    private static readonly ConcurrentDictionary<string, ConcurrentDictionary<string, Type>> s_types = new();
    private static readonly Lock s_registering = new();
    private static SlimGeneratedAssembly[] s_assemblies = [];
    // How many of s_assemblies have registered their type names, and their generic and array names (each in order,
    // under s_registering).
    private static volatile int s_named;
    private static volatile int s_genericNamed;
    // Whether a registry registers its type names by bucket: a process without one never compiles the bucket lookup.
    private static volatile bool s_bucketed;

    /// <summary>Registers an assembly's generated registry; registries are asked in the order they registered.</summary>
    public static void Register(SlimGeneratedAssembly assembly)
    {
        ArgumentNullException.ThrowIfNull(assembly);
        lock (s_registering)
        {
            s_assemblies = [.. s_assemblies, assembly];
            s_bucketed |= assembly.TypeNameBuckets > 0;
        }
    }

    /// <summary>Registers <paramref name="codec"/> for its type; the first codec of a type stays, ahead of any registry's.</summary>
    public static void Register(SlimGeneratedCodec codec)
    {
        ArgumentNullException.ThrowIfNull(codec);
        s_codecs.TryAdd(codec.Type, codec);
    }

    /// <summary>
    /// Has every registry that has not yet done so register its type names (<see cref="SlimGeneratedAssembly.RegisterTypeNames()"/>;
    /// a registry of an earlier generator registers everything there): the first lookup of a type name or a generic codec
    /// needs them; a serializer that only writes classes never does.
    /// </summary>
    internal static void EnsureTypeNames()
    {
        if (s_named == Volatile.Read(ref s_assemblies).Length)
        {
            return;
        }
        lock (s_registering)
        {
            while (s_named < s_assemblies.Length)
            {
                s_assemblies[s_named].RegisterTypeNames();
                s_named++;
            }
        }
    }

    /// <summary>
    /// Has every registry register its type names, then its generic and array type names
    /// (<see cref="SlimGeneratedAssembly.RegisterGenericNames"/>), and names the types registered with a codec since:
    /// the first generic or array name a reader resolves needs them.
    /// </summary>
    internal static void EnsureGenericNames()
    {
        EnsureTypeNames();
        if (s_genericNamed == Volatile.Read(ref s_assemblies).Length && !GenericInstantiations.HasUnnamed)
        {
            return;
        }
        lock (s_registering)
        {
            while (s_genericNamed < s_assemblies.Length)
            {
                s_assemblies[s_genericNamed].RegisterGenericNames();
                s_genericNamed++;
            }
            // The codecs registered one by one (Glue's argument packs, an app's own Register* calls) and per type asked for.
            GenericInstantiations.NameAdded();
        }
    }

    /// <summary>
    /// Has the registries register the closed generic codec of exactly <paramref name="type"/> (asked in the order they
    /// registered, up to the first that has it), after their type names (where a registry of an earlier generator registers
    /// all of its instantiations). Per type asked for: a process pays for the instantiations it uses, not for every one the
    /// generator reached (registering all of Perf's 13 at the first generic codec was ~3 ms of a fresh process's first call).
    /// </summary>
    internal static void EnsureInstantiation(Type type)
    {
        EnsureTypeNames();
        foreach (SlimGeneratedAssembly assembly in Volatile.Read(ref s_assemblies))
        {
            if (assembly.RegisterInstantiation(type))
            {
                return;
            }
        }
    }

    /// <summary>
    /// Registers the types the generator reached in an assembly (its classes, structs and enums), so a reader resolves
    /// their names without scanning the assembly's metadata: the only way to find them in a NativeAOT app, and the
    /// fastest in any app. Only resolution is faster; which names a read admits is still the type policy's decision.
    /// </summary>
    public static void RegisterTypes(params Type[] types)
    {
        ArgumentNullException.ThrowIfNull(types);
        foreach (Type type in types)
        {
            if (TypeSystem.TypeNames.AssemblyName(type) is { Length: > 0 } assembly && type.FullName is { } name)
            {
                (s_types.TryGetValue(assembly, out ConcurrentDictionary<string, Type>? named)
                    ? named
                    : s_types.GetOrAdd(assembly, new ConcurrentDictionary<string, Type>())).TryAdd(name, type);
            }
        }
    }

    /// <summary>
    /// Has every registry that registers its type names by bucket register the bucket of <paramref name="fullName"/>, if
    /// it has not yet.
    /// </summary>
    private static void EnsureTypeNames(string fullName)
    {
        foreach (SlimGeneratedAssembly assembly in Volatile.Read(ref s_assemblies))
        {
            int buckets = assembly.TypeNameBuckets;
            if (buckets <= 0)
            {
                continue;
            }
            int bucket = NameBucket(fullName, buckets);
            if (Volatile.Read(ref assembly.NamedBuckets) is { } named && Volatile.Read(ref named[bucket]))
            {
                continue;
            }
            lock (s_registering)
            {
                named = assembly.NamedBuckets ??= new bool[buckets];
                if (!named[bucket])
                {
                    assembly.RegisterTypeNames(bucket);
                    Volatile.Write(ref named[bucket], true);
                }
            }
        }
    }

    /// <summary>
    /// The bucket of a type's full name (<see cref="Type.FullName"/>) among <paramref name="buckets"/>, as the generator
    /// computed it for the types of a registry: FNV-1a (32 bits) over the name's UTF-16 code units, modulo the count;
    /// -1 for a null name (not for generated code's callers).
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static int NameBucket(string? fullName, int buckets)
    {
        if (fullName is null)
        {
            return -1;
        }
        uint hash = 2166136261;
        foreach (char c in fullName)
        {
            hash = (hash ^ c) * 16777619;
        }
        return (int)(hash % (uint)buckets);
    }

    /// <summary>A type registered by <see cref="RegisterTypes"/> under its assembly's simple name and full name.</summary>
    internal static Type? FindType(string assembly, string fullName)
    {
        EnsureTypeNames();
        if (s_bucketed)
        {
            EnsureTypeNames(fullName);
        }
        if (Registered(assembly, fullName) is { } type)
        {
            return type;
        }
        // The definitions of the generic types registered (List`1 of the core library) are named with them.
        EnsureGenericNames();
        return Registered(assembly, fullName);
    }

    private static Type? Registered(string assembly, string fullName) =>
        s_types.TryGetValue(assembly, out ConcurrentDictionary<string, Type>? named) && named.TryGetValue(fullName, out Type? type) ? type : null;

    /// <summary>The generated codec of <paramref name="type"/>, if one was registered or a registry has one.</summary>
    public static bool TryGet(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out SlimGeneratedCodec? codec)
    {
        if (s_codecs.TryGetValue(type, out codec))
        {
            return true;
        }
        foreach (SlimGeneratedAssembly assembly in Volatile.Read(ref s_assemblies))
        {
            if (assembly.Codec(type) is { } generated)
            {
                codec = s_codecs.GetOrAdd(type, generated);
                return true;
            }
        }
        return false;
    }

    /// <summary>True when a generated codec of <paramref name="type"/> was registered or a registry has one.</summary>
    public static bool Contains(Type type) => TryGet(type, out _);
}
