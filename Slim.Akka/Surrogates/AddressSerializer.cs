using Akka.Actor;
using NFX.IO;

namespace NFX.Slim.Akka;

/// <summary>An <see cref="Address"/> (<c>akka.tcp://system@host:port</c>): its text, parsed back on read within <see cref="ActorPathText.MaxChars"/>.</summary>
internal sealed class AddressSerializer : ISlimTypeSerializer
{
    public Type Type => typeof(Address);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => writer.WriteString(((Address)value).ToString());

    public object Read(SlimReader reader, ISlimReferenceReader references) => ActorPathText.ParseAddress(reader.ReadString());
}
