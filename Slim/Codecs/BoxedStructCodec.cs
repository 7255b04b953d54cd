using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A boxed struct that is not native (a user struct, a KeyValuePair, a ValueTuple): its fields, inline. A struct value
/// exists only once its fields do, so a field that refers back to the box itself (through inline values only) cannot
/// be rebuilt: the writer and DeepClone refuse it with the member path. A cycle through an ordinary object is fine.
/// A deep clone never shares the box: a struct behind an interface can change itself, so the clone gets its own box
/// (the session maps the source box to it, so two references to one box stay one box in the clone).
/// </summary>
internal sealed class BoxedStructCodec<T>(ValueExpressions values) : SlimCodec(typeof(T)) where T : struct
{
    private readonly ElementAccess<T> _value = new(values, typeof(T).Name);

    public override bool HasBody => false;

    public override bool HeaderReadsReferences => !_value.IsPlainData;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _value.Write(writer, (T)value, session);

    public override object ReadHeader(SlimReader reader, ReadSession session) => _value.Read(reader, session);

    public override object CloneHeader(object source, CloneSession session) =>
        _value.IsPlainData ? CopyBox((T)source) : _value.Clone((T)source, session);

    /// <summary>A new box holding the same value: unboxing copies the struct, and returning it as object boxes the copy.</summary>
    private static object CopyBox(T value) => value;
}
