using System.Text;
using Akka.Actor;
using NFX.Slim;
using NFX.Slim.Akka;
using NFX.Tests.Akka.Messages;
using NFX.Tests.Akka.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Akka;

/// <summary>
/// Two actor systems over Akka.Remote (DotNetty TCP on 127.0.0.1, ports picked at start, serialize-messages on):
/// tell and ask with polymorphic messages, a cycle, a million-node list, an actor reference used to reply,
/// Status.Failure with a typed exception, and hostile bytes that are dropped while later messages still arrive.
/// </summary>
public sealed class RemoteTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(60);

    private ActorSystem _a = null!;
    private ActorSystem _b = null!;
    private Kit _kitA = null!;
    private Kit _kitB = null!;
    private IActorRef _desk = null!;

    [OneTimeSetUp]
    public async Task Start()
    {
        _a = AkkaConfigs.Remoting("a");
        _b = AkkaConfigs.Remoting("b");
        _kitA = new Kit(_a);
        _kitB = new Kit(_b);
        _b.ActorOf(Props.Create<OrderDesk>(), "desk");
        _desk = await _a.ActorSelection(new RootActorPath(AkkaConfigs.AddressOf(_b)) / "user" / "desk").ResolveOne(s_timeout);
    }

    [OneTimeTearDown]
    public void Stop()
    {
        _kitA.Shutdown();
        _kitB.Shutdown();
    }

    [Test]
    public async Task Ask_PolymorphicMessage_AnsweredFromTheOtherSystem()
    {
        var circle = new Circle(1);
        var order = new Order { Id = 11, Shape = circle, Extra = new Rect(2, 3), Shapes = [circle, new Rect(1, 1)] };

        var reply = await _desk.Ask<Reply>(order, s_timeout);

        Assert.That(_desk.Path.Address, Is.EqualTo(AkkaConfigs.AddressOf(_b)), "the desk is remote");
        Assert.That(reply.OrderId, Is.EqualTo(11));
        Assert.That(reply.Text, Is.EqualTo("Circle/Rect/2"));
    }

    [Test]
    public void Tell_ActorRefInMessage_ReplyReachesTheOriginalActor()
    {
        var probe = _kitA.CreateTestProbe();

        _desk.Tell(new Order { Id = 12, Shape = new Rect(1, 2), ReplyTo = probe.Ref }, ActorRefs.NoSender);

        Reply reply = probe.ExpectMsg<Reply>(s_timeout);
        Assert.That(reply.OrderId, Is.EqualTo(12));
        Assert.That(reply.Text, Is.EqualTo("Rect//0"));
        Assert.That(probe.LastSender.Path.Address, Is.EqualTo(AkkaConfigs.AddressOf(_b)));
    }

    [Test]
    public async Task Ask_Cycle_ComesBackWithItsIdentity()
    {
        var ring = new RingNode { Value = 1, Next = new RingNode { Value = 2 } };
        ring.Next.Next = ring;

        var copy = await _desk.Ask<RingNode>(ring, s_timeout);

        GraphAssert.AreEquivalent(ring, copy);
        Assert.That(copy.Next!.Next, Is.SameAs(copy));
    }

    [Test]
    public async Task Ask_MillionNodeList_EveryNodeArrives()
    {
        ListNode head = ListNode.Build(1_000_000);

        int count = await _desk.Ask<int>(head, TimeSpan.FromSeconds(120));

        Assert.That(count, Is.EqualTo(1_000_000));
    }

    [Test]
    public async Task Ask_Rejected_StatusFailureCarriesTheTypedException()
    {
        Exception? failure = null;
        try
        {
            object answer = await _desk.Ask<object>(new Order { Id = -5 }, s_timeout);
            failure = (answer as Status.Failure)?.Cause;
        }
        catch (OrderRejectedException e)
        {
            failure = e;
        }

        Assert.That(failure, Is.TypeOf<OrderRejectedException>());
        Assert.That(((OrderRejectedException)failure!).OrderId, Is.EqualTo(-5));
        Assert.That(failure.Message, Is.EqualTo("order -5 rejected"));
    }

    [Test]
    public async Task Tell_HostileBytes_DroppedAndLaterMessagesStillArrive()
    {
        // A third system whose serializer puts raw bytes on the wire under Slim's identifier.
        using ActorSystem hostile = ActorSystem.Create("hostile", AkkaConfigs.Of(AkkaConfigs.Remote, """
            akka.actor.serialize-messages = off
            akka.actor.serializers { hostile = "NFX.Tests.Akka.Support.HostileSerializer, NFX.Slim.Akka.Tests" }
            akka.actor.serialization-bindings { "System.Object" = hostile }
            """));
        var probe = _kitB.CreateTestProbe();
        _b.ActorOf(Props.Create(() => new Forwarder(probe.Ref)), "collector");
        IActorRef collector = await hostile.ActorSelection(new RootActorPath(AkkaConfigs.AddressOf(_b)) / "user" / "collector").ResolveOne(s_timeout);
        byte[] good = _a.Serialization.FindSerializerFor(new Order()).ToBinary(new Order { Id = 1 });
        // The plugin's own bytes (same known types), from a writer that allows what the reader refuses.
        var permissive = new SlimAkkaSerializer((ExtendedActorSystem)_a, new SlimAkkaOptions { AllowedAssemblies = ["System.Private.CoreLib"] });
        byte[][] attacks =
        [
            [.. Enumerable.Range(0, 200).Select(i => (byte)(i * 73 + 5))],                      // noise
            good[..^4],                                                                        // truncated
            permissive.ToBinary(new StringBuilder("not allowed")),                             // a type outside the policy
            new SlimSerializer().Serialize(new Order { Id = 2 }),                              // another registry of types
            [0x53, 0x4C, 0x02, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F],                            // a length beyond the message
        ];

        foreach (byte[] attack in attacks)
        {
            collector.Tell(new HostileBytes(attack));
        }
        collector.Tell(new Order { Id = 100 });
        collector.Tell(new Order { Id = 101 });

        // One association, one order: had any attack been delivered it would come first.
        Assert.That(probe.ExpectMsg<Order>(s_timeout).Id, Is.EqualTo(100));
        Assert.That(probe.ExpectMsg<Order>(s_timeout).Id, Is.EqualTo(101));
        await hostile.Terminate();
    }
}
