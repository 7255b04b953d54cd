using System.Runtime.Serialization;
using System.Text;
using Akka.Actor;
using Akka.Configuration;
using NFX.Slim.Akka;
using NFX.Tests.Akka.Messages;
using NFX.Tests.Akka.Support;

namespace NFX.Tests.Akka;

/// <summary>
/// What an attacker who has read the plugin's sources sends to a node: HOCON that Akka's parser recurses on or
/// substitutes without end, Akka messages whose equality, hashing or printing would never end, deep actor paths, a
/// Props that names an actor producer, a message under Akka's JSON serializer id, and references to many distinct
/// paths. Each is read directly (exactly <see cref="SerializationException"/>, within an allocation bound) and sent over
/// a real Akka.Remote association (dropped; the node answers the next message over the same association).
/// </summary>
public sealed class HostileInputTests
{
    private static readonly TimeSpan s_timeout = TimeSpan.FromSeconds(60);
    private static readonly Address s_ghost = Address.Parse("akka.tcp://ghost@10.255.255.1:2552");

    private ActorSystem _a = null!;
    private ActorSystem _b = null!;
    private ActorSystem _hostile = null!;
    private Kit _kitA = null!;
    private Kit _kitB = null!;
    private IActorRef _desk = null!;
    private Dictionary<string, byte[]> _attacks = null!;

    [OneTimeSetUp]
    public async Task Start()
    {
        _a = AkkaConfigs.Remoting("ha");
        // As a production node runs: dead letters logged (an ActorIdentity that prints itself would kill it there), and
        // local messages not serialized again (which would refuse, on delivery, what a door let in).
        _b = AkkaConfigs.Remoting("hb", "akka.log-dead-letters = on\nakka.loglevel = INFO\nakka.stdout-loglevel = WARNING\nakka.actor.serialize-messages = off");
        _kitA = new Kit(_a);
        _kitB = new Kit(_b);
        _b.ActorOf(Props.Create<OrderDesk>(), "desk");
        _desk = await _a.ActorSelection(new RootActorPath(AkkaConfigs.AddressOf(_b)) / "user" / "desk").ResolveOne(s_timeout);
        // A sender that writes raw bytes under Slim's id, and one message type under Akka's JSON serializer (id 1).
        _hostile = ActorSystem.Create("hostile", AkkaConfigs.Of(AkkaConfigs.Remote, """
            akka.actor.serialize-messages = off
            akka.actor.serializers {
              hostile = "NFX.Tests.Akka.Support.HostileSerializer, NFX.Slim.Akka.Tests"
              json = "Akka.Serialization.NewtonSoftJsonSerializer, Akka"
            }
            akka.actor.serialization-settings.slim.allow-json-serializer = on
            akka.actor.serialization-bindings {
              "System.Object" = hostile
              "NFX.Tests.Akka.Messages.JsonCarried, NFX.Slim.Akka.Tests" = json
            }
            """));
        _attacks = Attacks((ExtendedActorSystem)_a);
    }

    [OneTimeTearDown]
    public async Task Stop()
    {
        await _hostile.Terminate();
        _kitA.Shutdown();
        _kitB.Shutdown();
    }

    /// <summary>Every attack by name, as the bytes of one message.</summary>
    private static Dictionary<string, byte[]> Attacks(ExtendedActorSystem system)
    {
        var forge = new Forge();
        // The plugin's own writer, widened so it writes what the reader refuses (a StringBuilder beside the Props).
        var permissive = new SlimAkkaSerializer(system, new SlimAkkaOptions { AllowedAssemblies = ["System.Private.CoreLib"], AllowedNamespaces = ["NFX.Tests.Akka"] });
        byte[] Hocon(string text) => forge.Write(new Carrier { Config = forge.As(ConfigurationFactory.ParseString("x = 1"), text) });

        var attacks = new Dictionary<string, byte[]>
        {
            ["hocon: 100,000 nested arrays"] = Hocon("a = " + new string('[', 100_000)),
            ["hocon: 60,000 nested objects"] = Hocon("a" + string.Concat(Enumerable.Repeat("{a", 60_000))),
            ["hocon: a 60,000-part dotted key"] = Hocon(string.Join('.', Enumerable.Repeat("a", 60_000)) + " = 1"),
            ["hocon: a 20,000-link substitution chain"] = Hocon("k0 = 1\n" + string.Concat(Enumerable.Range(1, 20_000).Select(i => $"k{i} = ${{k{i - 1}}}\n"))),
            ["hocon: a substitution cycle"] = Hocon("a = ${b}, b = ${a}"),
            ["hocon: 40 doubling substitutions"] = Hocon("k0 = x\n" + string.Concat(Enumerable.Range(1, 40).Select(i => $"k{i} = ${{k{i - 1}}}${{k{i - 1}}}\n"))),
            ["hocon: an include"] = Hocon("include file(\"/etc/passwd\")"),
            ["hocon: an append"] = Hocon("a = [1]\na += 2"),
            ["hocon: 70,000 characters"] = Hocon("a = \"" + new string('x', 70_000) + "\""),
            // Found by the fuzzer: Akka's tokenizer stops advancing at a NUL, and the read never ends.
            ["hocon: a NUL in a list"] = Hocon("a { list = [\"1\", { c = \"true\"\0\0, d = 1 }] }"),
            // Also found by the fuzzer: the parser loops at the end of the text inside an array a comment left open, or
            // after unquoted text before an array.
            ["hocon: an array left open by a comment"] = Hocon("{\"a\":{\"list\":[\"1\",!two\",{\"c\":#true\"}],\"t\":\"5s\"}"),
            ["hocon: unquoted text before an array"] = Hocon("{\"d\":\"x\",\"a\":cccccccc[\"\"&,\"two\",{\"c\":\"true\"}],\"k\":\"v\"},\"t\":\"9s\"}"),
        };

        // An Identify whose id is itself, in a hash set: its GetHashCode recursed until the stack overflowed.
        var identify = new Identify(null);
        var set = new HashSet<object> { identify };
        Forge.SetBackingField(identify, nameof(Identify.MessageId), identify);
        attacks["identify: its id is itself, in a HashSet<object>"] = permissive.ToBinary(set);

        // An ActorIdentity holding itself: printed when it becomes a dead letter, compared when hashed.
        var identity = new ActorIdentity(null, ActorRefs.Nobody);
        Forge.SetBackingField(identity, nameof(ActorIdentity.MessageId), identity);
        attacks["actor identity: holds itself"] = permissive.ToBinary(new Carrier { Any = identity });

        // 150,000 Identify, each the id of the next, as a hash set's key (the set filled before the chain hangs from it).
        var head = new Identify(null);
        var chainSet = new HashSet<object> { head };
        object link = "end";
        for (int i = 0; i < 150_000; i++)
        {
            link = new Identify(link);
        }
        Forge.SetBackingField(head, nameof(Identify.MessageId), link);
        attacks["identify: a chain of 150,000 as a hash set key"] = permissive.ToBinary(chainSet);

        // Two actor paths of 100,000 elements in a sorted set: ActorPath.CompareTo recurses per element.
        ActorPath left = new RootActorPath(s_ghost) / "l", right = new RootActorPath(s_ghost) / "r";
        string deep = string.Join('/', Enumerable.Repeat("p", 100_000));
        forge.As(left, $"{s_ghost}/{deep}/l");
        forge.As(right, $"{s_ghost}/{deep}/r");
        attacks["actor path: two of 100,000 elements in a SortedSet"] = forge.Write(new Carrier { Any = new SortedSet<ActorPath> { left, right } });
        attacks["actor path: 5,000 characters"] = forge.Write(new Carrier { Path = forge.As(new RootActorPath(s_ghost) / "x", $"{s_ghost}/user/{new string('n', 5_000)}") });
        attacks["actor ref: a path of 10,000 elements"] = forge.Write(new Carrier { Actor = forge.As(new EmptyLocalActorRef(system.Provider, new RootActorPath(s_ghost) / "y", system.EventStream), $"{s_ghost}/{deep[..20_000]}") });

        // A Props naming an actor producer: making it constructs the producer with the message's arguments.
        attacks["props: names an actor producer"] = permissive.ToBinary(new Carrier { Any = new ForgedProps() });
        attacks["props: names an actor producer, beside a refused StringBuilder"] = permissive.ToBinary(new object[] { new ForgedProps(), new StringBuilder("refused") });
        return attacks;
    }

    private static IEnumerable<string> AttackNames() =>
    [
        "hocon: 100,000 nested arrays", "hocon: 60,000 nested objects", "hocon: a 60,000-part dotted key", "hocon: a 20,000-link substitution chain",
        "hocon: a substitution cycle", "hocon: 40 doubling substitutions", "hocon: an include", "hocon: an append", "hocon: 70,000 characters", "hocon: a NUL in a list", "hocon: an array left open by a comment", "hocon: unquoted text before an array",
        "identify: its id is itself, in a HashSet<object>", "actor identity: holds itself", "identify: a chain of 150,000 as a hash set key",
        "actor path: two of 100,000 elements in a SortedSet", "actor path: 5,000 characters", "actor ref: a path of 10,000 elements",
        "props: names an actor producer", "props: names an actor producer, beside a refused StringBuilder",
    ];

    private SlimAkkaSerializer ReaderOf(ActorSystem system) => (SlimAkkaSerializer)SerializerIds.Of(system, SlimAkkaSerializer.SerializerIdentifier);

    [TestCaseSource(nameof(AttackNames))]
    public void FromBinary_Attack_SerializationExceptionWithinBounds(string attack)
    {
        byte[] bytes = _attacks[attack];
        SlimAkkaSerializer reader = ReaderOf(_b);

        HostileRead.Refused(() => reader.FromBinary(bytes, typeof(object)), bytes.Length);
    }

    [Test]
    public async Task Remote_EveryAttack_DroppedAndTheNodeAnswersTheNextMessage()
    {
        var probe = _kitB.CreateTestProbe();
        _b.ActorOf(Props.Create(() => new Reporter(probe.Ref)), "collector");
        IActorRef collector = await _hostile.ActorSelection(new RootActorPath(AkkaConfigs.AddressOf(_b)) / "user" / "collector").ResolveOne(s_timeout);

        foreach (string attack in AttackNames())
        {
            collector.Tell(new HostileBytes(_attacks[attack]));
        }
        // The self-holding ActorIdentity to an actor that does not exist: a dead letter the node would have printed.
        _hostile.ActorSelection(new RootActorPath(AkkaConfigs.AddressOf(_b)) / "user" / "missing").Tell(new HostileBytes(_attacks["actor identity: holds itself"]));
        collector.Tell(new Order { Id = 100 });
        collector.Tell(new Order { Id = 101 });

        // One association, one order: had any attack been delivered it would come first.
        Assert.That(probe.ExpectMsg<Order>(s_timeout).Id, Is.EqualTo(100));
        Assert.That(probe.ExpectMsg<Order>(s_timeout).Id, Is.EqualTo(101));
        Assert.That((await _desk.Ask<Reply>(new Order { Id = 7 }, s_timeout)).OrderId, Is.EqualTo(7), "the node still answers the other system");
        Assert.That(RecordingProducer.Constructed, Is.Zero, "no actor producer was constructed");
    }

    [Test]
    public void FromBinary_PropsNamingAProducer_ProducerNeverConstructed()
    {
        SlimAkkaSerializer reader = ReaderOf(_b);

        foreach (string attack in new[] { "props: names an actor producer", "props: names an actor producer, beside a refused StringBuilder" })
        {
            byte[] bytes = _attacks[attack];
            SerializationException error = HostileRead.Refused(() => reader.FromBinary(bytes, typeof(object)), bytes.Length);
            Assert.That(error.ToString(), Does.Contain("producer").Or.Contain("StringBuilder"), attack);
        }

        Assert.That(RecordingProducer.Constructed, Is.Zero);
    }

    [Test]
    public void FromBinary_PropsNamingAnActorType_ReadWithoutMakingTheActor()
    {
        SlimAkkaSerializer serializer = ReaderOf(_b);
        Props props = Props.Create(() => new Forwarder(ActorRefs.Nobody));

        var copy = (Carrier)serializer.FromBinary(serializer.ToBinary(new Carrier { Props = props }), typeof(Carrier));

        Assert.That(copy.Props!.Type, Is.EqualTo(typeof(Forwarder)));
        Assert.That(copy.Props.Arguments, Has.Length.EqualTo(1));
    }

    [Test]
    public async Task Remote_MessageUnderTheJsonSerializerId_DroppedAndTheAssociationKept()
    {
        var probe = _kitB.CreateTestProbe();
        _b.ActorOf(Props.Create(() => new Reporter(probe.Ref)), "json-collector");
        IActorRef collector = await _hostile.ActorSelection(new RootActorPath(AkkaConfigs.AddressOf(_b)) / "user" / "json-collector").ResolveOne(s_timeout);

        Assert.That(_hostile.Serialization.FindSerializerFor(new JsonCarried()).Identifier, Is.EqualTo(ClosedJsonSerializer.JsonIdentifier), "the sender writes id 1");
        // A type no policy of the reading node admits: JSON would make it (TypeNameHandling.All), Slim refuses it.
        collector.Tell(new JsonCarried { Payload = new NFX.Outside.MadeByJson { Text = "made by JSON" } });
        collector.Tell(new Order { Id = 200 });

        Assert.That(probe.ExpectMsg<Order>(s_timeout).Id, Is.EqualTo(200), "the JSON message was dropped, the next one arrived");
        Assert.That(SerializerIds.Of(_b, ClosedJsonSerializer.JsonIdentifier), Is.TypeOf<ClosedJsonSerializer>());
        Assert.Throws<SerializationException>(() => _b.Serialization.Deserialize([(byte)'{', (byte)'}'], ClosedJsonSerializer.JsonIdentifier, typeof(object)));
    }

    [Test]
    public void FromBinary_ReferencesToDistinctPathsOnAnUnknownNode_NothingRetainedAfterAFullCollection()
    {
        SlimAkkaSerializer reader = ReaderOf(_b);
        var forge = new Forge();
        string segment = new('s', 60);
        var messages = new List<byte[]>();
        for (int i = 0; i < 2_000; i++)
        {
            // Within the bounds (61 elements, ~3,800 characters), each path distinct.
            string path = $"{s_ghost}/user/{string.Join('/', Enumerable.Repeat(segment, 59))}/n{i}#{i + 1}";
            messages.Add(forge.Write(new Carrier { Actor = forge.As(new EmptyLocalActorRef(((ExtendedActorSystem)_b).Provider, new RootActorPath(s_ghost) / "z", _b.EventStream), path) }));
        }
        long before = RetainedBytes();

        foreach (byte[] message in messages)
        {
            Assert.That(((Carrier)reader.FromBinary(message, typeof(Carrier))).Actor!.Path.Address, Is.EqualTo(s_ghost));
        }
        long retained = RetainedBytes() - before;

        // Akka's resolve cache of this thread would keep 1,024 of them, ~20 KB each.
        Assert.That(retained, Is.LessThan(4L << 20), $"{retained:N0} bytes retained after reading {messages.Count} references");
        GC.KeepAlive(messages);
    }

    private static long RetainedBytes()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        return GC.GetTotalMemory(forceFullCollection: true);
    }

    [Test]
    public void Config_QuotedKeysStringsAndFallbacks_ComeBackAsTheyWere()
    {
        SlimAkkaSerializer serializer = ReaderOf(_b);
        Config config = ConfigurationFactory.ParseString("""
            "a.b" = 1
            s = "x${y}z"
            q = "q\"uote\\"
            n { list = [1, "two", { deep = [true] }], t = 5s }
            ref = ${n.t}
            """).WithFallback(ConfigurationFactory.ParseString("n.extra = fallback\nonly = below"));

        var copy = (Carrier)serializer.FromBinary(serializer.ToBinary(new Carrier { Config = config }), typeof(Carrier));
        Config read = copy.Config!;

        Assert.That(read.GetInt("\"a.b\""), Is.EqualTo(1));
        Assert.That(read.GetString("s"), Is.EqualTo("x${y}z"), "a string holding ${ stays a string");
        Assert.That(read.GetString("q"), Is.EqualTo("q\"uote\\"));
        Assert.That(read.GetTimeSpan("n.t"), Is.EqualTo(TimeSpan.FromSeconds(5)));
        Assert.That(read.GetTimeSpan("ref"), Is.EqualTo(TimeSpan.FromSeconds(5)), "substitutions resolved before writing");
        Assert.That(read.GetValue("n.list").GetArray()[2].GetObject().Items["deep"].GetArray()[0].GetBoolean(), Is.True);
        Assert.That(read.GetString("n.extra"), Is.EqualTo("fallback"), "fallbacks folded in");
        Assert.That(read.GetString("only"), Is.EqualTo("below"));
        var again = (Carrier)serializer.FromBinary(serializer.ToBinary(copy), typeof(Carrier));
        Assert.That(HoconText.Write(again.Config!), Is.EqualTo(HoconText.Write(read)), "an echo writes the same text");
    }

    [Test]
    public void ToBinary_ConfigLongerThanAReaderAccepts_SerializationException()
    {
        SlimAkkaSerializer serializer = ReaderOf(_b);
        Config big = ConfigurationFactory.ParseString("a = \"" + new string('x', HoconText.MaxChars) + "\"");

        Assert.Throws<SerializationException>(() => serializer.ToBinary(new Carrier { Config = big }));
    }

    /// <summary>
    /// Forwards orders and reports anything else by its type name: a delivered attack must show up as what it is, not be
    /// refused again when forwarded to the probe (the test systems send local messages through the serializer too).
    /// </summary>
    private sealed class Reporter : ReceiveActor
    {
        public Reporter(IActorRef target) => ReceiveAny(message =>
            target.Tell(message is Order ? message : $"delivered: {message.GetType().Name} ({(message as JsonCarried)?.Payload?.GetType().Name})"));
    }
}
