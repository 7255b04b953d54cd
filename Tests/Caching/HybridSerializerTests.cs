using System.Buffers;
using System.Collections.Immutable;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using NFX.Slim;
using NFX.Slim.Caching;
using NFX.Tests.CacheProbe;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching;

public sealed class HybridSerializerTests
{
    [Test]
    public void AddSlimSerializer_RegistersTheFactoryOverTheCodecBuiltFromTheOptions()
    {
        var services = new ServiceCollection();
        services.AddHybridCache().AddSlimSerializer(o => o.ThrowOnInvalidValue = true);
        services.Configure<SlimCacheOptions>(o => o.Serializer = SlimOptions.Default with { KnownTypes = [typeof(Order)] });
        using ServiceProvider provider = services.BuildServiceProvider();
        // HybridCache registers its own System.Text.Json factory too; the last registered factory that accepts a type wins.
        Assert.That(provider.GetServices<IHybridCacheSerializerFactory>().Last(), Is.InstanceOf<SlimHybridCacheSerializerFactory>());
        IHybridCacheSerializerFactory factory = provider.GetServices<IHybridCacheSerializerFactory>().OfType<SlimHybridCacheSerializerFactory>().Single();
        SlimCacheCodec codec = provider.GetRequiredService<SlimCacheCodec>();
        Assert.That(((SlimHybridCacheSerializerFactory)factory).Codec, Is.SameAs(codec));
        Assert.That(codec.Options.ThrowOnInvalidValue, Is.True);
        Assert.That(codec.Options.Serializer.KnownTypes, Is.EqualTo(new[] { typeof(Order) }));
    }

    [Test]
    public void AddSlimSerializer_Twice_RegistersOneFactory()
    {
        var services = new ServiceCollection();
        services.AddHybridCache().AddSlimSerializer().AddSlimSerializer();
        using ServiceProvider provider = services.BuildServiceProvider();
        Assert.That(provider.GetServices<IHybridCacheSerializerFactory>().OfType<SlimHybridCacheSerializerFactory>().Count(), Is.EqualTo(1));
    }

    [Test]
    public void AddSlimSerializerOfT_RegistersThatTypeOnly()
    {
        var services = new ServiceCollection();
        services.AddHybridCache().AddSlimSerializer<Team>();
        using ServiceProvider provider = services.BuildServiceProvider();
        Assert.That(provider.GetRequiredService<IHybridCacheSerializer<Team>>(), Is.InstanceOf<SlimHybridCacheSerializer<Team>>());
        Assert.That(provider.GetService<IHybridCacheSerializer<Order>>(), Is.Null);
        Assert.That(provider.GetServices<IHybridCacheSerializerFactory>().OfType<SlimHybridCacheSerializerFactory>(), Is.Empty);
    }

    [Test]
    public void Factory_ArbitraryTypesWithoutAttributes_RoundTrip()
    {
        var services = new ServiceCollection();
        services.AddHybridCache().AddSlimSerializer();
        using ServiceProvider provider = services.BuildServiceProvider();
        IHybridCacheSerializerFactory factory = provider.GetServices<IHybridCacheSerializerFactory>().OfType<SlimHybridCacheSerializerFactory>().Single();

        GraphAssert.AreEquivalent(ProbeGraph.Build(), RoundTrip(factory, ProbeGraph.Build()));
        var order = new Order(3, "c") { Lines = [new OrderLine("s", 1, 0.1m)] };
        GraphAssert.AreEquivalent(order, RoundTrip(factory, order));
        Assert.That(RoundTrip(factory, new Reading(1.5, new("k", [4]))).Tags.Value, Is.EqualTo(new[] { 4 }));
        Assert.That(RoundTrip(factory, new Dictionary<string, int[]> { ["a"] = [1, 2] })["a"], Is.EqualTo(new[] { 1, 2 }));
        Assert.That(RoundTrip(factory, ImmutableList.Create("x", "y")), Is.EqualTo(new[] { "x", "y" }));
        Assert.That(RoundTrip<int?>(factory, 42), Is.EqualTo(42));
        Assert.That(RoundTrip(factory, "text"), Is.EqualTo("text"));
        Assert.That(RoundTrip<Order?>(factory, null), Is.Null);
    }

    [Test]
    public void Serializer_MultiSegmentInput_Reads()
    {
        var serializer = Create<Team>(new SlimHybridCacheSerializerFactory());
        var buffer = new ArrayBufferWriter<byte>();
        serializer.Serialize(ProbeGraph.Build(), buffer);
        GraphAssert.AreEquivalent(ProbeGraph.Build(), serializer.Deserialize(NFX.Tests.Support.Sequences.Split(buffer.WrittenSpan.ToArray(), 3)));
    }

    [Test]
    public void Serializer_InvalidValue_ThrowsSlimCacheValueExceptionAndLogsNothing()
    {
        var log = new ListLogger();
        var services = new ServiceCollection().AddLogging(b => b.AddProvider(log));
        services.AddHybridCache().AddSlimSerializer();
        using ServiceProvider provider = services.BuildServiceProvider();
        var serializer = Create<Team>(provider.GetServices<IHybridCacheSerializerFactory>().OfType<SlimHybridCacheSerializerFactory>().Single());
        var buffer = new ArrayBufferWriter<byte>();
        serializer.Serialize(ProbeGraph.Build(), buffer);
        byte[] bytes = buffer.WrittenSpan.ToArray();
        bytes[7] ^= 0x10;

        var e = Assert.Throws<SlimCacheValueException>(() => serializer.Deserialize(new ReadOnlySequence<byte>(bytes)))!;
        Assert.That(e.Problem, Is.EqualTo(SlimCacheValueProblem.Corrupt));
        Assert.That(log.Entries.Where(x => x.EventId.Id == 8001), Is.Empty, "the serializer does not know the key: GetOrCreateSlimAsync logs it");
    }

    private static T RoundTrip<T>(IHybridCacheSerializerFactory factory, T value)
    {
        IHybridCacheSerializer<T> serializer = Create<T>(factory);
        var buffer = new ArrayBufferWriter<byte>();
        serializer.Serialize(value, buffer);
        return serializer.Deserialize(new ReadOnlySequence<byte>(buffer.WrittenMemory));
    }

    private static IHybridCacheSerializer<T> Create<T>(IHybridCacheSerializerFactory factory)
    {
        Assert.That(factory.TryCreateSerializer(out IHybridCacheSerializer<T>? serializer), Is.True);
        return serializer!;
    }
}
