using System.Globalization;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Codecs;

/// <summary>
/// A <see cref="CultureInfo"/> by its name, inline (its own ISerializable form throws on this platform once its
/// TextInfo was used). Reading yields the runtime's read-only instance for that name, and so does a clone, so a copy
/// never shares a culture the program may change; the name must be one of the allowed cultures
/// (<see cref="SlimOptions.AllowedCultures"/>), as for <see cref="CompareInfoCodec"/>.
/// </summary>
internal sealed class CultureInfoCodec : SlimCodec
{
    private readonly CultureNames _cultures;

    public CultureInfoCodec(CultureNames cultures) : base(typeof(CultureInfo)) => _cultures = cultures;

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => writer.WriteString(((CultureInfo)value).Name);

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        long offset = reader.Position;
        string name = reader.ReadString() ?? throw new SlimFormatException($"A null culture name at offset {offset}.", offset);
        // Only a name of the bounded set reaches the runtime, whose culture cache never shrinks.
        if (!_cultures.TryGet(name, out string? canonical))
        {
            throw new SlimCultureNotAllowedException(name, offset);
        }
        try
        {
            return CultureInfo.GetCultureInfo(canonical);
        }
        catch (CultureNotFoundException)
        {
            throw new SlimFormatException($"Unknown culture name '{canonical}' for a CultureInfo at offset {offset}.", offset);
        }
    }

    public override object CloneHeader(object source, CloneSession session) => CultureInfo.GetCultureInfo(((CultureInfo)source).Name);
}
