using System.ComponentModel;

namespace NFX.Slim.Generated;

/// <summary>
/// The generated codecs of one assembly, as its generated registry answers for them: registered from the assembly's
/// module initializer with nothing else done there, then asked when a serializer first needs a type. A process thus pays
/// for the codecs it uses (each codec class is loaded, and under the JIT compiled, at its first use), not for every type
/// the generator reached; the same for the closed generic codecs, registered one type at a time as they are asked for.
/// </summary>
/// <remarks>Implemented by generated code only.</remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class SlimGeneratedAssembly
{
    /// <summary>The codec generated for exactly <paramref name="type"/>, or null when this assembly has none.</summary>
    public abstract SlimGeneratedCodec? Codec(Type type);

    /// <summary>
    /// Registers the types the generator reached (<see cref="SlimGeneratedCodecs.RegisterTypes"/>), so a reader resolves
    /// their names; called once, at the first type name or generic codec a serializer looks up. A registry of many types
    /// registers here only those it does not register by bucket (<see cref="TypeNameBuckets"/>). A registry written by an
    /// earlier generator registers everything here (<see cref="RegisterTypesAndInstantiations"/>).
    /// </summary>
    public virtual void RegisterTypeNames() => RegisterTypesAndInstantiations();

    /// <summary>
    /// How many buckets this registry registers its type names in (<see cref="RegisterTypeNames(int)"/>), by
    /// <see cref="SlimGeneratedCodecs.NameBucket"/> of the full name; 0 when it registers them all at once.
    /// </summary>
    public virtual int TypeNameBuckets => 0;

    /// <summary>
    /// Registers the types whose full names fall in <paramref name="bucket"/> (of <see cref="TypeNameBuckets"/>); called
    /// once per bucket, at the first name of that bucket a reader resolves: a process pays for the names of the bucket it
    /// looks up, not for every type the generator reached.
    /// </summary>
    public virtual void RegisterTypeNames(int bucket)
    {
    }

    // Which buckets of RegisterTypeNames(int) were registered (made and written under SlimGeneratedCodecs' lock).
    internal bool[]? NamedBuckets;

    /// <summary>
    /// Registers the closed generic and array types of the codecs this registry answers for and of the fields written in
    /// place (<see cref="SlimGeneratedCodecs.RegisterName"/>), so a reader resolves their names without making them;
    /// called once, at the first generic or array type name a serializer resolves (or a type name not found otherwise).
    /// </summary>
    public virtual void RegisterGenericNames()
    {
    }

    /// <summary>
    /// Registers the closed generic codec of exactly <paramref name="type"/> (a <c>SlimGeneratedCodecs.Register*</c>
    /// instantiation: an array, an enum, a collection, a struct described field by field and its nullable) when the
    /// generator reached it; true when it did. Asked when a serializer first needs that type's codec.
    /// </summary>
    public virtual bool RegisterInstantiation(Type type) => false;

    /// <summary>
    /// Registers everything at once: the types, their generic instantiations and names. What a registry written by an
    /// earlier generator implements (called through <see cref="RegisterTypeNames()"/>); a registry that answers by type
    /// overrides the three methods above instead.
    /// </summary>
    public virtual void RegisterTypesAndInstantiations()
    {
    }
}
