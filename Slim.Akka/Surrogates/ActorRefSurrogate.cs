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
        if (path is null)
        {
            return ActorRefs.Nobody;
        }
        IActorRef resolved = system.Provider.ResolveActorRef(path);
        // The local provider resolves a path by its names alone: a reference to a stopped incarnation would reach the
        // actor that took its name. A UID that differs from the live actor's makes it a reference to nobody (its
        // messages become dead letters), as the remote provider does.
        long uid = UidOf(path);
        return uid != 0 && resolved.Path.Uid != 0 && resolved.Path.Uid != uid && ActorPath.TryParse(path, out ActorPath? stale) && stale is not null
            ? new EmptyLocalActorRef(system.Provider, stale, system.EventStream)
            : resolved;
    }

    private static long UidOf(string path)
    {
        int hash = path.LastIndexOf('#');
        return hash >= 0 && long.TryParse(path.AsSpan(hash + 1), System.Globalization.NumberStyles.AllowLeadingSign,
            System.Globalization.CultureInfo.InvariantCulture, out long uid) ? uid : 0;
    }
}
