using System.Globalization;
using Akka.Actor;
using Akka.Cluster;
using Akka.Cluster.Sharding;
using NFX.Tests.Akka.Messages;
using NFX.Tests.Akka.Support;

namespace NFX.Tests.Akka;

/// <summary>
/// A three-node Akka.Cluster on loopback running on Slim, with Cluster.Sharding: orders sent to the shard region of one
/// node reach their entities on every node (each entity replies through the actor reference in the order); after one
/// node shuts down gracefully (its shards handed off), every new order is still answered, by the two nodes left.
/// </summary>
public sealed class ShardingTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(90);

    private const string Sharding = """
        akka.cluster.sharding.rebalance-interval = 1s
        akka.cluster.sharding.retry-interval = 200ms
        akka.cluster.sharding.handoff-timeout = 10s
        """;

    /// <summary>An order entity: replies to the order's ReplyTo with this node's address.</summary>
    private sealed class OrderEntity : ReceiveActor
    {
        public OrderEntity()
        {
            string self = Cluster.Get(Context.System).SelfAddress.ToString();
            Receive<Order>(order => order.ReplyTo?.Tell(new Reply { OrderId = order.Id, Text = self }));
        }
    }

    /// <summary>The entity is the order id; ten shards.</summary>
    private sealed class OrderExtractor() : HashCodeMessageExtractor(10)
    {
        public override string EntityId(object message) => ((Order)message).Id.ToString(CultureInfo.InvariantCulture);
    }

    [Test]
    public async Task ThreeNodes_OrdersReachEntitiesOnEveryNode_StillAnsweredAfterOneShutsDown()
    {
        ActorSystem[] nodes = [.. Enumerable.Range(0, 3).Select(_ => ActorSystem.Create("sharded", AkkaConfigs.Of(AkkaConfigs.Cluster, Sharding)))];
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
            IActorRef[] regions = await Task.WhenAll(nodes.Select(node => ClusterSharding.Get(node).StartAsync(
                "orders", Props.Create<OrderEntity>(), ClusterShardingSettings.Create(node), new OrderExtractor())));

            var replies = kits[0].CreateTestProbe();
            string[] everyNode = [.. nodes.Select(n => Cluster.Get(n).SelfAddress.ToString())];
            var answeredBy = new HashSet<string>();
            long id = 0;
            await Eventually.True(() =>
            {
                for (int i = 0; i < 10; i++)
                {
                    regions[0].Tell(new Order { Id = ++id, Shape = new Circle(id), ReplyTo = replies.Ref });
                }
                while (replies.HasMessages)
                {
                    answeredBy.Add(((Reply)replies.ReceiveOne(TimeSpan.Zero)!).Text!);
                }
                return answeredBy.SetEquals(everyNode);
            }, s_timeout, "orders sent to one node's region reach entities on all three nodes");

            // Node 2 shuts down the way a deploy stops it: its shards are handed off, it leaves, its system terminates.
            await CoordinatedShutdown.Get(nodes[2]).Run(CoordinatedShutdown.ClusterLeavingReason.Instance).WaitAsync(s_timeout);
            string[] remaining = [everyNode[0], everyNode[1]];
            await Eventually.True(() => Cluster.Get(nodes[0]).State.Members.Select(m => m.Address.ToString()).ToHashSet().SetEquals(remaining),
                s_timeout, "the cluster sees the third node gone");
            while (replies.HasMessages)
            {
                replies.ReceiveOne(TimeSpan.Zero);
            }
            // Every one of a batch of new orders (all ten shards) is answered, by the two nodes left.
            const long first = 1_000_000;
            var answered = new HashSet<long>();
            var answeredAfter = new HashSet<string>();
            await Eventually.True(() =>
            {
                for (long order = first; order < first + 30; order++)
                {
                    if (!answered.Contains(order))
                    {
                        regions[1].Tell(new Order { Id = order, Extra = new Rect(1, 1), ReplyTo = replies.Ref });
                    }
                }
                while (replies.HasMessages)
                {
                    if (replies.ReceiveOne(TimeSpan.Zero) is Reply { OrderId: >= first } reply)
                    {
                        answered.Add(reply.OrderId);
                        answeredAfter.Add(reply.Text!);
                    }
                }
                return answered.Count == 30;
            }, s_timeout, "every order after the shutdown is answered");
            Assert.That(answeredAfter, Is.SubsetOf(remaining));
        }
        finally
        {
            await Task.WhenAll(nodes.Select(n => n.Terminate().WaitAsync(s_timeout)));
        }
    }
}
