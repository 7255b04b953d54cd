using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A boxed native value, a string, a byte array or a primitive array: written inline by the wire layer's own
/// encoding at first sight. Immutable values are shared by a deep clone; arrays are copied.
/// </summary>
internal sealed class NativeCodec<T> : SlimCodec
{
    private readonly Action<SlimWriter, T> _write;
    private readonly Func<SlimReader, T> _read;
    private readonly bool _isArray = typeof(T).IsArray;

    public NativeCodec(NativeTypeCodec native) : base(typeof(T))
    {
        _write = native.GetWriter<T>();
        _read = native.GetReader<T>();
    }

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _write(writer, (T)value);

    public override object ReadHeader(SlimReader reader, ReadSession session) =>
        _read(reader) ?? throw new SlimFormatException($"A non-null {typeof(T).Name} was announced but its value is null (at offset {reader.Position}).", reader.Position);

    public override object CloneHeader(object source, CloneSession session) => _isArray ? ((Array)source).Clone() : source;
}
