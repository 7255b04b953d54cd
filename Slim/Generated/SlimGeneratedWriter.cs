using System.ComponentModel;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

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
    public void WriteString(string? value)
    {
        // The common cases in a leaf without a frame; the rest by a second call, rarely.
        int status = WriteSession.WriteInlineStringInRoom(_session, value);
        if (status != WriteSession.StringWritten)
        {
            _session.WriteInlineStringRest(value, status);
        }
    }

    /// <summary>
    /// Starts writing a reference to an array the format writes natively (its slot's declared type) in place: writes null,
    /// a back-reference, or any other array the general way and returns false; for a new array of exactly the declared
    /// type that the serializer writes inline, writes its handle and returns true, and the caller writes the array with
    /// the writer's method for it. The bytes of <see cref="WriteReference"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginInline(object? value, int slot)
    {
        if (value is null)
        {
            _session.Writer.WriteByte((byte)WireHandle.Null);
            return false;
        }
        ReferenceSlot s = _slots[slot];
        if (TypeHandles.Of(value) != s.DeclaredTypeHandle || !s.IsInlineNative)
        {
            _session.WriteReferenceOutOfLine(value, s);
            return false;
        }
        if (_session.TryWriteBackReference(value))
        {
            return false;
        }
        _session.Writer.WriteByte((byte)WireHandle.NewOfDeclaredType);
        return true;
    }

    /// <summary>
    /// Starts writing a reference in slot <paramref name="slot"/>, whose declared class has the generated codec
    /// <paramref name="codec"/>: for a new object of exactly that class whose body the session writes now, writes its
    /// announcement, gives <paramref name="body"/> (the view the class's body writes its own references through) and
    /// returns true; the caller then writes the body with the codec's fields writer and calls <see cref="EndBody"/>.
    /// Anything else (null, a back-reference, another class, a body that waits in the queue, a type whose codec is not
    /// that generated one) is written the session's way here, and false is returned. The bytes of <see cref="WriteReference"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginBody(object? value, int slot, SlimGeneratedCodec codec, out SlimGeneratedWriter body)
    {
        ReferenceSlot s = _slots[slot];
        if (value is not null && TypeHandles.Of(value) == s.DeclaredTypeHandle)
        {
            GeneratedDirectBody direct = s.DirectBody(_session.Codecs, codec);
            if (direct.Slots is { } slots)
            {
                body = new SlimGeneratedWriter(_session, slots);
                return _session.BeginDirectBody(value, s, direct.Codec);
            }
        }
        if (value is null)
        {
            _session.Writer.WriteByte((byte)WireHandle.Null);
        }
        else
        {
            _session.WriteReferenceOutOfLine(value, s);
        }
        body = default;
        return false;
    }

    /// <summary>
    /// Starts writing a reference in slot <paramref name="slot"/>, declared as a <c>List&lt;T&gt;</c>: for a new list of
    /// exactly that type, written by the list codec, whose body the session writes now, writes its announcement and
    /// returns true; the caller then writes the body (the count, then each element in the list codec's element slot)
    /// and calls <see cref="EndBody"/>. Anything else is written the session's way here, and false is returned. The
    /// bytes of <see cref="WriteReference"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginList(object? value, int slot)
    {
        ReferenceSlot s = _slots[slot];
        if (value is not null && TypeHandles.Of(value) == s.DeclaredTypeHandle && s.ExactCodec(_session.Codecs) is { IsPlainList: true } codec)
        {
            return _session.BeginDirectBody(value, s, codec);
        }
        if (value is null)
        {
            _session.Writer.WriteByte((byte)WireHandle.Null);
        }
        else
        {
            _session.WriteReferenceOutOfLine(value, s);
        }
        return false;
    }

    /// <summary>Ends a body that <see cref="BeginBody"/> or <see cref="BeginList"/> started.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndBody() => _session.EndDirectBody();

    /// <summary>
    /// For an exception filter around a body written in place (<see cref="BeginBody"/>): records
    /// <paramref name="value"/> as the object whose body failed, for the error message, and returns false.
    /// </summary>
    public bool NoteFailedIn(object value) => _session.NoteFailedInBody(value);

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
