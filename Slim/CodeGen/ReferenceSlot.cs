using NFX.Slim.TypeSystem;

namespace NFX.Slim.CodeGen;

/// <summary>
/// A place that holds a reference: a field, an element type, a root. It knows the declared type, so an object whose
/// runtime type is exactly the declared one is announced without a type handle, and caches that type's codec.
/// One slot object is shared by every session (its cache is written at most once per value, benignly raced).
/// </summary>
internal sealed class ReferenceSlot
{
    private SlimCodec? _exactCodec;

    /// <param name="declaredType">The static type of the place.</param>
    /// <param name="name">Where the slot is, for error messages.</param>
    /// <param name="admitDeclaredType">
    /// True when the declared type itself came from the bytes (a member of a writer's layout that this reader maps or
    /// skips), so objects announced as "of the declared type" must pass the type policy like any named type.
    /// </param>
    public ReferenceSlot(Type declaredType, string name, bool admitDeclaredType = false)
    {
        DeclaredType = declaredType;
        DeclaredTypeHandle = declaredType.ContainsGenericParameters || declaredType.IsPointer || declaredType.IsByRef || declaredType.IsFunctionPointer
            ? 0 : declaredType.TypeHandle.Value;
        Name = name;
        // System.Object is concrete: a plain `new object()` (a lock object) is announced as "of the declared type" in an
        // object slot, and must read back as one.
        IsInstantiable = !declaredType.IsAbstract && !declaredType.IsInterface && !declaredType.ContainsGenericParameters;
        // Objects announced as "of the declared type" name no type, so the policy never sees them; the deny-list still
        // applies (a program may declare a field of a gadget type, a payload must not be able to fill it).
        DeniedReason = DenyList.Reason(declaredType, allowTypeValues: true);
        AdmitDeclaredType = admitDeclaredType;
        IsGuarded = DeniedReason is not null || admitDeclaredType;
    }

    /// <summary>True when the declared type came from the bytes and must pass the type policy (see the constructor).</summary>
    public bool AdmitDeclaredType { get; }

    /// <summary>True when announcing an object of the declared type needs a check (deny-list or policy) first.</summary>
    public bool IsGuarded { get; }

    /// <summary>Why objects of the declared type may not be read, or null.</summary>
    public string? DeniedReason { get; }

    /// <summary>The static type of the place.</summary>
    public Type DeclaredType { get; }

    /// <summary>Where the slot is, for error messages (for example <c>Order.Customer</c>).</summary>
    public string Name { get; }

    /// <summary>True when the declared type is concrete, so "new object of the declared type" can be announced.</summary>
    public bool IsInstantiable { get; }

    /// <summary>The codec of the declared type if it was already resolved, else null.</summary>
    public SlimCodec? BuiltExactCodec => _exactCodec;

    /// <summary>The codec of the declared type, resolved once.</summary>
    public SlimCodec ExactCodec(CodecCache codecs) => _exactCodec ??= codecs.Get(DeclaredType);

    /// <summary>
    /// The codec of the declared type once a reader has announced an object of it the full way and found it a plain
    /// shell (empty header, filled by its body, no completion work): later objects of the declared type skip the
    /// per-object checks that cannot change (instantiable, not guarded, readable). Null until then.
    /// </summary>
    public SlimCodec? ShellCodec { get; private set; }

    /// <summary>Remembers <paramref name="codec"/> (just resolved for this slot's declared type by a reader) when it is a plain shell.</summary>
    public void RememberShell(SlimCodec codec)
    {
        if (!IsGuarded && codec.Type == DeclaredType && codec.HeaderIsEmpty && codec.Callbacks is not { HasAfterRead: true })
        {
            ShellCodec = codec;
        }
    }

    /// <summary>
    /// True when values of the declared type (a sealed native type: a primitive array) are written and read inline in
    /// this slot's cache (<see cref="ValueExpressions.IsInlineNative"/>): set when a generated body that writes them in
    /// place is bound, from the same fact the runtime codec is compiled from (a fact of the cache, written once).
    /// </summary>
    public bool IsInlineNative { get; private set; }

    /// <summary>Records that the cache writes values of the declared type inline (see <see cref="IsInlineNative"/>).</summary>
    public void MarkInlineNative() => IsInlineNative = true;

    private GeneratedDirectBody? _direct;

    /// <summary>
    /// What generated code needs to write and read an object of exactly the declared type in place, through the body of
    /// <paramref name="expected"/> (the codec the calling code was generated against), resolved on first use: the
    /// declared type's codec must be the plain class codec bound to that generated codec, with no serialization
    /// callbacks (which the session runs around a body it calls itself); otherwise every object goes the session's way.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public GeneratedDirectBody DirectBody(CodecCache codecs, Generated.SlimGeneratedCodec expected) =>
        _direct is { } direct && ReferenceEquals(direct.Expected, expected) ? direct : ResolveDirectBody(codecs, expected);

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private GeneratedDirectBody ResolveDirectBody(CodecCache codecs, Generated.SlimGeneratedCodec expected)
    {
        SlimCodec codec = ExactCodec(codecs);
        ReferenceSlot[]? slots = codec is ObjectCodec { Generated: { } generated, Callbacks: null, HeaderIsEmpty: true } &&
            ReferenceEquals(generated.Codec, expected) ? generated.Slots : null;
        bool newByCaller = slots is not null && ((ObjectCodec)codec).ShellIsGeneratedNew;
        return _direct = new GeneratedDirectBody(expected, codec, slots, newByCaller);
    }

    private GeneratedDirectBody? _readInPlace;

    /// <summary>
    /// The <see cref="DirectBody"/> through which generated code reads new objects of the declared type in place, once a
    /// reader found that it may (<see cref="RememberReadInPlace"/>): one field to test per object instead of the slot's
    /// shell codec and the direct body's parts. Null until then; only ever set to such an answer.
    /// </summary>
    public GeneratedDirectBody? ReadInPlace => _readInPlace;

    /// <summary>
    /// Remembers <paramref name="direct"/> as <see cref="ReadInPlace"/>: its bound slots are set and its codec is this
    /// slot's <see cref="ShellCodec"/> (every per-object check of the slot passed for an object read the full way).
    /// </summary>
    public void RememberReadInPlace(GeneratedDirectBody direct)
    {
        if (direct.Slots is not null && ReferenceEquals(direct.Codec, ShellCodec))
        {
            _readInPlace = direct;
        }
    }

    /// <summary>The declared type's handle, to recognize an object of exactly that type without fetching its Type.</summary>
    public nint DeclaredTypeHandle { get; }

    /// <summary>True when <paramref name="value"/> may be stored in this slot.</summary>
    public bool Accepts(object value) => TypeHandles.Of(value) == DeclaredTypeHandle || DeclaredType.IsInstanceOfType(value);
}

/// <summary>
/// The declared class's codec and its generated body's bound slots, for generated code that writes and reads an object
/// of exactly that class in place (<see cref="ReferenceSlot.DirectBody"/>); <see cref="Slots"/> is null when it may not.
/// </summary>
internal sealed class GeneratedDirectBody(Generated.SlimGeneratedCodec expected, SlimCodec codec, ReferenceSlot[]? slots, bool newByCaller = false)
{
    /// <summary>
    /// True when the codec's shell is the generated codec's own <c>new T()</c> (<see cref="ObjectCodec.ShellIsGeneratedNew"/>),
    /// so generated code that says the same may create it itself.
    /// </summary>
    public bool NewByCaller { get; } = newByCaller;

    public Generated.SlimGeneratedCodec Expected { get; } = expected;

    public SlimCodec Codec { get; } = codec;

    public ReferenceSlot[]? Slots { get; } = slots;
}
