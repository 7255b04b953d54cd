using System.ComponentModel;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
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

    /// <summary>Reads a string field written by <see cref="SlimGeneratedWriter.WriteString"/> (or by any writer of the format).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string? ReadString(int slot) => _session.ReadInlineString(_slots[slot]);
}
