using System.ComponentModel;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs.Collections;
using NFX.Slim.Session;

namespace NFX.Slim.Generated;

/// <summary>
/// What a generated body reads through the message's session: references, every handle checked against the pool, the
/// slot's declared type and the limits, and strings, as the runtime codec reads them.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct SlimGeneratedReader
{
    private readonly ReadSession _session;
    private readonly ReferenceSlot[] _slots;

    internal SlimGeneratedReader(ReadSession session, ReferenceSlot[] slots)
    {
        _session = session;
        _slots = slots;
    }

    /// <summary>Reads the reference in slot number <paramref name="slot"/>: null, an object of the slot's type, or refuses the bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public object? ReadReference(int slot) => _session.ReadReference(_slots[slot]);

    /// <summary>
    /// Starts reading a reference to an array the format writes natively, written by <see cref="SlimGeneratedWriter.BeginInline"/>
    /// or any writer of the format: reads the handle; for a new array of the declared type that the serializer reads
    /// inline, checks the object limit and returns true (the caller reads the array with the reader's method for it and
    /// hands it to <see cref="EndInline"/>); any other handle is read the general way, with every check of
    /// <see cref="ReadReference"/>, into <paramref name="value"/>, and false is returned.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginInline(int slot, out object? value)
    {
        ReferenceSlot s = _slots[slot];
        uint handle = _session.Reader.ReadVarUInt32();
        if (handle == WireHandle.NewOfDeclaredType && s.IsInlineNative)
        {
            _session.BeginInlineAfterHandle();
            value = null;
            return true;
        }
        value = _session.ReadReferenceAfterHandle(handle, s, HandleOffset(handle));
        return false;
    }

    /// <summary>
    /// Reads a reference in slot <paramref name="slot"/> to an array of <typeparamref name="T"/>, written by
    /// <see cref="SlimGeneratedWriter.BeginInline"/> and the writer's method for it, or by any writer of the format: what
    /// <see cref="BeginInline"/>, the reader's array method and <see cref="EndInline"/> read, with every check, in one call
    /// for a short new array.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[]? ReadArray<T>(int slot) where T : unmanaged => _session.ReadInlineArray<T>(_slots[slot]);

    /// <summary>Adds the array read after <see cref="BeginInline"/> to the message's objects and returns it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public object EndInline(object? value, int slot) => _session.EndInline(value, _slots[slot].DeclaredType);

    /// <summary>
    /// Starts reading a reference in slot <paramref name="slot"/>, whose declared class has the generated codec
    /// <paramref name="codec"/>: reads the handle; for a new object of that class, announced as one of the declared type
    /// in a slot that has already read one the full way (every check of the slot passed), whose body is read now,
    /// creates it into <paramref name="value"/>, gives <paramref name="body"/> and <paramref name="outer"/> and returns
    /// true: the caller reads the body with the codec's fields reader and calls <see cref="EndBody"/> with
    /// <paramref name="outer"/>. Anything else is read the general way, with every check of <see cref="ReadReference"/>,
    /// into <paramref name="value"/>, and false is returned.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginBody(int slot, SlimGeneratedCodec codec, out object? value, out SlimGeneratedReader body, out int outer)
    {
        ReferenceSlot s = _slots[slot];
        if (_session.Reader.TrySkip((byte)WireHandle.NewOfDeclaredType))
        {
            if (InPlace(s, codec) is { } direct)
            {
                body = new SlimGeneratedReader(_session, direct.Slots!);
                bool now = _session.BeginDirectBody(direct.Codec, out object instance, out outer);
                value = instance;
                return now;
            }
            // Not through AfterHandle: its tests cannot match this handle (see ReadOneByteGeneral).
            value = ReadOneByteGeneral(s);
            body = default;
            outer = 0;
            return false;
        }
        return AfterHandle(_session.Reader.ReadVarUInt32(), s, codec, newByCaller: false, out value, out body, out outer);
    }

    /// <summary>
    /// The general way for the one-byte handle <see cref="WireHandle.NewOfDeclaredType"/> not read in place (the slot has
    /// not read one the full way yet, a plan is in use, another codec): <see cref="AfterHandle"/>'s tests for
    /// back-references, null and typed objects cannot match it, so its callers skip them (through them, the DTO tree's
    /// bodies paid ~280 instructions a tree more: slots whose objects are read this way every time).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal object? ReadOneByteGeneral(ReferenceSlot s) =>
        _session.ReadReferenceAfterHandle(WireHandle.NewOfDeclaredType, s, _session.Reader.Position - 1);

    /// <summary>
    /// What <see cref="BeginBody"/>, <see cref="BeginNew"/> (with <paramref name="newByCaller"/>) and
    /// <see cref="SlimGeneratedElements"/>' two read after a handle that was not read in place the one-byte way: a
    /// back-reference or null; an object announced with its type, through <see cref="ReadWithType"/> (in place when it
    /// can, then the body opened for <see cref="BeginBody"/>, left to the caller's <c>new T()</c> for
    /// <see cref="BeginNew"/>); anything else the general way, with every check of <see cref="ReadReference"/>. Inlined
    /// with a constant <paramref name="newByCaller"/>: the callers' <c>out</c> locals stay in registers (no address of
    /// them is passed to a call).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool AfterHandle(uint handle, ReferenceSlot s, SlimGeneratedCodec codec, bool newByCaller, out object? value, out SlimGeneratedReader body, out int outer)
    {
        if (handle >= WireHandle.FirstBackReference || handle == WireHandle.Null)
        {
            value = handle == WireHandle.Null ? null : _session.BackReferenceAfterHandle(handle, s, HandleOffset(handle));
            body = default;
            outer = 0;
            return false;
        }
        if (handle == WireHandle.NewWithType)
        {
            TypedRead typed = ReadWithType(s, codec, newByCaller);
            if (typed.Direct is { } typedDirect)
            {
                body = new SlimGeneratedReader(_session, typedDirect.Slots!);
                if (newByCaller)
                {
                    value = null;
                    outer = 0;
                    return true;
                }
                bool now = _session.OpenTypedDirectBody(typedDirect.Codec, out object instance, out outer);
                value = instance;
                return now;
            }
            value = typed.Value;
            body = default;
            outer = 0;
            return false;
        }
        value = _session.ReadReferenceAfterHandle(handle, s, HandleOffset(handle));
        body = default;
        outer = 0;
        return false;
    }

    /// <summary>
    /// What <see cref="ReadWithType"/> read: <see cref="Direct"/>, the direct body to read the object in place through
    /// (as one of the declared type; its <see cref="Value"/> is null), or null with <see cref="Value"/> read the general
    /// way. Returned in two registers, so the inlined callers pass no address of their locals to the call.
    /// </summary>
    internal readonly struct TypedRead(object? value, GeneratedDirectBody? direct)
    {
        public readonly object? Value = value;
        public readonly GeneratedDirectBody? Direct = direct;
    }

    /// <summary>
    /// <see cref="BeginBody"/> and <see cref="BeginNew"/> (with <paramref name="newByCaller"/>) for an object announced
    /// with its type (the first of its type in a PerCall message: its layout crosses with it), the handle
    /// <see cref="WireHandle.NewWithType"/> just read: read in place like one of the declared type when the type's entry
    /// came through the session's chain of remembered entries with this slot's verdict (see
    /// <see cref="ReadSession.TryReadTypedInPlace"/>), the object limit checked; otherwise the general way. Out of line:
    /// every generated body inlines <see cref="BeginBody"/> or <see cref="BeginNew"/> at every slot.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal TypedRead ReadWithType(ReferenceSlot s, SlimGeneratedCodec codec, bool newByCaller)
    {
        // The handle's offset (the one byte just read) only where an error may name it: the common case does not keep it.
        if (InPlace(s, codec) is { } direct && (!newByCaller || direct.NewByCaller))
        {
            return _session.TryReadTypedInPlace(s, direct.Codec, out object? value) ? new TypedRead(null, direct) : new TypedRead(value, null);
        }
        return new TypedRead(_session.ReadReferenceAfterHandle(WireHandle.NewWithType, s, _session.Reader.Position - 1), null);
    }

    /// <summary>
    /// <see cref="BeginBody"/> for a declared class whose generated codec makes its shells with <c>new T()</c>: for a new
    /// object of that class read in place, checks the object limit and returns true with <paramref name="body"/>: the
    /// caller creates the object with <c>new T()</c> (when the codec bound to the slot's type makes its shells that way;
    /// otherwise every object goes the general way), hands it to <see cref="OpenBody"/>, reads the body when that returns
    /// true and calls <see cref="EndBody"/>. Anything else is read the general way, with every check of
    /// <see cref="ReadReference"/>, into <paramref name="value"/>, and false is returned.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginNew(int slot, SlimGeneratedCodec codec, out object? value, out SlimGeneratedReader body)
    {
        ReferenceSlot s = _slots[slot];
        if (_session.Reader.TrySkip((byte)WireHandle.NewOfDeclaredType))
        {
            if (InPlace(s, codec) is { NewByCaller: true } direct)
            {
                _session.BeginInlineAfterHandle(); // the object limit, as for an inline value
                body = new SlimGeneratedReader(_session, direct.Slots!);
                value = null;
                return true;
            }
            value = ReadOneByteGeneral(s);
            body = default;
            return false;
        }
        return AfterHandle(_session.Reader.ReadVarUInt32(), s, codec, newByCaller: true, out value, out body, out _);
    }

    /// <summary>
    /// The direct body through which a new object announced as one of the declared type in <paramref name="s"/> is read
    /// in place, or null when it is read the general way: the slot has read one the full way (its
    /// <see cref="ReferenceSlot.ShellCodec"/>, every check of the slot passed), the declared type's codec is the one bound to
    /// <paramref name="codec"/>, and no reading plan of another layout is in use. The slot remembers the first answer
    /// found (<see cref="ReferenceSlot.ReadInPlace"/>); the message's plans are asked every time.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal GeneratedDirectBody? InPlace(ReferenceSlot s, SlimGeneratedCodec codec) =>
        s.ReadInPlace is { } direct && ReferenceEquals(direct.Expected, codec) && _session.ReadsDirect ? direct : ResolveInPlace(s, codec);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private GeneratedDirectBody? ResolveInPlace(ReferenceSlot s, SlimGeneratedCodec codec)
    {
        if (s.ShellCodec is { } shell && _session.ReadsDirect &&
            s.DirectBody(_session.Codecs, codec) is { Slots: not null } direct && ReferenceEquals(direct.Codec, shell))
        {
            s.RememberReadInPlace(direct);
            return direct;
        }
        return null;
    }

    /// <summary>
    /// Adds the object created after <see cref="BeginNew"/> to the message's objects; returns true when its body is to be
    /// read now (then call <see cref="EndBody"/> with <paramref name="outer"/>), false when it was queued.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool OpenBody(int slot, object instance, out int outer) => _session.OpenDirectBody(_slots[slot].ShellCodec!, instance, out outer);

    /// <summary>
    /// Starts reading a reference in slot <paramref name="slot"/>, declared as <c>List&lt;T&gt;</c>: reads the handle;
    /// for a new list announced as one of the declared type in a slot that has already read one the full way, whose body
    /// is read now, creates it, reads its count (every check of the list codec) and sets it, gives
    /// <paramref name="outer"/> and returns true: the caller reads each element in the list codec's element slot and
    /// calls <see cref="EndBody"/>. Anything else is read the general way, with every check of
    /// <see cref="ReadReference"/>, into <paramref name="value"/>, and false is returned.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginList<T>(int slot, out List<T>? value, out int outer)
    {
        ReferenceSlot s = _slots[slot];
        uint handle = WireHandle.NewOfDeclaredType;
        if (_session.Reader.TrySkip((byte)WireHandle.NewOfDeclaredType))
        {
            if (s.ShellCodec is ListCodec<T> codec && _session.ReadsDirect)
            {
                bool now = _session.BeginDirectBody(codec, out object instance, out outer);
                var list = (List<T>)instance;
                if (now)
                {
                    codec.ReadCount(_session.Reader, list);
                }
                value = list;
                return now;
            }
        }
        else
        {
            handle = _session.Reader.ReadVarUInt32();
        }
        value = (List<T>?)_session.ReadReferenceAfterHandle(handle, s, HandleOffset(handle));
        outer = 0;
        return false;
    }

    /// <summary>
    /// Where the handle just read started, for the general way's checks and messages: handles are minimal varints, so
    /// their length follows from their value (the fast ways do not keep the position before the handle in a register
    /// or a stack slot for an error they never report). Also <see cref="SlimGeneratedElements"/>' general way.
    /// </summary>
    internal long HandleOffset(uint handle) => _session.Reader.Position - VarInt.SizeOf(handle);

    /// <summary>
    /// The test of <see cref="BeginBody"/> (or, with <paramref name="newByCaller"/>, <see cref="BeginNew"/>) for the
    /// elements of one list in slot <paramref name="slot"/>, resolved once before its first element: see
    /// <see cref="SlimGeneratedElements"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public SlimGeneratedElements Elements(int slot, SlimGeneratedCodec codec, bool newByCaller)
    {
        ReferenceSlot s = _slots[slot];
        GeneratedDirectBody? direct = InPlace(s, codec);
        return direct is not null && (!newByCaller || direct.NewByCaller) ? new SlimGeneratedElements(s, direct) : new SlimGeneratedElements(s);
    }

    /// <summary>The message's session, for <see cref="SlimGeneratedElements"/>.</summary>
    internal ReadSession Session => _session;

    /// <summary>Ends a body that <see cref="BeginBody"/> or <see cref="BeginList{T}"/> started (<paramref name="outer"/>: what it gave).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndBody(int outer) => _session.EndDirectBody(outer);

    /// <summary>Reads a string field written by <see cref="SlimGeneratedWriter.WriteString"/> (or by any writer of the format).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string? ReadString(int slot) => _session.ReadInlineString(_slots[slot]);
}
