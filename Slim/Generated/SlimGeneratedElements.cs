using System.ComponentModel;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Generated;

/// <summary>
/// The per-element test of a list's elements read in place, resolved once per list
/// (<see cref="SlimGeneratedReader.Elements"/>): when the list's slot reads in place at the list's start, each element's
/// handle byte and the message's plans are still tested per element, and anything else (a back-reference, null, another
/// type, a plan learned inside the list) is read the general way with every check; when it does not (no element of the
/// slot read the full way yet, or a plan in use), every element takes <see cref="SlimGeneratedReader.BeginBody"/> or
/// <see cref="SlimGeneratedReader.BeginNew"/> as before, so the list's first element is still read the full way.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct SlimGeneratedElements
{
    private readonly ReferenceSlot _slot;
    private readonly ReferenceSlot[]? _bodySlots; // the direct body's bound slots; null: resolved per element
    private readonly SlimCodec? _codec;

    internal SlimGeneratedElements(ReferenceSlot slot) => _slot = slot;

    internal SlimGeneratedElements(ReferenceSlot slot, GeneratedDirectBody direct)
    {
        _slot = slot;
        _bodySlots = direct.Slots;
        _codec = direct.Codec;
    }

    /// <summary>
    /// <see cref="SlimGeneratedReader.BeginBody"/> for one element (<paramref name="references"/>, <paramref name="slot"/>
    /// and <paramref name="codec"/>: what was given to <see cref="SlimGeneratedReader.Elements"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginBody(SlimGeneratedReader references, int slot, SlimGeneratedCodec codec, out object? value, out SlimGeneratedReader body, out int outer)
    {
        if (_bodySlots is not { } slots)
        {
            return references.BeginBody(slot, codec, out value, out body, out outer);
        }
        ReadSession session = references.Session;
        if (session.Reader.TrySkip((byte)WireHandle.NewOfDeclaredType))
        {
            if (session.ReadsDirect)
            {
                body = new SlimGeneratedReader(session, slots);
                bool now = session.BeginDirectBody(_codec!, out object instance, out outer);
                value = instance;
                return now;
            }
            value = references.ReadOneByteGeneral(_slot);
            body = default;
            outer = 0;
            return false;
        }
        // A back-reference, null, the list's first element of its type in a PerCall message (its entry crosses with
        // it: in place when the entry came through the session's chain) or the general way: as the reader's BeginBody.
        return references.AfterHandle(session.Reader.ReadVarUInt32(), _slot, codec, newByCaller: false, out value, out body, out outer);
    }

    /// <summary>
    /// <see cref="SlimGeneratedReader.BeginNew"/> for one element (<paramref name="references"/>, <paramref name="slot"/>
    /// and <paramref name="codec"/>: what was given to <see cref="SlimGeneratedReader.Elements"/>); the caller continues
    /// with <see cref="OpenBody"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginNew(SlimGeneratedReader references, int slot, SlimGeneratedCodec codec, out object? value, out SlimGeneratedReader body)
    {
        if (_bodySlots is not { } slots)
        {
            return references.BeginNew(slot, codec, out value, out body);
        }
        ReadSession session = references.Session;
        if (session.Reader.TrySkip((byte)WireHandle.NewOfDeclaredType))
        {
            if (session.ReadsDirect)
            {
                session.BeginInlineAfterHandle(); // the object limit, as for an inline value
                body = new SlimGeneratedReader(session, slots);
                value = null;
                return true;
            }
            value = references.ReadOneByteGeneral(_slot);
            body = default;
            return false;
        }
        return references.AfterHandle(session.Reader.ReadVarUInt32(), _slot, codec, newByCaller: true, out value, out body, out _);
    }

    /// <summary><see cref="SlimGeneratedReader.OpenBody"/> for an element that <see cref="BeginNew"/> created.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool OpenBody(SlimGeneratedReader references, object instance, out int outer) =>
        references.Session.OpenDirectBody(_slot.ShellCodec!, instance, out outer);
}
