using System.Collections.Concurrent;
using System.Reflection;

using NFX.Slim.CodeGen;
using NFX.Slim.Generated;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// Resolves a (full name, assembly simple name) pair from the wire to a type among the assemblies already loaded
/// in the process. It never loads an assembly: a name that is not already loaded fails closed.
/// </summary>
internal sealed class TypeNameResolver
{
    private static readonly System.Text.UTF8Encoding s_strictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    // By assembly, then by full name: reference keys share precompiled ConcurrentDictionary code (a value-tuple key is an
    // instantiation the JIT compiles at a fresh process's first call).
    private readonly ConcurrentDictionary<string, ConcurrentDictionary<string, Type>> _cache = new();
    // The names resolved from UTF-8, by hash: read without a lock (a bucket's chain is immutable, the table is replaced
    // whole when it grows), written under one. Not a ConcurrentDictionary<int, ...>: an int key is an instantiation the
    // JIT compiles at a fresh process's first call (eleven methods), and a hash collision here keeps both names.
    private Utf8Entry?[] _byUtf8 = new Utf8Entry?[16];
    private int _utf8Count;
    private readonly Lock _utf8Lock = new();
    private readonly FormerNames _formerNames;

    public TypeNameResolver(IReadOnlyList<SlimFormerName>? formerNames = null) => _formerNames = new FormerNames(formerNames ?? []);

    /// <summary>
    /// Resolves a name pair given as raw UTF-8, without decoding it when the same bytes were resolved before (the
    /// PerCall steady state: every message names the same few types). The hash is randomized per process.
    /// </summary>
    /// <exception cref="System.Text.DecoderFallbackException">The bytes are not valid UTF-8.</exception>
    public Type? Resolve(ReadOnlySpan<byte> assemblyName, ReadOnlySpan<byte> fullName)
    {
        var hasher = new HashCode();
        hasher.AddBytes(fullName);
        hasher.Add(fullName.Length);
        hasher.AddBytes(assemblyName);
        int hash = hasher.ToHashCode();
        Utf8Entry?[] table = Volatile.Read(ref _byUtf8);
        for (Utf8Entry? entry = Volatile.Read(ref table[hash & (table.Length - 1)]); entry is not null; entry = entry.Next)
        {
            if (entry.Hash == hash && entry.Matches(assemblyName, fullName))
            {
                return entry.Type;
            }
        }
        Type? type = Resolve(s_strictUtf8.GetString(assemblyName), s_strictUtf8.GetString(fullName));
        if (type is not null)
        {
            AddUtf8(hash, assemblyName, fullName, type);
        }
        return type;
    }

    private void AddUtf8(int hash, ReadOnlySpan<byte> assemblyName, ReadOnlySpan<byte> fullName, Type type)
    {
        lock (_utf8Lock)
        {
            Utf8Entry?[] table = _byUtf8;
            for (Utf8Entry? entry = table[hash & (table.Length - 1)]; entry is not null; entry = entry.Next)
            {
                if (entry.Hash == hash && entry.Matches(assemblyName, fullName))
                {
                    return; // another thread resolved the same name
                }
            }
            if (_utf8Count >= table.Length / 4 * 3)
            {
                // A new table of new entries: the chains readers may be walking stay as they are.
                var grown = new Utf8Entry?[table.Length * 2];
                foreach (Utf8Entry? head in table)
                {
                    for (Utf8Entry? entry = head; entry is not null; entry = entry.Next)
                    {
                        ref Utf8Entry? bucket = ref grown[entry.Hash & (grown.Length - 1)];
                        bucket = entry.WithNext(bucket);
                    }
                }
                table = grown;
            }
            ref Utf8Entry? slot = ref table[hash & (table.Length - 1)];
            Volatile.Write(ref slot, new Utf8Entry(hash, assemblyName.ToArray(), fullName.ToArray(), type, slot));
            _utf8Count++;
            Volatile.Write(ref _byUtf8, table);
        }
    }

    // Readonly fields, not properties: the probe reads them before the first match, and a getter each was one more
    // method for the JIT to compile at a fresh process's first read.
    private sealed class Utf8Entry(int hash, byte[] assemblyName, byte[] fullName, Type type, Utf8Entry? next)
    {
        public readonly int Hash = hash;

        public readonly Type Type = type;

        /// <summary>The next entry of the same bucket.</summary>
        public readonly Utf8Entry? Next = next;

        /// <summary>This entry in front of <paramref name="next"/> (for a grown table).</summary>
        public Utf8Entry WithNext(Utf8Entry? next) => new(Hash, assemblyName, fullName, Type, next);

        public bool Matches(ReadOnlySpan<byte> assembly, ReadOnlySpan<byte> name) =>
            name.SequenceEqual(fullName) && assembly.SequenceEqual(assemblyName);
    }
    // Made at their first use: value-type keys, each a ConcurrentDictionary instantiation the JIT compiles, and most
    // messages name no generic or array type by name.
    private ConcurrentDictionary<GenericKey, Type>? _generics;
    private ConcurrentDictionary<(Type Element, byte Rank), Type>? _arrays;

    private ConcurrentDictionary<GenericKey, Type> Generics => _generics ?? Interlocked.CompareExchange(ref _generics, new(), null) ?? _generics!;

    private ConcurrentDictionary<(Type Element, byte Rank), Type> Arrays => _arrays ?? Interlocked.CompareExchange(ref _arrays, new(), null) ?? _arrays!;

    /// <summary>The constructed generic type, built once (MakeGenericType is slow and allocates).</summary>
    /// <exception cref="ArgumentException">The arguments violate the definition's constraints.</exception>
    public Type MakeGeneric(Type definition, Type[] arguments)
    {
        var key = new GenericKey(definition, arguments);
        ConcurrentDictionary<GenericKey, Type> generics = Generics;
        return generics.TryGetValue(key, out Type? type) ? type : generics.GetOrAdd(key, static k => Construct(k.Definition, k.Arguments));
    }

    /// <summary>
    /// A type generated code registered (the only way where generic types cannot be made at run time), else made by
    /// reflection.
    /// </summary>
    private static Type Construct(Type definition, Type[] arguments)
    {
        if (GenericInstantiations.FindGeneric(definition, arguments) is { } registered)
        {
            return registered;
        }
        if (RuntimeCodecs.IsSupported)
        {
            return definition.MakeGenericType(arguments);
        }
        string definitionName = RuntimeCodecs.CSharpName(definition);
        string name = definitionName[..definitionName.IndexOf('<', StringComparison.Ordinal)] + "<" + string.Join(", ", arguments.Select(RuntimeCodecs.CSharpName)) + ">";
        throw new SlimDeserializationException($"The message names '{name}', a generic type this app was not compiled with: {RuntimeCodecs.Advice(name)}");
    }

    /// <summary>The array type, built once: rank 0 is a zero-based vector.</summary>
    public Type MakeArray(Type element, byte rank) =>
        Arrays.TryGetValue((element, rank), out Type? type)
            ? type
            : Arrays.GetOrAdd((element, rank), static k => GenericInstantiations.FindArray(k.Element, k.Rank) ?? ConstructArray(k.Element, k.Rank));

    private static Type ConstructArray(Type element, byte rank)
    {
        if (RuntimeCodecs.IsSupported)
        {
            return rank == 0 ? element.MakeArrayType() : element.MakeArrayType(rank);
        }
        string name = RuntimeCodecs.CSharpName(element) + "[" + new string(',', Math.Max(rank, (byte)1) - 1) + "]";
        throw new SlimDeserializationException($"The message names '{name}', an array type this app was not compiled with: {RuntimeCodecs.Advice(name)}");
    }

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
        if (_cache.TryGetValue(assemblyName, out ConcurrentDictionary<string, Type>? named) && named.TryGetValue(fullName, out Type? cached))
        {
            return cached;
        }
        // An old name given in the options wins (the user said what it means here); a name no loaded assembly defines may
        // be an old name a renamed or moved type declares.
        Type? type = null;
        if (IsPlainTypeName(fullName))
        {
            type = _formerNames.FindInOptions(assemblyName, fullName) ?? ResolveUncached(assemblyName, fullName) ?? _formerNames.FindDeclared(assemblyName, fullName);
        }
        if (type is not null)
        {
            // Only successes are cached, so a later-loaded assembly is still found; failures cost a scan each time.
            (named ?? _cache.GetOrAdd(assemblyName, new ConcurrentDictionary<string, Type>())).TryAdd(fullName, type);
        }
        return type;
    }

    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "The name must be defined in the assembly's own metadata first; a type the trimmer removed is not found and the read fails closed, like an unknown name. Generated types resolve through the registry before this.")]
    private static Type? ResolveUncached(string assemblyName, string fullName)
    {
        if (!IsPlainTypeName(fullName))
        {
            return null;
        }
        // Types the source generator registered are already in the process: found without reading any metadata.
        if (Generated.SlimGeneratedCodecs.FindType(assemblyName, fullName) is { } generated)
        {
            return generated;
        }
        foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
        {
            if (assembly.IsDynamic || !string.Equals(TypeNames.AssemblyName(assembly), assemblyName, StringComparison.Ordinal))
            {
                continue;
            }
            // Security: Assembly.GetType follows type forwarders, and following one LOADS the assembly it points to
            // (a payload naming "System.Net.Mail.MailMessage @ netstandard" would load System.Net.Mail). So the name
            // must be defined in this assembly's own metadata before reflection is asked for it.
            if (!DefinedTypeNames.Of(assembly).Contains(fullName))
            {
                continue;
            }
            Type? type;
            try
            {
                type = assembly.GetType(fullName, throwOnError: false, ignoreCase: false);
            }
            catch (Exception e) when (e is ArgumentException or TypeLoadException or FileLoadException or BadImageFormatException or FileNotFoundException)
            {
                type = null; // a type whose own definition cannot load fails closed, like an unknown one
            }
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
