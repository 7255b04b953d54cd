using System.Collections.Immutable;
using System.Runtime.Serialization;
using Akka.Actor;
using Akka.Configuration;
using Akka.Event;
using Akka.Remote;
using Akka.Routing;
using Akka.Serialization;
using NFX.Slim.Akka;
using NFX.Tests.Akka.Messages;
using NFX.Tests.Akka.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Akka;

/// <summary>
/// The cases of Akka's serializer spec (AkkaSerializationSpec: Akka.Serialization.TestKit is not served here), run
/// against the plugin through Akka's own Serialization: actor references with UID, Props / Deploy / routers / Config /
/// supervisor strategies nested in a message, surrogates, private constructors, immutable messages, exceptions.
/// </summary>
public sealed class SerializerSpecTests
{
    private ActorSystem _system = null!;
    private Kit _kit = null!;

    [OneTimeSetUp]
    public void Start()
    {
        _system = AkkaConfigs.Local("spec");
        _kit = new Kit(_system);
    }

    [OneTimeTearDown]
    public void Stop()
    {
        _kit.Shutdown();
    }

    private Serializer SerializerOf(object message) => _system.Serialization.FindSerializerFor(message);

    /// <summary>Through Akka's Serialization, the way remoting and serialize-messages use it.</summary>
    private T RoundTrip<T>(T message)
    {
        Serializer serializer = SerializerOf(message!);
        Assert.That(serializer, Is.TypeOf<SlimAkkaSerializer>(), $"Slim serializes a {message!.GetType()}");
        byte[] bytes = serializer.ToBinary(message);
        return (T)_system.Serialization.Deserialize(bytes, serializer.Identifier, typeof(T));
    }

    [Test]
    public void Serializer_Registered_IdentifierOutsideAkkasReservedRangeAndNoManifest()
    {
        Serializer serializer = SerializerOf(new Order());

        Assert.That(serializer.Identifier, Is.EqualTo(SlimAkkaSerializer.SerializerIdentifier).And.GreaterThan(40));
        Assert.That(serializer.IncludeManifest, Is.False);
    }

    [Test]
    public void RoundTrip_PolymorphicMessage_WholeGraphEqual()
    {
        var circle = new Circle(2);
        var order = new Order
        {
            Id = 7, Customer = "Acme", Extra = new Rect(1, 2), Shape = circle, Shapes = [circle, new Rect(3, 4), circle],
            Attributes = { ["n"] = 5, ["s"] = "x", ["shape"] = circle, ["none"] = null },
        };

        GraphAssert.AreEquivalent(order, RoundTrip(order));
    }

    [Test]
    public void RoundTrip_Cycle_IdentityKept()
    {
        var first = new RingNode { Value = 1, Next = new RingNode { Value = 2, Next = new RingNode { Value = 3 } } };
        first.Next.Next!.Next = first;

        RingNode copy = RoundTrip(first);

        GraphAssert.AreEquivalent(first, copy);
        Assert.That(copy.Next!.Next!.Next, Is.SameAs(copy));
    }

    [Test]
    public void RoundTrip_LocalActorRef_SameActorWithItsUid()
    {
        IActorRef echo = _system.ActorOf(Props.Create<EchoActor>(), "echo-ref");

        var copy = RoundTrip(new Carrier { Actor = echo, Any = echo });

        Assert.That(copy.Actor, Is.EqualTo(echo));
        Assert.That(copy.Actor!.Path.Uid, Is.EqualTo(echo.Path.Uid).And.Not.Zero);
        Assert.That(copy.Any, Is.SameAs(copy.Actor));
        Assert.That(copy.Actor.Ask<string>("hello", TimeSpan.FromSeconds(30)).Result, Is.EqualTo("hello"));
    }

    [Test]
    public void RoundTrip_NobodyAndNoSender_ComeBackAsThemselves()
    {
        var copy = RoundTrip(new Carrier { Actor = ActorRefs.Nobody, Any = null });

        Assert.That(copy.Actor, Is.SameAs(ActorRefs.Nobody));
        Assert.That(copy.Any, Is.Null);
    }

    [Test]
    public void RoundTrip_RefToStoppedIncarnation_DoesNotReachItsSuccessor()
    {
        IActorRef first = _system.ActorOf(Props.Create<EchoActor>(), "incarnation");
        byte[] bytes = SerializerOf(new Carrier()).ToBinary(new Carrier { Actor = first });
        TestProbeWatch(first);
        IActorRef second = _system.ActorOf(Props.Create<EchoActor>(), "incarnation");
        var deadLetters = _kit.CreateTestProbe();
        _system.EventStream.Subscribe(deadLetters.Ref, typeof(DeadLetter));

        var copy = (Carrier)_system.Serialization.Deserialize(bytes, SlimAkkaSerializer.SerializerIdentifier, typeof(Carrier));
        copy.Actor!.Tell("for the first one");

        Assert.That(copy.Actor, Is.Not.EqualTo(second));
        Assert.That(second.Path.Uid, Is.Not.EqualTo(first.Path.Uid));
        deadLetters.FishForMessage(m => m is DeadLetter { Message: "for the first one" }, TimeSpan.FromSeconds(30));
        _system.EventStream.Unsubscribe(deadLetters.Ref);
    }

    private void TestProbeWatch(IActorRef actor)
    {
        var watcher = _kit.CreateTestProbe();
        watcher.Watch(actor);
        actor.Tell(PoisonPill.Instance);
        watcher.ExpectTerminated(actor, TimeSpan.FromSeconds(30));
    }

    [Test]
    public void RoundTrip_ActorPathAndAddress_EqualWithUid()
    {
        IActorRef echo = _system.ActorOf(Props.Create<EchoActor>(), "echo-path");
        var address = new Address("akka.tcp", "other", "10.0.0.1", 2552);

        var copy = RoundTrip(new Carrier { Path = echo.Path, Address = address, Any = ActorPath.Parse("akka.tcp://other@10.0.0.1:2552/user/a/b#42") });

        Assert.That(copy.Path, Is.EqualTo(echo.Path));
        Assert.That(copy.Path!.Uid, Is.EqualTo(echo.Path.Uid));
        Assert.That(copy.Address, Is.EqualTo(address));
        Assert.That(((ActorPath)copy.Any!).ToSerializationFormat(), Is.EqualTo("akka.tcp://other@10.0.0.1:2552/user/a/b#42"));
    }

    [Test]
    public void RoundTrip_PropsWithRouterDeployAndSupervisor_Nested()
    {
        var strategy = new OneForOneStrategy(3, TimeSpan.FromSeconds(5),
            Decider.From(Directive.Restart, new KeyValuePair<Type, Directive>(typeof(ArgumentException), Directive.Stop)));
        Props props = Props.Create<EchoActor>().WithRouter(new RoundRobinPool(4)).WithSupervisorStrategy(strategy).WithDispatcher("akka.actor.default-dispatcher");

        var copy = RoundTrip(new Carrier { Props = props, Strategy = strategy, Router = new RoundRobinPool(4) });

        Assert.That(copy.Props!.Type, Is.EqualTo(typeof(EchoActor)));
        Assert.That(copy.Props.RouterConfig, Is.EqualTo(props.RouterConfig));
        Assert.That(((Pool)copy.Props.RouterConfig).NrOfInstances, Is.EqualTo(4));
        Assert.That(copy.Props.Dispatcher, Is.EqualTo("akka.actor.default-dispatcher"));
        Assert.That(copy.Props.Deploy, Is.EqualTo(props.Deploy));
        var copiedStrategy = (OneForOneStrategy)copy.Strategy!;
        Assert.That(copiedStrategy.MaxNumberOfRetries, Is.EqualTo(3));
        Assert.That(copiedStrategy.WithinTimeRangeMilliseconds, Is.EqualTo(5000));
        Assert.That(copiedStrategy.Decider.Decide(new ArgumentException()), Is.EqualTo(Directive.Stop));
        Assert.That(copiedStrategy.Decider.Decide(new InvalidOperationException()), Is.EqualTo(Directive.Restart));
        Assert.That(copy.Router, Is.EqualTo(new RoundRobinPool(4)));
    }

    [Test]
    public void RoundTrip_DeployWithRemoteScopeAndConfig_Equal()
    {
        Config config = ConfigurationFactory.ParseString("a = 1\nb { c = \"x\", d = [1, 2] }");
        var deploy = new Deploy("/user/worker", config, new RoundRobinPool(2), new RemoteScope(new Address("akka.tcp", "sys", "127.0.0.1", 9000)), "my-dispatcher");

        var copy = RoundTrip(new Carrier { Deploy = deploy, Config = config });

        Assert.That(copy.Deploy!.Path, Is.EqualTo("/user/worker"));
        Assert.That(copy.Deploy.Scope, Is.EqualTo(deploy.Scope));
        Assert.That(copy.Deploy.RouterConfig, Is.EqualTo(deploy.RouterConfig));
        Assert.That(copy.Deploy.Dispatcher, Is.EqualTo("my-dispatcher"));
        Assert.That(copy.Deploy.Config.GetInt("a"), Is.EqualTo(1));
        Assert.That(copy.Config!.GetInt("a"), Is.EqualTo(1));
        Assert.That(copy.Config.GetString("b.c"), Is.EqualTo("x"));
        Assert.That(copy.Config.GetIntList("b.d"), Is.EqualTo(new[] { 1, 2 }));
    }

    [Test]
    public void RoundTrip_EmptyConfig_ComesBackEmpty()
    {
        var copy = RoundTrip(new Carrier { Config = Config.Empty });

        Assert.That(copy.Config!.IsEmpty, Is.True);
    }

    [Test]
    public void RoundTrip_ApplicationSurrogate_ThroughToSurrogateAndFromSurrogate()
    {
        var ticket = new Ticket("A-17");

        var copy = RoundTrip(new Carrier { Any = ticket });
        Ticket root = RoundTrip(ticket);

        Assert.That(((Ticket)copy.Any!).Code, Is.EqualTo("A-17"));
        Assert.That(root.Code, Is.EqualTo("A-17"));
    }

    [Test]
    public void RoundTrip_PrivateConstructorAndImmutableMessages_Equal()
    {
        Hidden hidden = Hidden.Make(42);
        var frozen = new Frozen("f", [1, 2, 3]);

        GraphAssert.AreEquivalent(hidden, RoundTrip(hidden));
        GraphAssert.AreEquivalent(frozen, RoundTrip(frozen));
        GraphAssert.AreEquivalent(new Circle(1.5), RoundTrip(new Circle(1.5)));
        Assert.That(RoundTrip(ImmutableList.Create<IShape>(new Circle(1), new Rect(1, 1))), Is.EqualTo(new IShape[] { new Circle(1), new Rect(1, 1) }));
    }

    [Test]
    public void RoundTrip_StatusFailureWithTypedException_TypeMessageAndFieldsKept()
    {
        Exception cause;
        try
        {
            throw new OrderRejectedException("out of stock", 7);
        }
        catch (OrderRejectedException e)
        {
            cause = e;
        }

        var copy = RoundTrip(new Status.Failure(cause, "state"));
        var success = RoundTrip(new Status.Success(new Circle(3)));

        var rejected = (OrderRejectedException)copy.Cause;
        Assert.That(rejected.Message, Is.EqualTo("out of stock"));
        Assert.That(rejected.OrderId, Is.EqualTo(7));
        Assert.That(rejected.StackTrace, Does.Contain(nameof(RoundTrip_StatusFailureWithTypedException_TypeMessageAndFieldsKept)));
        Assert.That(copy.State, Is.EqualTo("state"));
        Assert.That(success.Status, Is.EqualTo(new Circle(3)));
    }

    [Test]
    public void FromBinary_TypeOutsideThePolicy_SerializationExceptionNamingTypeAndSetting()
    {
        var writer = new SlimAkkaSerializer((ExtendedActorSystem)_system, new SlimAkkaOptions { AllowedNamespaces = ["NFX.Tests.Akka"] });
        var reader = new SlimAkkaSerializer((ExtendedActorSystem)_system, SlimAkkaOptions.Default);

        byte[] bytes = writer.ToBinary(new Order { Id = 1 });
        var error = Assert.Throws<SerializationException>(() => reader.FromBinary(bytes, typeof(object)))!;

        Assert.That(error.Message, Does.Contain("allowed-types = [\"NFX.Tests.Akka.Messages.Order, NFX.Slim.Akka.Tests\"]").And.Contain("serialization-settings.slim"));
    }

    [Test]
    public void ToBinary_DelegateInMessage_SerializationExceptionNamingTheMessageAndWhy()
    {
        var carrier = new Carrier { Any = new Func<int>(() => 1) };

        var error = Assert.Throws<SerializationException>(() => SerializerOf(carrier).ToBinary(carrier))!;

        Assert.That(error.Message, Does.Contain(typeof(Carrier).FullName).And.Contain("delegate"));
    }

    [Test]
    public void FromBinary_MalformedOrTruncatedBytes_SerializationException()
    {
        byte[] good = SerializerOf(new Order()).ToBinary(new Order { Id = 3, Customer = "c", Shape = new Circle(1) });
        Serializer serializer = SerializerOf(new Order());

        Assert.Throws<SerializationException>(() => serializer.FromBinary(good[..^3], typeof(object)));
        Assert.Throws<SerializationException>(() => serializer.FromBinary([0x53, 0x4C, 0x02, 0x00, 0x7F, 0xFF, 0xFF], typeof(object)));
        Assert.Throws<SerializationException>(() => serializer.FromBinary([.. Enumerable.Range(0, 64).Select(i => (byte)(i * 37))], typeof(object)));
    }

    [Test]
    public void FromBinary_LimitExceeded_SerializationExceptionNamingTheHoconKey()
    {
        var reader = new SlimAkkaSerializer((ExtendedActorSystem)_system, new SlimAkkaOptions
        {
            AllowedNamespaces = ["NFX.Tests.Akka"],
            Limits = global::NFX.Slim.SlimLimits.Default with { MaxObjects = 10 },
        });
        byte[] bytes = SerializerOf(new Order()).ToBinary(ListNode.Build(100));

        var error = Assert.Throws<SerializationException>(() => reader.FromBinary(bytes, typeof(object)))!;

        Assert.That(error.Message, Does.Contain("limits.max-objects"));
    }

    [Test]
    public void FromBinary_SurrogatesNestedTooDeep_Refused()
    {
        Props props = Props.Create<EchoActor>();
        for (int i = 0; i < SurrogatedSerializerDepth + 2; i++)
        {
            props = Props.Create<EchoActor>(props);
        }

        var error = Assert.Throws<SerializationException>(() => SerializerOf(props).ToBinary(new Carrier { Props = props }))!;

        Assert.That(error.Message, Does.Contain("nest deeper"));
    }

    private const int SurrogatedSerializerDepth = 16;

    [Test]
    public void LocalTell_SerializeMessagesOn_PolymorphicMessageAndReply()
    {
        IActorRef echo = _system.ActorOf(Props.Create<EchoActor>(), "echo-local");
        var order = new Order { Id = 9, Shape = new Rect(2, 3), Extra = new Circle(1) };

        var reply = echo.Ask<Order>(order, TimeSpan.FromSeconds(30)).Result;

        Assert.That(reply, Is.Not.SameAs(order), "serialize-messages = on copies every message");
        GraphAssert.AreEquivalent(order, reply);
    }
}
