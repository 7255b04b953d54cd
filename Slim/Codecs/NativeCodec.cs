using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A boxed native value, a string, a byte array or a primitive array: written inline by the wire layer's own
/// encoding at first sight. Immutable values are shared by a deep clone; arrays are copied, and so is the box of a
/// struct a user format adds (<see cref="SharedValues"/>: only boxes of immutable values are shared).
/// </summary>
internal sealed class NativeCodec<T> : SlimCodec
{
    private readonly Action<SlimWriter, T> _write;
    private readonly Func<SlimReader, T> _read;
    private Func<object, object>? _copy; // arrays, and boxes that must not be shared

    public NativeCodec(NativeTypeCodec native) : base(typeof(T))
    {
        _write = native.GetWriter<T>();
        _read = native.GetReader<T>();
        CloneHeaderIsLeaf = true;
        CloneNeedsBody = false;
        if (typeof(T).IsSZArray && RuntimeCodecs.IsSupported)
        {
            // The typed copy is made at the first clone: a serializer that only writes and reads never needs it, and making
            // it (a generic method by reflection, and the definition found through a delegate in the static constructor)
            // was part of a fresh process's first codec of an array.
            _copy = FirstCopyOfVector;
        }
        else if (typeof(T).IsSZArray)
        {
            // Where no generic method can be made at run time: the same copy, through the runtime's array clone.
            _copy = static source => ((Array)source).Clone();
        }
        else if (typeof(T).IsArray)
        {
            _copy = static source => ((Array)source).Clone();
        }
        else if (typeof(T).IsValueType && !SharedValues.MayShareBox(typeof(T)))
        {
            _copy = static source => CopyBox(source);
        }
    }

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _write(writer, (T)value);

    public override object ReadHeader(SlimReader reader, ReadSession session) =>
        _read(reader) ?? throw new SlimFormatException($"A non-null {typeof(T).Name} was announced but its value is null (at offset {reader.Position}).", reader.Position);

    public override object CloneHeader(object source, CloneSession session) => _copy is null ? source : _copy(source);

    /// <summary>A new box holding the same value: unboxing copies the struct, returning it as object boxes the copy.</summary>
    private static object CopyBox(object source)
    {
        T value = (T)source;
        return value!;
    }

    /// <summary>
    /// A copy of a one-dimensional array: a new array and a block copy, not Array.Clone, which allocates through the
    /// runtime's slow path (docs/perf/notes.md). Memory that the copy overwrites whole is not zeroed first when the
    /// elements hold no references.
    /// </summary>
    private object FirstCopyOfVector(object source)
    {
        Func<object, object> copy = static source => ((Array)source).Clone();
        if (RuntimeCodecs.IsSupported)
        {
            MethodInfo definition = ((Func<object, object>)CopyVector<int>).Method.GetGenericMethodDefinition();
            copy = definition.MakeGenericMethod(typeof(T).GetElementType()!).CreateDelegate<Func<object, object>>();
        }
        _copy = copy;
        return copy(source);
    }

    private static object CopyVector<TElement>(object source)
    {
        var from = (TElement[])source;
        TElement[] copy = RuntimeHelpers.IsReferenceOrContainsReferences<TElement>() ? new TElement[from.Length] : GC.AllocateUninitializedArray<TElement>(from.Length);
        from.AsSpan().CopyTo(copy);
        return copy;
    }
}
