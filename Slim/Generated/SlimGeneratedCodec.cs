using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using NFX.IO;

namespace NFX.Slim.Generated;

/// <summary>
/// The body of an ordinary class written, read and given its shell by code the NFX.Slim source generator wrote at build
/// time: the same bytes as the codec Slim compiles at run time from expression trees (docs/FORMAT.md, "Bodies"), with
/// no code generated while the program runs. Slim still decides which codec a type takes; a generated body serves only
/// a type it would write field by field, and only when the fields the generator saw are the fields the type has.
/// </summary>
/// <remarks>Used by generated code only; not for hand-written subclasses.</remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class SlimGeneratedCodec
{
    /// <param name="type">The class the body is for.</param>
    /// <param name="fields">
    /// Its fields in wire order, each as <c>declaring type's name + "." + field name</c> (base types first, each type's own
    /// fields in ordinal name order, [NonSerialized] left out): checked against the type at run time.
    /// </param>
    /// <param name="slots">The declared types of the places that hold references, in the order the body numbers them.</param>
    /// <param name="slotNames">Where each slot is, for error messages (as the runtime codec names it).</param>
    protected SlimGeneratedCodec([DynamicallyAccessedMembers(LayoutMembers)] Type type, string[] fields, Type[] slots, string[] slotNames)
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(fields);
        ArgumentNullException.ThrowIfNull(slots);
        ArgumentNullException.ThrowIfNull(slotNames);
        if (slots.Length != slotNames.Length)
        {
            throw new ArgumentException("Every slot needs its name.", nameof(slotNames));
        }
        Type = type;
        Fields = fields;
        Slots = slots;
        SlotNames = slotNames;
    }

    /// <param name="type">The class the body is for.</param>
    /// <param name="fields">Its fields in wire order (see the other constructor).</param>
    /// <param name="slots">The declared types of the places that hold references, in the order the body numbers them.</param>
    /// <param name="slotNames">Where each slot is, for error messages (as the runtime codec names it).</param>
    /// <param name="newShell"><see cref="NewShell"/>: <c>() =&gt; new T()</c>, or null.</param>
    /// <param name="hasClone"><see cref="HasClone"/>: true when the class overrides <see cref="CloneShell"/> and <see cref="CloneBody"/>.</param>
    /// <remarks>
    /// What the generator knows passed as data, not as overrides: each override is one more method of every generated
    /// class for the JIT to compile at a fresh process's first call.
    /// </remarks>
    protected SlimGeneratedCodec([DynamicallyAccessedMembers(LayoutMembers)] Type type, string[] fields, Type[] slots, string[] slotNames,
        Func<object>? newShell, bool hasClone)
        : this(type, fields, slots, slotNames)
    {
        _newShell = newShell;
        _hasClone = hasClone;
    }

    /// <param name="type">The class the body is for.</param>
    /// <param name="fields">Its fields in wire order (see the first constructor).</param>
    /// <param name="slots">The declared types of the places that hold references, in the order the body numbers them.</param>
    /// <param name="slotNames">Where each slot is, for error messages (as the runtime codec names it).</param>
    /// <param name="newShell"><see cref="NewShell"/>: <c>() =&gt; new T()</c>, or null.</param>
    /// <param name="hasClone"><see cref="HasClone"/>: true when the class overrides <see cref="CloneShell"/> and <see cref="CloneBody"/>.</param>
    /// <param name="hasCallbacks">
    /// False when the class and its base classes declare no serialization callback ([OnSerializing], [OnSerialized],
    /// [OnDeserializing], [OnDeserialized]) and it does not implement <c>IDeserializationCallback</c>; true when they do,
    /// or when the generator cannot tell (Slim then reads them by reflection).
    /// </param>
    /// <param name="trivialConstructor">
    /// True when the class's parameterless constructor runs no code (no initializer, an empty body, down to
    /// <see cref="object"/>), so <c>new T()</c> makes the object an uninitialized allocation makes; false when it runs
    /// code (shells are then allocated uninitialized); null when it depends on what the compiler emitted (initializers
    /// to default values): Slim then reads the constructor's IL.
    /// </param>
    /// <remarks>
    /// The generator answers from the compilation that declares the class and its whole base chain, the one this codec
    /// is compiled into, so Slim does not read the type's methods and its constructors' IL by reflection at the codec's
    /// first use (docs/GENERATOR.md, "What the JIT compiles").
    /// </remarks>
    protected SlimGeneratedCodec([DynamicallyAccessedMembers(LayoutMembers)] Type type, string[] fields, Type[] slots, string[] slotNames,
        Func<object>? newShell, bool hasClone, bool hasCallbacks, bool? trivialConstructor)
        : this(type, fields, slots, slotNames, newShell, hasClone)
    {
        FactsKnown = true;
        HasCallbacks = hasCallbacks;
        HasTrivialConstructor = trivialConstructor;
    }

    private readonly Func<object>? _newShell;
    private readonly bool _hasClone;

    /// <summary>
    /// True when the generator passed <see cref="HasCallbacks"/> and <see cref="HasTrivialConstructor"/> (a codec of an
    /// earlier generator did not: Slim reads both by reflection for it).
    /// </summary>
    internal bool FactsKnown { get; }

    /// <summary>The generator's answer: the class may have serialization callbacks (read them by reflection).</summary>
    internal bool HasCallbacks { get; }

    /// <summary>The generator's answer: <c>new T()</c> runs no code (true), runs code (false), or ask the IL (null).</summary>
    internal bool? HasTrivialConstructor { get; }

    /// <summary>
    /// What Slim reads of a type's layout by reflection (its fields for the layout fingerprint and field order, its
    /// constructors for the shell and the ISerializable check, its methods for the serialization callbacks, a record's EqualityContract): kept by the trimmer for every type a generated codec names, so a trimmed or native
    /// app sees the fields the JIT build sees and writes the same fingerprint.
    /// </summary>
    public const DynamicallyAccessedMemberTypes LayoutMembers = DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.NonPublicFields |
        DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.NonPublicConstructors |
        DynamicallyAccessedMemberTypes.PublicMethods | DynamicallyAccessedMemberTypes.NonPublicMethods | DynamicallyAccessedMemberTypes.NonPublicProperties;

    /// <summary>The class the body is for.</summary>
    [DynamicallyAccessedMembers(LayoutMembers)]
    public Type Type { get; }

    /// <summary>The fields in wire order, as the generator saw them.</summary>
    public IReadOnlyList<string> Fields { get; }

    /// <summary>The declared types of the reference slots.</summary>
    public IReadOnlyList<Type> Slots { get; }

    /// <summary>The names of the reference slots.</summary>
    public IReadOnlyList<string> SlotNames { get; }

    /// <summary>
    /// Keeps the layout of <typeparamref name="T"/> (a base class or a struct written in place) in a trimmed app; called by
    /// the generated constructor for every such type, so the runtime's reflection sees all of its fields.
    /// </summary>
    protected static void KeepLayout<[DynamicallyAccessedMembers(LayoutMembers)] T>()
    {
    }

    /// <summary>Writes the fields of <paramref name="value"/> (a <see cref="Type"/>).</summary>
    public abstract void WriteBody(SlimWriter writer, object value, SlimGeneratedWriter references);

    /// <summary>Reads the fields into <paramref name="instance"/> (a shell of <see cref="Type"/>).</summary>
    public abstract void ReadBody(SlimReader reader, object instance, SlimGeneratedReader references);

    /// <summary>True when the generator wrote the deep clone (<see cref="CloneShell"/>, <see cref="CloneBody"/>).</summary>
    public virtual bool HasClone => _hasClone;

    /// <summary>
    /// The start of a deep clone: copies into <paramref name="shell"/> (a new instance of <see cref="Type"/>) every field
    /// that holds a value (structs as they are) or a string.
    /// </summary>
    public virtual void CloneShell(object source, object shell)
    {
    }

    /// <summary>
    /// The rest of a deep clone: sets every reference field of <paramref name="target"/>, and every reference inside
    /// its structs, to the clone of the source's, through <paramref name="cloner"/>.
    /// </summary>
    public virtual void CloneBody(object source, object target, SlimGeneratedCloner cloner)
    {
    }

    /// <summary>
    /// <c>() =&gt; new T()</c> when the type has a parameterless constructor the generated code can call, else null. Slim
    /// calls it only where the runtime codec would: when that constructor runs no code (otherwise the shell is allocated
    /// uninitialized, and no code of the type runs).
    /// </summary>
    public virtual Func<object>? NewShell => _newShell;
}
