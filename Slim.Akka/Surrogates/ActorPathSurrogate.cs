using Akka.Actor;
using NFX.IO;

namespace NFX.Slim.Akka;

/// <summary>
/// Every <see cref="ActorPath"/> (root and child paths): its serialization format, with the UID, parsed back on read
/// within the bounds of <see cref="ActorPathText"/>.
/// </summary>
internal sealed class ActorPathSurrogate : ISlimTypeSerializer
{
    public Type Type => typeof(ActorPath);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => writer.WriteString(((ActorPath)value).ToSerializationFormat());

    public object Read(SlimReader reader, ISlimReferenceReader references) => ActorPathText.Parse(reader.ReadString());
}
