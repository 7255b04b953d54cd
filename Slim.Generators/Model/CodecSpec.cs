namespace NFX.Slim.Generators.Model;

// The generator's model: plain, equatable data taken from the symbols (no ISymbol kept), so the emitter runs again only
// when what it would write changed.

/// <summary>How one value (a field, or a field of a struct written in place) is written and read.</summary>
internal enum ValueKind
{
    /// <summary>A native value type: <c>writer.Write{Suffix}(v)</c>, <c>reader.Read{Suffix}()</c>.</summary>
    Native,

    /// <summary>An enum: its underlying native type's methods, with casts.</summary>
    Enum,

    /// <summary>A nullable of a non-native struct or enum: a presence byte, then the value (<see cref="ValueSpec.Inner"/>).</summary>
    NullableValue,

    /// <summary>A struct written field by field in place (<see cref="ValueSpec.Fields"/>).</summary>
    Struct,

    /// <summary>A string: inline, or a back-reference to one written before.</summary>
    String,

    /// <summary>Any other reference: through the session, in reference slot <see cref="ValueSpec.Slot"/>.</summary>
    Reference,

    /// <summary>A delegate: refused unless null.</summary>
    Delegate,
}

/// <summary>One value's encoding; <paramref name="TypeName"/> is fully qualified (<c>global::</c>).</summary>
/// <param name="DirectCodec">
/// For a <see cref="ValueKind.Reference"/> whose declared class has a codec of the same compilation: that codec's class,
/// whose body the generated code writes and reads in place for an object of exactly the declared type (the session
/// decides per object; the bytes are the session's).
/// </param>
/// <param name="DirectNew">
/// With <see cref="DirectCodec"/>: that codec makes its shells with <c>new T()</c> (the class's parameterless constructor
/// is callable and runs no code), so the reading code creates the object itself when the session says the codec bound
/// to the type does the same.
/// </param>
/// <param name="InlineArray">
/// For a <see cref="ValueKind.Reference"/> to an array StreamerFormats writes natively: the suffix of its writer and reader
/// methods (<c>Int32Array</c>), the array written and read in place as the runtime codec does.
/// </param>
/// <param name="ListElement">
/// For a <see cref="ValueKind.Reference"/> declared as <c>List&lt;T&gt;</c>: T's fully qualified name and, after a tab,
/// its metadata name (the list codec names its element slot <c>List&lt;{name}&gt;</c>). When T is a string or a class
/// with a codec here, <see cref="Inner"/> is the element's encoding (in a slot of its own) and the list's body is
/// written and read in place.
/// </param>
internal sealed record ValueSpec(ValueKind Kind, string TypeName, string Suffix, int Slot, ValueSpec? Inner, EquatableArray<FieldSpec> Fields,
    string? DirectCodec = null, string? InlineArray = null, string? ListElement = null, bool DirectNew = false);

/// <summary>
/// One field: its metadata name, the type that declares it, how generated code reaches it (directly, or through the
/// <c>UnsafeAccessor</c> named <paramref name="Accessor"/>) and its value's encoding.
/// </summary>
internal sealed record FieldSpec(string Name, string OwnerTypeName, bool OwnerIsStruct, string? Accessor, ValueSpec Value);

/// <summary>A reference slot: the declared type of the place and its name in error messages.</summary>
internal sealed record SlotSpec(string TypeName, string Name);

/// <summary>
/// The codec of one class: its type, the class the generator writes for it, the wire field list the runtime checks,
/// its slots, whether <c>new T()</c> can be written, and its fields in wire order.
/// </summary>
/// <paramref name="KeptLayouts"/>: the base classes and the structs written in place, whose fields a trimmed app must keep.
/// <paramref name="HasCallbacks"/> and <paramref name="TrivialConstructor"/>: what the runtime would otherwise read by
/// reflection when it binds the codec (Parsing/TypeFacts).
/// <paramref name="RuntimeName"/>: the type's <c>Type.FullName</c> (null for a type whose name the generator cannot tell).
internal sealed record CodecSpec(string TypeName, string CodecName, EquatableArray<string> WireFields, EquatableArray<SlotSpec> Slots,
    bool HasNewShell, EquatableArray<FieldSpec> Fields, EquatableArray<string> KeptLayouts, bool HasCallbacks, bool? TrivialConstructor,
    string? RuntimeName = null);

/// <summary>A type whose name the registry registers: fully qualified, and its <c>Type.FullName</c> (null when the generator cannot tell it).</summary>
internal sealed record NamedTypeSpec(string TypeName, string? RuntimeName);

/// <summary>One field of a struct the generator describes: its metadata name and its type (fully qualified).</summary>
internal sealed record StructFieldSpec(string Name, string TypeName);

/// <summary>
/// A struct of the compilation described to Slim field by field, in wire order (<paramref name="ClassName"/> holds the
/// accessors), so it is written in a collection, an array, a box or an argument pack where nothing is compiled at run time.
/// </summary>
internal sealed record StructSpec(string TypeName, string ClassName, EquatableArray<StructFieldSpec> Fields);

/// <summary>A type the generator saw but wrote no codec for, and why (reported as an info diagnostic).</summary>
internal sealed record SkippedType(string TypeName, string Reason);

/// <summary>
/// Everything one compilation gets: its codecs (in a stable order), the names of its types the walk reached (classes,
/// structs, enums, interfaces: registered so readers resolve them without reading metadata, a field's declared
/// interface in a tolerant member list too), the closed generic codecs it
/// registers (<paramref name="Instantiations"/>), the structs it describes field by field, and what was skipped.
/// </summary>
internal sealed record GenerationSpec(string AssemblyName, EquatableArray<CodecSpec> Codecs, EquatableArray<NamedTypeSpec> Types,
    EquatableArray<InstantiationSpec> Instantiations, EquatableArray<StructSpec> Structs, EquatableArray<SkippedType> Skipped);

/// <summary>
/// A closed generic codec the registry registers: the <c>SlimGeneratedCodecs</c> method with its type arguments
/// (<c>RegisterList&lt;global::Shop.Order&gt;</c>) and the closed types it registers a codec for (the list; a linked list's
/// nodes too), by which the registry is asked for it.
/// </summary>
internal sealed record InstantiationSpec(string Call, EquatableArray<InstantiationKey> Keys);

/// <summary>
/// A closed type as the registry recognizes it: its C# name, its group (<see cref="Vector"/>, <see cref="Plain"/>, or
/// the C# name of its generic definition) and the condition that is true of exactly it, on the vector's <c>element</c>,
/// the generic type's <c>arguments</c> or the plain <c>type</c> (TypeWalker.Match).
/// </summary>
internal sealed record InstantiationKey(string TypeName, string Group, string Match)
{
    public const string Vector = "[]";
    public const string Plain = "";
}
