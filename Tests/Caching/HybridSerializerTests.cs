using System.Buffers;
using System.Collections.Immutable;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using NFX.Slim.Caching;
using NFX.Tests.CacheProbe;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching;

public sealed class HybridSerializerTests
{
    [Test]
    public void AddSlimHybridCacheSerializer_RegistersTheFactoryOverTheRegisteredCodec()
    {
        var options = SlimCacheOptions.Default with { ThrowOnInvalidValue = true };
        using ServiceProvider provider = new ServiceCollection().AddSlimHybridCacheSerializer(options).BuildServiceProvider();
        IHybridCacheSerializerFactory factory = provider.GetServices<IHybridCacheSerializerFactory>().Single();
        Assert.That(factory, Is.InstanceOf<SlimHybridCacheSerializerFactory>());
        Assert.That(((SlimHybridCacheSerializerFactory)factory).Codec, Is.SameAs(provider.GetRequiredService<SlimCacheCodec>()));
        Assert.That(provider.GetRequiredService<SlimCacheCodec>().Options, Is.SameAs(options));
    }

    [Test]
    public void AddSlimHybridCacheSerializer_Twice_RegistersOneFactory()
    {
        using ServiceProvider provider = new ServiceCollection().AddSlimHybridCacheSerializer().AddSlimHybridCacheSerializer().BuildServiceProvider();
        Assert.That(provider.GetServices<IHybridCacheSerializerFactory>().Count(), Is.EqualTo(1));
    }

    [Test]
    public void Factory_ArbitraryTypesWithoutAttributes_RoundTrip()
    {
        using ServiceProvider provider = new ServiceCollection().AddSlimHybridCacheSerializer().BuildServiceProvider();
        IHybridCacheSerializerFactory factory = provider.GetRequiredService<IHybridCacheSerializerFactory>();

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
    public void Serializer_InvalidValue_LogsWarningAndThrowsSlimCacheValueException()
    {
        var log = new ListLogger();
        using ServiceProvider provider = new ServiceCollection().AddLogging(b => b.AddProvider(log)).AddSlimHybridCacheSerializer().BuildServiceProvider();
        var serializer = Create<Team>(provider.GetRequiredService<IHybridCacheSerializerFactory>());
        var buffer = new ArrayBufferWriter<byte>();
        serializer.Serialize(ProbeGraph.Build(), buffer);
        byte[] bytes = buffer.WrittenSpan.ToArray();
        bytes[7] ^= 0x10;

        var e = Assert.Throws<SlimCacheValueException>(() => serializer.Deserialize(new ReadOnlySequence<byte>(bytes)))!;
        Assert.That(e.Problem, Is.EqualTo(SlimCacheValueProblem.LayoutChanged));
        LogEntry warning = log.Entries.Single(x => x.EventId.Id == 8001);
        Assert.That(warning.Level, Is.EqualTo(LogLevel.Warning));
        Assert.That(warning.Message, Does.Contain("(LayoutChanged)"));
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
