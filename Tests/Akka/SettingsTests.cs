using Akka.Actor;
using Akka.Configuration;
using Akka.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using NFX.Slim;
using NFX.Slim.Akka;
using NFX.Tests.Akka.Messages;
using NFX.Tests.Akka.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Akka;

/// <summary>The settings: the HOCON section key for key, its refusals, and the Akka.Hosting registration.</summary>
public sealed class SettingsTests
{
    [Test]
    public void FromConfig_EveryKey_ReadIntoTheOptions()
    {
        Config config = ConfigurationFactory.ParseString("""
            allowed-assemblies = ["NFX.Slim.Akka.Tests"]
            allowed-namespaces = ["MyApp", "Other.Messages"]
            allowed-types = ["NFX.Tests.Akka.Messages.Order, NFX.Slim.Akka.Tests"]
            limits { max-objects = 1000, max-depth = 32, max-message-bytes = 1048576, max-array-total-elements = 5000000000 }
            versioning = tolerant
            allow-json-serializer = on
            """);

        SlimAkkaOptions options = SlimAkkaOptions.FromConfig(config);

        Assert.That(options.AllowedAssemblies, Is.EqualTo(new[] { "NFX.Slim.Akka.Tests" }));
        Assert.That(options.AllowedNamespaces, Is.EqualTo(new[] { "MyApp", "Other.Messages" }));
        Assert.That(options.AllowedTypes, Is.EqualTo(new[] { "NFX.Tests.Akka.Messages.Order, NFX.Slim.Akka.Tests" }));
        Assert.That(options.Limits, Is.EqualTo(SlimLimits.Default with { MaxObjects = 1000, MaxDepth = 32, MaxMessageBytes = 1048576, MaxArrayTotalElements = 5000000000 }));
        Assert.That(options.Versioning, Is.EqualTo(SlimVersioning.Tolerant));
        Assert.That(options.AllowJsonSerializer, Is.True);
    }

    [Test]
    public void FromConfig_ToHoconOutput_ReadsBackEqual()
    {
        var options = new SlimAkkaOptions
        {
            AllowedAssemblies = ["A"], AllowedNamespaces = ["B.C"], AllowedTypes = ["D.E, F"],
            Limits = SlimLimits.Default with { MaxStringBytes = 1234 }, Versioning = SlimVersioning.Tolerant,
        };

        Config config = ConfigurationFactory.ParseString(options.ToHocon()).GetConfig(SlimAkkaOptions.ConfigPath);
        SlimAkkaOptions back = SlimAkkaOptions.FromConfig(config);

        Assert.That(back.AllowedAssemblies, Is.EqualTo(options.AllowedAssemblies));
        Assert.That(back.AllowedNamespaces, Is.EqualTo(options.AllowedNamespaces));
        Assert.That(back.AllowedTypes, Is.EqualTo(options.AllowedTypes));
        Assert.That(back.Limits, Is.EqualTo(options.Limits));
        Assert.That(back.Versioning, Is.EqualTo(options.Versioning));
    }

    [TestCase("allowed-namespace = [\"MyApp\"]", "allowed-namespace")]
    [TestCase("limits { max-object = 3 }", "max-object")]
    [TestCase("versioning = loose", "loose")]
    [TestCase("limits { max-depth = 0 }", "max-depth")]
    public void FromConfig_UnknownKeyOrBadValue_ConfigurationExceptionNamingIt(string hocon, string named)
    {
        var error = Assert.Throws<ConfigurationException>(() => SlimAkkaOptions.FromConfig(ConfigurationFactory.ParseString(hocon)))!;

        Assert.That(error.Message, Does.Contain(named).And.Contain(SlimAkkaOptions.ConfigPath));
    }

    [Test]
    public void ActorSystemStart_AllowedTypeThatDoesNotResolve_FailsNamingTheSetting()
    {
        Config config = ConfigurationFactory.ParseString("""
            akka.actor.serializers { slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka" }
            akka.actor.serialization-bindings { "System.Object" = slim }
            akka.actor.serialization-settings.slim.allowed-types = ["No.Such.Type, Nowhere"]
            """);

        // Serializers are built when the system starts: a setting that names nothing stops it there, not at the first message.
        var error = Assert.Catch(() => ActorSystem.Create("bad-settings", config).Dispose())!;

        Assert.That(error.ToString(), Does.Contain("allowed-types").And.Contain("No.Such.Type"));
    }

    [Test]
    public void ActorSystemStart_JsonSerializerStillRegistered_FailsNamingTheLineThatClosesIt()
    {
        Config config = ConfigurationFactory.ParseString("""
            akka.actor.serializers { slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka" }
            akka.actor.serialization-bindings { "System.Object" = slim }
            """);

        // Akka's reference config registers its JSON serializer under id 1; the sender picks the id a message is read with.
        var error = Assert.Catch(() => ActorSystem.Create("json-open", config).Dispose())!;

        Assert.That(error.ToString(), Does.Contain(ClosedJsonSerializer.HoconLine).And.Contain("allow-json-serializer"));
    }

    [Test]
    public void ActorSystemStart_AllowJsonSerializer_StartsWithAkkasJsonSerializer()
    {
        Config config = ConfigurationFactory.ParseString("""
            akka.actor.serializers { slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka" }
            akka.actor.serialization-bindings { "System.Object" = slim }
            akka.actor.serialization-settings.slim.allow-json-serializer = on
            """);

        using ActorSystem system = ActorSystem.Create("json-allowed", config);

        Assert.That(SerializerIds.Of(system, ClosedJsonSerializer.JsonIdentifier), Is.TypeOf<global::Akka.Serialization.NewtonSoftJsonSerializer>());
        Assert.That(system.Serialization.FindSerializerFor(new Order()), Is.TypeOf<SlimAkkaSerializer>());
    }

    [Test]
    public async Task WithSlimSerializer_AkkaHosting_SlimSerializesEveryMessageWithTheOptions()
    {
        var options = new SlimAkkaOptions { AllowedNamespaces = ["NFX.Tests.Akka"], Versioning = SlimVersioning.Tolerant };
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services.AddAkka("hosted", akka => akka.WithSlimSerializer(options));
        using IHost host = builder.Build();
        await host.StartAsync();
        try
        {
            ActorSystem system = host.Services.GetRequiredService<ActorSystem>();
            var order = new Order { Id = 5, Shape = new Circle(2), Extra = new Rect(1, 1) };

            var serializer = system.Serialization.FindSerializerFor(order) as SlimAkkaSerializer;
            var copy = (Order)system.Serialization.Deserialize(serializer!.ToBinary(order), serializer.Identifier, typeof(Order));

            Assert.That(serializer.Options, Is.SameAs(options));
            Assert.That(SerializerIds.Of(system, ClosedJsonSerializer.JsonIdentifier), Is.TypeOf<ClosedJsonSerializer>(), "Akka's JSON serializer closed");
            Assert.That(system.Serialization.FindSerializerFor(new Status.Failure(new InvalidOperationException())), Is.SameAs(serializer));
            GraphAssert.AreEquivalent(order, copy);
        }
        finally
        {
            await host.StopAsync();
        }
    }

    [Test]
    public async Task WithSlimSerializer_AllowJsonSerializer_KeepsAkkasJsonSerializer()
    {
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Services.AddAkka("hosted-json", akka => akka.WithSlimSerializer(new SlimAkkaOptions { AllowJsonSerializer = true }));
        using IHost host = builder.Build();
        await host.StartAsync();
        try
        {
            ActorSystem system = host.Services.GetRequiredService<ActorSystem>();

            Assert.That(SerializerIds.Of(system, ClosedJsonSerializer.JsonIdentifier), Is.TypeOf<global::Akka.Serialization.NewtonSoftJsonSerializer>());
        }
        finally
        {
            await host.StopAsync();
        }
    }
}
