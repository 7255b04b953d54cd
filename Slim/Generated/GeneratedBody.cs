using System.Reflection;
using NFX.IO;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
using NFX.Slim.Cloning;
using NFX.Slim.Session;

namespace NFX.Slim.Generated;

/// <summary>
/// A generated codec bound to one serializer: its reference slots resolved in that serializer's codec cache, its body
/// as the delegates an <see cref="ObjectCodec"/> calls. Made only when the codec writes the bytes the runtime codec would
/// under that serializer's options (<see cref="TryBind"/>).
/// </summary>
internal sealed class GeneratedBody
{
    private GeneratedBody(SlimGeneratedCodec codec, ReferenceSlot[] slots)
    {
        Codec = codec;
        Slots = slots;
        // Methods of this body, not lambdas: the closure over codec and slots was a display class to JIT-compile at a
        // fresh process's first call. The same call through a delegate bound to one object either way.
        Write = WriteBody;
        Read = ReadBody;
        NewShell = codec.NewShell;
        if (codec.HasClone)
        {
            CloneFields = CloneBody;
        }
    }

    private void WriteBody(SlimWriter writer, object value, WriteSession session) => Codec.WriteBody(writer, value, new SlimGeneratedWriter(session, Slots));

    private void ReadBody(SlimReader reader, object instance, ReadSession session) => Codec.ReadBody(reader, instance, new SlimGeneratedReader(session, Slots));

    private void CloneBody(object source, object target, CloneSession session) => Codec.CloneBody(source, target, new SlimGeneratedCloner(session, Slots));

    /// <summary>The generated codec.</summary>
    public SlimGeneratedCodec Codec { get; }

    /// <summary>Its reference slots, resolved in the serializer's codec cache.</summary>
    public ReferenceSlot[] Slots { get; }

    /// <summary>The clone of the reference fields by the general engine, or null when the generator wrote no clone.</summary>
    public Action<object, object, CloneSession>? CloneFields { get; }

    /// <summary>
    /// The shallow copy that starts a clone: a new shell (<paramref name="newShell"/>, or an uninitialized object when it
    /// is null) with the value and string fields of the source copied in.
    /// </summary>
    public Func<object, object> CloneShell(Func<object>? newShell)
    {
        SlimGeneratedCodec codec = Codec;
        return newShell is null
            ? source =>
            {
                object shell = RuntimeHelpers.GetUninitializedObject(codec.Type);
                codec.CloneShell(source, shell);
                return shell;
            }
            : source =>
            {
                object shell = newShell();
                codec.CloneShell(source, shell);
                return shell;
            };
    }

    /// <summary>A new uninitialized object of the codec's type (its constructors kept by the codec's annotation).</summary>
    public object NewUninitialized() => RuntimeHelpers.GetUninitializedObject(Codec.Type);

    public Action<SlimWriter, object, WriteSession> Write { get; }

    public Action<SlimReader, object, ReadSession> Read { get; }

    /// <summary><c>() =&gt; new T()</c>, or null when the generated code has no such call.</summary>
    public Func<object>? NewShell { get; }

    /// <summary>
    /// The generated body of <paramref name="type"/> bound to <paramref name="codecs"/>, or null when there is none, when
    /// the fields it was generated for are not <paramref name="fields"/> (another build of the type), or when the
    /// serializer's options make the runtime codec write other bytes (a native type of its own format, a user serializer
    /// for strings).
    /// </summary>
    public static GeneratedBody? TryBind(Type type, FieldInfo[] fields, CodecCache codecs, StreamerFormat format)
    {
        if (!SlimGeneratedCodecs.TryGet(type, out SlimGeneratedCodec? codec) || !SameFields(codec, fields) ||
            !SameEncodings(fields, format) || codecs.SerializerFor(typeof(string)) is not null)
        {
            return null;
        }
        var slots = new ReferenceSlot[codec.Slots.Count];
        for (int i = 0; i < slots.Length; i++)
        {
            slots[i] = codecs.SlotFor(codec.Slots[i], codec.SlotNames[i]);
            if (codec.Slots[i].IsArray && codecs.Values.IsInlineNative(codec.Slots[i]))
            {
                // The runtime codec writes these arrays in place; the generated body does the same where the slot says so.
                slots[i].MarkInlineNative();
            }
        }
        return new GeneratedBody(codec, slots);
    }

    private static bool SameFields(SlimGeneratedCodec codec, FieldInfo[] fields)
    {
        if (codec.Fields.Count != fields.Length)
        {
            return false;
        }
        for (int i = 0; i < fields.Length; i++)
        {
            string expected = codec.Fields[i];
            FieldInfo field = fields[i];
            string declaring = field.DeclaringType!.Name;
            if (expected.Length != declaring.Length + 1 + field.Name.Length || !expected.StartsWith(declaring, StringComparison.Ordinal) ||
                expected[declaring.Length] != '.' || !expected.EndsWith(field.Name, StringComparison.Ordinal))
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>
    /// True when every value type the fields hold, at any depth of the structs written in place, is encoded by
    /// <paramref name="format"/> as by the default format the generator wrote for: natively by the same row, or field by
    /// field in both.
    /// </summary>
    private static bool SameEncodings(FieldInfo[] fields, StreamerFormat format) =>
        ReferenceEquals(format, StreamerFormat.Default) || SameEncodingsInOwnFormat(fields, format);

    // Only a serializer of a format of its own gets here: compiling this walk (its collections and closure) is not a cost of
    // every process's first generated codec.
    private static bool SameEncodingsInOwnFormat(FieldInfo[] fields, StreamerFormat format)
    {
        if (!SameRow(typeof(string), format))
        {
            return false;
        }
        var seen = new HashSet<Type>();
        var pending = new Stack<Type>(fields.Select(field => field.FieldType));
        while (pending.Count != 0)
        {
            Type type = pending.Pop();
            if (!type.IsValueType || !seen.Add(type))
            {
                continue;
            }
            if (!SameRow(type, format))
            {
                return false;
            }
            if (StreamerFormat.Default.IsNative(type))
            {
                continue;
            }
            if (type.IsEnum)
            {
                pending.Push(Enum.GetUnderlyingType(type));
            }
            else if (Nullable.GetUnderlyingType(type) is { } inner)
            {
                pending.Push(inner);
            }
            else
            {
                foreach (FieldInfo field in FieldLayout.Of(type))
                {
                    pending.Push(field.FieldType);
                }
            }
        }
        return true;
    }

    private static bool SameRow(Type type, StreamerFormat format)
    {
        bool builtIn = StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? expected);
        bool native = format.TryGetCodec(type, out NativeTypeCodec? actual);
        return builtIn == native && ReferenceEquals(expected, actual);
    }
}
