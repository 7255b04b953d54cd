using System.Runtime.Serialization;
using System.Text;
using Akka.Actor;
using Akka.Configuration;
using Akka.Routing;
using NFX.Slim.Akka;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// A message from another Akka.NET node: the bytes as Akka hands them to the plugin's <c>FromBinary</c>, read by a
/// <see cref="SlimAkkaSerializer"/> of a local actor system (the settings allow this namespace, as an application
/// allows its messages). Seeds: Akka's messages and the plugin's surrogates written by the plugin (references, paths,
/// addresses, a HOCON Config, Props with a router, deploy and supervisor strategy, Status replies), and small hostile
/// ones (a substitution, an include, an Identify whose id is itself). Only <see cref="SerializationException"/> may
/// escape (anything else tears Akka's association down); what it wraps is judged by <see cref="FuzzOracle"/>.
/// </summary>
public sealed class AkkaTarget : FuzzTarget
{
    private static readonly Lazy<(ActorSystem System, SlimAkkaSerializer Serializer)> s_akka = new(() =>
    {
        ActorSystem system = ActorSystem.Create("fuzz", ConfigurationFactory.ParseString("""
            akka.loglevel = OFF
            akka.stdout-loglevel = OFF
            akka.log-dead-letters = off
            akka.actor.provider = local
            """));
        return (system, new SlimAkkaSerializer((ExtendedActorSystem)system, new SlimAkkaOptions { AllowedNamespaces = ["NFX.Tests.Fuzz"] }));
    });

    /// <inheritdoc/>
    public override string Name => "akka";

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds()
    {
        (ActorSystem system, SlimAkkaSerializer serializer) = s_akka.Value;
        IActorRef actor = system.DeadLetters;
        Address address = Address.Parse("akka.tcp://other@10.0.0.1:2552");
        ActorPath path = new RootActorPath(address) / "user" / "desk" / "clerk";
        Config config = ConfigurationFactory.ParseString("""
            a { b = 1, list = [1, "two", { c = true }], "dotted.key" = "x${y}" }
            t = 5s
            """).WithFallback(ConfigurationFactory.ParseString("d = fallback"));
        var strategy = new OneForOneStrategy(3, TimeSpan.FromSeconds(1), Decider.From(Directive.Restart, new KeyValuePair<Type, Directive>(typeof(ArgumentException), Directive.Stop)));
        Props props = Props.Create<FuzzActor>("arg").WithRouter(new RoundRobinPool(2)).WithSupervisorStrategy(strategy);
        var seeds = new (string, object)[]
        {
            ("identify", new Identify("id")),
            ("actor-identity", new ActorIdentity(42, actor)),
            ("status-failure", new Status.Failure(new InvalidOperationException("failed"))),
            ("status-success", new Status.Success(7L)),
            ("message", new FuzzMessage { Actor = actor, Path = path, Address = address, Config = config, Props = props, Any = new Identify(path) }),
            ("props", props),
            ("config", new FuzzMessage { Config = config }),
            ("paths", new FuzzMessage { Any = new SortedSet<ActorPath> { path, path / "x", new RootActorPath(address) } }),
            ("identify-set", new HashSet<object> { new Identify(1), new Identify("two"), new ActorIdentity(3, null) }),
            ("deploy", new FuzzMessage { Any = new Deploy("/user/a", Config.Empty, new RoundRobinPool(3), Deploy.NoScopeGiven, Deploy.NoDispatcherGiven) }),
        };
        foreach ((string name, object message) in seeds)
        {
            yield return (name, serializer.ToBinary(message));
        }
        byte[] identifyBytes = serializer.ToBinary(new FuzzMessage { Any = new Identify("x") });
        var self = new Identify(null);
        var set = new HashSet<object> { self };
        typeof(Identify).GetField("<MessageId>k__BackingField", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic)!.SetValue(self, self);
        yield return ("identify-self", serializer.ToBinary(set));
        foreach ((string name, string text) in new[] { ("hocon-substitution", "a = ${b}, b = ${a}"), ("hocon-include", "include \"x\""), ("hocon-deep", "a = [[[[[[1]]]]]]") })
        {
            // The Config's text replaced in the bytes (both short: one-byte length prefixes).
            string honest = HoconText.Write(ConfigurationFactory.ParseString("x = 1"));
            yield return (name, Replace(serializer.ToBinary(new FuzzMessage { Config = ConfigurationFactory.ParseString("x = 1") }), honest, text));
        }
        yield return ("identify-plain", identifyBytes);
    }

    /// <summary>The bytes with the encoded string <paramref name="from"/> replaced by <paramref name="to"/> (both shorter than 127 bytes).</summary>
    private static byte[] Replace(byte[] bytes, string from, string to)
    {
        byte[] old = FuzzDictionary.Encoded(from), now = FuzzDictionary.Encoded(to);
        int at = bytes.AsSpan().IndexOf(old);
        return at < 0 ? bytes : [.. bytes[..at], .. now, .. bytes[(at + old.Length)..]];
    }

    /// <inheritdoc/>
    public override IEnumerable<byte[]> DictionaryTokens() =>
        FuzzDictionary.SlimTokens()
            .Concat(new[] { "Akka.Actor.Identify", "Akka.Actor.ActorIdentity", "Akka.Actor.Props+PropsSurrogate", "Akka.Actor.Deploy+DeploySurrogate", "Akka", "Akka.Configuration.Config" }
                .Select(FuzzDictionary.Encoded))
            .Concat(new[] { "${", "include", "+=", "{", "[", "\"\"\"", "akka.tcp://", "akka://", "/user/", "#", "a.b.c" }.Select(Encoding.UTF8.GetBytes));

    /// <inheritdoc/>
    protected override void Parse(byte[] input) => s_akka.Value.Serializer.FromBinary(input, typeof(object));

    /// <inheritdoc/>
    protected override string? Verdict(Exception error) =>
        error is SerializationException
            ? error.InnerException is { } inner ? FuzzOracle.Verdict(inner) : null
            : $"escaped {error.GetType().FullName} (Akka would tear the association down): {error.Message}";
}

/// <summary>The application message of the Akka target's seeds: Akka's types nested in it.</summary>
public sealed class FuzzMessage
{
    public IActorRef? Actor;
    public ActorPath? Path;
    public Address? Address;
    public Config? Config;
    public Props? Props;
    public object? Any;
}

/// <summary>The actor the seeds' Props name.</summary>
public sealed class FuzzActor : ReceiveActor
{
    public FuzzActor(string note) => ReceiveAny(_ => Sender.Tell(note));
}
