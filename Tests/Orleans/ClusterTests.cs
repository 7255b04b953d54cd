using Acme.Driver;
using NFX.Slim;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Orleans.Support;
using NFX.Tests.Slim.Support;
using Outside.Policy;

namespace NFX.Tests.Orleans;

/// <summary>Grain calls between a client and two silos with unannotated types, carried by Slim's fallback codec.</summary>
public sealed class ClusterTests
{
    private static IGraphGrain Grain(long key = 0) => ClusterFixture.Cluster.Client.GetGrain<IGraphGrain>(key);

    [Test]
    public async Task Call_UnannotatedDtoWithCycles_ReturnsTheGraphIntact()
    {
        Node ring = Node.Ring(5);

        Node back = await Grain().Echo(ring);

        GraphAssert.AreEquivalent(ring, back);
        Assert.That(back.Next!.Next!.Next!.Next!.Next, Is.SameAs(back), "the cycle is a cycle");
        Assert.That(back.Shape, Is.TypeOf<Circle>());
    }

    [Test]
    public async Task Call_InterfaceObjectAndBaseFieldsAndSharedReferences_KeepRuntimeTypesAndIdentity()
    {
        Node shared = Node.Ring(2);
        var holder = new Holder
        {
            Shape = new Square { Side = 3 },
            Any = new Point(1, 2),
            Base = new Derived { X = 7, Extra = "derived" },
            Shared1 = shared,
            Shared2 = shared,
            Bag = { ["n"] = 1, ["s"] = "text", ["node"] = shared, ["list"] = new List<object> { 1L, "two", new Circle { Radius = 2 } } },
        };

        Holder back = await Grain(1).EchoHolder(holder);

        GraphAssert.AreEquivalent(holder, back);
        Assert.That(back.Shared2, Is.SameAs(back.Shared1));
        Assert.That(back.Bag["node"], Is.SameAs(back.Shared1));
        Assert.That(back.Base, Is.TypeOf<Derived>());
    }

    [Test]
    public async Task Call_DictionaryOfStringToObject_ValuesArriveWithTheirTypes()
    {
        var bag = new Dictionary<string, object> { ["ring"] = Node.Ring(3), ["shape"] = new Circle { Radius = 4 }, ["n"] = 42, ["when"] = new DateTime(2026, 11, 27) };

        Dictionary<string, object> back = await Grain(2).EchoBag(bag);

        GraphAssert.AreEquivalent(bag, back);
    }

    [Test]
    public async Task Call_OneObjectInTwoArguments_ArrivesAsOne()
    {
        Node node = Node.Ring(3);

        Assert.That(await Grain(3).SameInstance(node, node), Is.True);
        Assert.That(await Grain(3).SameInstance(node, Node.Ring(3)), Is.False);
    }

    [Test]
    public async Task Call_GrainThrowsThirdPartyException_CallerGetsItTypedWithPropertiesAndInner()
    {
        DriverException? e = await Assert.ThrowsAsync<DriverException>(() => Grain(4).Throw("deadlock victim", 1205));

        Assert.That(e!.Message, Is.EqualTo("deadlock victim"));
        Assert.That(e.Code, Is.EqualTo(1205));
        Assert.That(e.InnerException, Is.TypeOf<InvalidOperationException>().With.Message.EqualTo("inner: connection reset"));
        Assert.That(e.Data["sql"], Is.EqualTo("select 1"));
    }

    [Test]
    public async Task Call_GrainToGrainInOneSilo_CalleeGetsACopyWithTheGraphIntact()
    {
        string verdict = await Grain(5).CallLocal(Node.Ring(4));

        Assert.That(verdict, Does.StartWith("copy on "));
    }

    [Test]
    public async Task Call_GeneratedAndSlimTypesMixed_BothArriveAndShareTheNode()
    {
        Node node = Node.Ring(3);
        var annotated = new Annotated { Name = "generated", Node = node };

        MixedReply reply = await Grain(6).Mixed(annotated, node);

        Assert.That(reply.SameNode, Is.True, "one node in the annotated argument and the plain one arrives as one");
        Assert.That(reply.Annotated!.Name, Is.EqualTo("generated"));
        Assert.That(reply.Node, Is.SameAs(reply.Annotated.Node));
        GraphAssert.AreEquivalent(node, reply.Node);
    }

    [Test]
    public async Task Call_PayloadWithTypeOutsideThePolicy_RefusedWithSlimsErrorNamingTheType()
    {
        var envelope = new Envelope { Label = "x", Payload = new Secret { Value = "s" } };

        SlimTypeNotAllowedException? e = await Assert.ThrowsAsync<SlimTypeNotAllowedException>(() => Grain(7).Accept(envelope));

        Assert.That(e!.TypeName, Does.Contain("Outside.Policy.Secret"));
        Assert.That(e.Message, Does.Contain("not allowed"));
    }

    [Test]
    public async Task Storage_StateStoredWithSlim_SurvivesDeactivationAndReactivation()
    {
        IStateGrain grain = ClusterFixture.Cluster.Client.GetGrain<IStateGrain>("state-" + Guid.NewGuid());
        Node ring = Node.Ring(4);
        await grain.Store(ring, 3);
        Guid first = await grain.Activation();

        await grain.Deactivate();
        StateBox box = await grain.Load();
        Guid second = await grain.Activation();

        Assert.That(second, Is.Not.EqualTo(first), "a new activation read the state");
        Assert.That(box.Version, Is.EqualTo(3));
        GraphAssert.AreEquivalent(ring, box.Root);
    }
}
