using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>A <see cref="Uri"/>: its original string, inline (absolute and relative URIs both round-trip).</summary>
internal sealed class UriCodec : SlimCodec
{
    public UriCodec() : base(typeof(Uri)) { }

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => writer.WriteString(((Uri)value).OriginalString);

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        long offset = reader.Position;
        string? text = reader.ReadString();
        if (text is null || !Uri.TryCreate(text, UriKind.RelativeOrAbsolute, out Uri? uri))
        {
            throw new SlimFormatException($"Invalid URI at offset {offset}.", offset);
        }
        return uri;
    }

    public override object CloneHeader(object source, CloneSession session) => source; // Uri is immutable
}
