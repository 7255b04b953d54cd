using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A boxed enum: its value in the underlying type's encoding (long and ulong enums keep all 64 bits). Any value of the
/// underlying type is accepted: .NET enums are not limited to their named members ([Flags] combinations, new members).
/// </summary>
internal sealed class EnumCodec<TEnum, TUnderlying> : SlimCodec where TEnum : struct, Enum
{
    private readonly Action<SlimWriter, TUnderlying> _write;
    private readonly Func<SlimReader, TUnderlying> _read;

    public EnumCodec(NativeTypeCodec underlying) : base(typeof(TEnum))
    {
        _write = underlying.GetWriter<TUnderlying>();
        _read = underlying.GetReader<TUnderlying>();
    }

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _write(writer, (TUnderlying)value);

    public override object ReadHeader(SlimReader reader, ReadSession session) => Enum.ToObject(typeof(TEnum), _read(reader)!);

    public override object CloneHeader(object source, CloneSession session) => source;
}
