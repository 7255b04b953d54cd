using Akka.Actor;
using Akka.Cluster;
using Akka.Cluster.Tools.PublishSubscribe;
using NFX.Tests.Akka.Messages;
using NFX.Tests.Akka.Support;

namespace NFX.Tests.Akka;

/// <summary>
/// A three-node Akka.Cluster on loopback running on Slim: it forms, delivers Slim messages through DistributedPubSub to
/// subscribers on every node (each replying through the actor reference in the message), and after one node leaves
/// the other two still deliver. Every wait polls for a condition (Eventually) or is an ExpectMsg, with a generous bound.
/// </summary>
public sealed class ClusterTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(60);

    /// <summary>Hands each order to the node's probe and replies to the order's ReplyTo with this node's address.</summary>
    private sealed class Subscriber : ReceiveActor
    {
        public Subscriber(IActorRef probe)
        {
            string self = Cluster.Get(Context.System).SelfAddress.ToString();
            Receive<Order>(order =>
            {
                probe.Tell(order);
                order.ReplyTo?.Tell(new Reply { OrderId = order.Id, Text = self });
            });
            Receive<SubscribeAck>(_ => { });
        }
    }

    [Test]
    public async Task ThreeNodes_FormAndDeliverThroughPubSub_TheRestStillDeliverAfterOneLeaves()
    {
        ActorSystem[] nodes = [.. Enumerable.Range(0, 3).Select(_ => ActorSystem.Create("cluster", AkkaConfigs.Of(AkkaConfigs.Cluster)))];
        Kit[] kits = [.. nodes.Select(n => new Kit(n))];
        try
        {
            Address seed = Cluster.Get(nodes[0]).SelfAddress;
            foreach (ActorSystem node in nodes)
            {
                Cluster.Get(node).Join(seed);
            }
            await Eventually.True(() => nodes.All(node => Cluster.Get(node).State.Members.Count(m => m.Status == MemberStatus.Up) == 3),
                s_timeout, "every node sees three members up");

            var probes = kits.Select(k => k.CreateTestProbe()).ToArray();
            for (int i = 0; i < nodes.Length; i++)
            {
                IActorRef subscriber = nodes[i].ActorOf(Props.Create(() => new Subscriber(probes[i].Ref)), "subscriber");
                DistributedPubSub.Get(nodes[i]).Mediator.Tell(new Subscribe("orders", subscriber), probes[i].Ref);
                probes[i].ExpectMsg<SubscribeAck>(s_timeout);
            }

            // Published from node 1; each node's subscriber replies to a probe on node 1 through the reference in the order.
            var replies = kits[1].CreateTestProbe();
            IActorRef mediator = DistributedPubSub.Get(nodes[1]).Mediator;
            long id = 0;
            var repliedFrom = new HashSet<string>();
            string[] addresses = [.. nodes.Select(n => Cluster.Get(n).SelfAddress.ToString())];
            await Eventually.True(() =>
            {
                mediator.Tell(new Publish("orders", new Order { Id = ++id, Shape = new Circle(id), Extra = new Rect(1, id), ReplyTo = replies.Ref }));
                while (replies.HasMessages)
                {
                    repliedFrom.Add(((Reply)replies.ReceiveOne(TimeSpan.Zero)!).Text!);
                }
                return repliedFrom.SetEquals(addresses);
            }, s_timeout, "every node's subscriber gets an order and replies through the reference in it");
            foreach (var probe in probes)
            {
                Order order = probe.ExpectMsg<Order>(s_timeout);
                Assert.That(order.Shape, Is.EqualTo(new Circle(order.Id)));
                Assert.That(order.Extra, Is.EqualTo(new Rect(1, order.Id)));
            }

            // Node 2 leaves; the cluster sees it gone; the other two still deliver to each other.
            await Cluster.Get(nodes[2]).LeaveAsync().WaitAsync(s_timeout);
            await nodes[2].Terminate().WaitAsync(s_timeout);
            Address[] remaining = [seed, Cluster.Get(nodes[1]).SelfAddress];
            await Eventually.True(() => Cluster.Get(nodes[0]).State.Members.Select(m => m.Address).ToHashSet().SetEquals(remaining),
                s_timeout, "the cluster sees the third node gone");
            const long after = 1_000_000;
            (bool local, bool remote) = (false, false);
            await Eventually.True(() =>
            {
                DistributedPubSub.Get(nodes[0]).Mediator.Tell(new Publish("orders", new Order { Id = after, Shape = new Rect(2, 2) }));
                local |= Drain(probes[0]).Any(o => o.Id == after && o.Shape is Rect);
                remote |= Drain(probes[1]).Any(o => o.Id == after && o.Shape is Rect);
                return local && remote;
            }, s_timeout, "both remaining nodes receive");
        }
        finally
        {
            await Task.WhenAll(nodes.Select(n => n.Terminate().WaitAsync(s_timeout)));
        }
    }

    private static List<Order> Drain(global::Akka.TestKit.TestProbe probe)
    {
        var orders = new List<Order>();
        while (probe.HasMessages)
        {
            if (probe.ReceiveOne(TimeSpan.Zero) is Order order)
            {
                orders.Add(order);
            }
        }
        return orders;
    }
}
