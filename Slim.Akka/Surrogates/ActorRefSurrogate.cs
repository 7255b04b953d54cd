using Akka.Actor;
using NFX.IO;

namespace NFX.Slim.Akka;

/// <summary>
/// Every <see cref="IActorRef"/> (a surrogate for the interface): written as its full path with the actor's UID, as Akka
/// names it for the node the message goes to, and resolved on read through the system's provider, so a reference to a
/// local actor comes back as a remote reference on another node and a reply to a stopped incarnation does not reach
/// its successor. <see cref="ActorRefs.Nobody"/> is written as a null path.
/// </summary>
/// <remarks>
/// The path is parsed here, within <see cref="ActorPathText"/>'s bounds, and resolved as a parsed path: the provider's
/// resolve by text keeps every reference to another node in per-thread caches of 1,024 entries whatever their size,
/// so a stream of distinct paths from one sender would stay in memory; a parsed path is resolved without them.
/// </remarks>
internal sealed class ActorRefSurrogate(ExtendedActorSystem system) : ISlimTypeSerializer
{
    public Type Type => typeof(IActorRef);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) =>
        writer.WriteString(value is Nobody ? null : global::Akka.Serialization.Serialization.SerializedActorPath((IActorRef)value));

    public object Read(SlimReader reader, ISlimReferenceReader references)
    {
        string? text = reader.ReadString();
        if (text is null)
        {
            return ActorRefs.Nobody;
        }
        ActorPath path = ActorPathText.Parse(text);
        IActorRef resolved = system.Provider.ResolveActorRef(path);
        // The local provider resolves a path by its names alone: a reference to a stopped incarnation would reach the
        // actor that took its name. A UID that differs from the live actor's makes it a reference to nobody (its
        // messages become dead letters), as the remote provider does.
        return path.Uid != 0 && resolved.Path.Uid != 0 && resolved.Path.Uid != path.Uid
            ? new EmptyLocalActorRef(system.Provider, path, system.EventStream)
            : resolved;
    }
}
