using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Slim.Support;
using Orleans.Storage;

namespace NFX.Tests.Orleans;

/// <summary>The grain storage serializer alone: built by the container, round trips, and damaged state is an error, never a misread.</summary>
public sealed class GrainStorageSerializerTests
{
    private static IGrainStorageSerializer Create()
    {
        ServiceProvider services = new ServiceCollection().AddOptions().Configure<SlimOrleansOptions>(ClusterFixture.Configure).BuildServiceProvider();
        return ActivatorUtilities.CreateInstance<SlimGrainStorageSerializer>(services);
    }

    [Test]
    public void RoundTrip_StateWithCycles_Equivalent()
    {
        var state = new StateBox { Root = Node.Ring(3), Version = 4 };
        IGrainStorageSerializer serializer = Create();

        GraphAssert.AreEquivalent(state, serializer.Deserialize<StateBox>(serializer.Serialize(state)));
    }

    [Test]
    public void Deserialize_EveryFlippedByte_SlimGrainStateExceptionNotAMisread()
    {
        IGrainStorageSerializer serializer = Create();
        byte[] stored = serializer.Serialize(new StateBox { Root = Node.Ring(2), Version = 1 }).ToArray();

        for (int i = 0; i < stored.Length; i++)
        {
            byte[] damaged = (byte[])stored.Clone();
            damaged[i] ^= 0x10;
            SlimGrainStateException e = Assert.Throws<SlimGrainStateException>(() => serializer.Deserialize<StateBox>(new BinaryData(damaged)), $"byte {i}")!;
            Assert.That(e.Message, Does.Contain(typeof(StateBox).FullName));
        }
    }

    [Test]
    public void Deserialize_Truncated_SlimGrainStateException()
    {
        IGrainStorageSerializer serializer = Create();
        byte[] stored = serializer.Serialize(new StateBox { Version = 1 }).ToArray();

        Assert.Throws<SlimGrainStateException>(() => serializer.Deserialize<StateBox>(new BinaryData(stored.AsMemory(0, stored.Length - 1))));
        Assert.Throws<SlimGrainStateException>(() => serializer.Deserialize<StateBox>(new BinaryData(stored.AsMemory(0, 5))));
    }
}
