using System.ComponentModel;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Generated;

/// <summary>
/// What a generated body writes through the message's session: references (null, back-reference or a new object with
/// its type when the slot needs it) and strings, with the bytes and checks of the runtime codec.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct SlimGeneratedWriter
{
    private readonly WriteSession _session;
    private readonly ReferenceSlot[] _slots;

    internal SlimGeneratedWriter(WriteSession session, ReferenceSlot[] slots)
    {
        _session = session;
        _slots = slots;
    }

    /// <summary>Writes <paramref name="value"/> into reference slot number <paramref name="slot"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteReference(object? value, int slot) => _session.WriteReference(value, _slots[slot]);

    /// <summary>
    /// Writes a string field: null, a back-reference to the same string written before, or the string inline (its
    /// handle and its bytes in one room check).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteString(string? value) => _session.WriteInlineString(value);

    /// <summary>Writes a delegate field: refused unless null (a delegate means nothing in another process).</summary>
    public void WriteDelegate(object? value, int slot)
    {
        if (value is not null)
        {
            SlimThrow.Unsupported(_slots[slot].Name, CodecCache.DelegateAdvice);
        }
        _session.WriteReference(null, _slots[slot]);
    }
}
