using Akka.Configuration;
using NFX.IO;

namespace NFX.Slim.Akka;

/// <summary>
/// A HOCON <see cref="Config"/> (in <c>Props</c>, <c>Deploy</c>, router settings): its text with fallbacks folded in,
/// parsed back on read. Its object model holds parser state that means nothing on another node.
/// </summary>
internal sealed class ConfigSerializer : ISlimTypeSerializer
{
    public Type Type => typeof(Config);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references)
    {
        var config = (Config)value;
        writer.WriteString(config.IsEmpty ? null : config.ToString(includeFallback: true));
    }

    public object Read(SlimReader reader, ISlimReferenceReader references) =>
        reader.ReadString() is { } text ? ConfigurationFactory.ParseString(text) : Config.Empty;
}
