using Akka.Configuration;
using NFX.IO;

namespace NFX.Slim.Akka;

/// <summary>
/// A HOCON <see cref="Config"/> (in <c>Props</c>, <c>Deploy</c>, router settings): its value with fallbacks folded in,
/// written as quoted text that needs no substitution, and parsed back within the bounds of <see cref="HoconText"/>.
/// Its object model holds parser state that means nothing on another node.
/// </summary>
internal sealed class ConfigSerializer : ISlimTypeSerializer
{
    public Type Type => typeof(Config);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references)
    {
        var config = (Config)value;
        writer.WriteString(config.IsEmpty ? null : HoconText.Write(config));
    }

    public object Read(SlimReader reader, ISlimReferenceReader references) =>
        reader.ReadString() is { } text ? HoconText.Read(text) : Config.Empty;
}
