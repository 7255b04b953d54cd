using Akka.Actor;
using Akka.Serialization;
using NFX.Slim.Akka;
using NFX.Tests.Akka.Messages;

namespace NFX.Tests.Akka.Support;

/// <summary>
/// The order desk of the remote tests: answers an order with a reply (to the sender, and to the order's ReplyTo when
/// set), a negative id with Status.Failure of a typed exception, a linked list with its checked length, a ring with itself.
/// </summary>
public sealed class OrderDesk : ReceiveActor
{
    public OrderDesk()
    {
        Receive<Order>(order =>
        {
            if (order.Id < 0)
            {
                Sender.Tell(new Status.Failure(new OrderRejectedException($"order {order.Id} rejected", order.Id)));
                return;
            }
            var reply = new Reply { OrderId = order.Id, Text = $"{order.Shape?.GetType().Name}/{order.Extra?.GetType().Name}/{order.Shapes.Count}" };
            order.ReplyTo?.Tell(reply);
            Sender.Tell(reply);
        });
        Receive<ListNode>(head => Sender.Tell(ListNode.CountChecked(head)));
        Receive<RingNode>(ring => Sender.Tell(ring));
    }
}

/// <summary>Forwards everything it receives to <paramref name="target"/> (a probe of the receiving system).</summary>
public sealed class Forwarder : ReceiveActor
{
    public Forwarder(IActorRef target) => ReceiveAny(message => target.Forward(message));
}

/// <summary>
/// A sender that claims to be Slim (same identifier) but writes a <see cref="HostileBytes"/> message as its raw bytes:
/// how the tests put hostile bytes on an association. Everything else it writes and reads through Slim.
/// </summary>
public sealed class HostileSerializer(ExtendedActorSystem system) : Serializer(system)
{
    private readonly SlimAkkaSerializer _slim = new(system, new SlimAkkaOptions { AllowedNamespaces = ["NFX.Tests.Akka"] });

    public override int Identifier => SlimAkkaSerializer.SerializerIdentifier;

    public override bool IncludeManifest => false;

    public override byte[] ToBinary(object obj) => obj is HostileBytes hostile ? hostile.Bytes : _slim.ToBinary(obj);

    public override object FromBinary(byte[] bytes, Type type) => _slim.FromBinary(bytes, type);
}
