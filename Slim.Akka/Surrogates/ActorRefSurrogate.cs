using Akka.Actor;
using NFX.IO;

namespace NFX.Slim.Akka;

/// <summary>
/// Every <see cref="IActorRef"/> (a surrogate for the interface): written as its full path with the actor's UID, as Akka
/// names it for the node the message goes to, and resolved on read through the system's provider, so a reference to a
/// local actor comes back as a remote reference on another node and a reply to a stopped incarnation does not reach
/// its successor. <see cref="ActorRefs.Nobody"/> is written as a null path.
/// </summary>
internal sealed class ActorRefSurrogate(ExtendedActorSystem system) : ISlimTypeSerializer
{
    public Type Type => typeof(IActorRef);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) =>
        writer.WriteString(value is Nobody ? null : global::Akka.Serialization.Serialization.SerializedActorPath((IActorRef)value));

    public object Read(SlimReader reader, ISlimReferenceReader references)
    {
        string? path = reader.ReadString();
        return path is null ? ActorRefs.Nobody : system.Provider.ResolveActorRef(path);
    }
}
