using System.Diagnostics;
using NFX.Slim;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Security.Adversarial;

/// <summary>
/// The in-process half of the adversarial suite for attacks on the reader's resources, with the payloads the Glue
/// survival tests send (<see cref="HostilePayloads"/>): each must be refused with a documented exception within a
/// time bound and an allocation bound. The culture and capacity attacks have their own fixtures
/// (<see cref="CultureNameTests"/>, <see cref="DeclaredCapacityTests"/>).
/// </summary>
public sealed class ResourceAttackTests
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(2);

    private static T Refused<T>(Func<object?> read, int inputBytes) where T : SlimDeserializationException
    {
        var watch = Stopwatch.StartNew();
        long before = GC.GetAllocatedBytesForCurrentThread();
        T? error = Assert.Catch<T>(() => read());
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.That(watch.Elapsed, Is.LessThan(s_bound));
        Assert.That(allocated, Is.LessThan(64L * inputBytes + 4 * 1024 * 1024), $"{inputBytes} bytes of input");
        return error!;
    }

    [Test]
    public void SharedGenericChain_Shallow_IsReadQuickly()
    {
        // The builder's own check: three levels are an allowed empty dictionary.
        var slim = new SlimSerializer();

        Assert.That(slim.Deserialize(HostilePayloads.SharedGenericChain(slim, 3)), Is.InstanceOf<System.Collections.IDictionary>());
    }

    [Test]
    public void NestedEmptyStructs_Shallow_IsReadQuickly()
    {
        var slim = new SlimSerializer();

        Assert.That(slim.Deserialize(HostilePayloads.NestedEmptyStructs(slim, 2)),
            Is.InstanceOf<KeyValuePair<KeyValuePair<ValueTuple, ValueTuple>, KeyValuePair<ValueTuple, ValueTuple>>>());
    }

    [Test]
    public void QueuedArrayHeaders_Complete_IsRead()
    {
        // The builder's own check: with every body present the message is an ImmutableList of object arrays.
        var slim = new SlimSerializer();

        var list = (System.Collections.Immutable.ImmutableList<object>)slim.Deserialize(HostilePayloads.QueuedArrayHeaders(slim, 3, 4, complete: true))!;

        Assert.That(list.Select(a => ((object?[])a).Length), Is.EqualTo(new[] { 4, 4, 4 }));
    }

    [Test]
    public void QueuedArrayHeaders_TogetherOverTheBytesLeft_RefusedBeforeAllocating()
    {
        var slim = new SlimSerializer();
        byte[] bytes = HostilePayloads.QueuedArrayHeaders(slim, 2_300, 36_000);

        Refused<SlimDeserializationException>(() => slim.Deserialize(bytes), bytes.Length);
    }

    [Test]
    public void SharedGenericChain28Levels_RefusedOrReadInBoundedTimeAndMemory()
    {
        var slim = new SlimSerializer();
        byte[] bytes = HostilePayloads.SharedGenericChain(slim, 28);

        Refused<SlimDeserializationException>(() => slim.Deserialize(bytes), bytes.Length);
    }

    [Test]
    public void NestedEmptyStructs17Levels_RefusedWithinTheCodeGenerationBudget()
    {
        var slim = new SlimSerializer();
        byte[] bytes = HostilePayloads.NestedEmptyStructs(slim, 17);

        Refused<SlimLimitExceededException>(() => slim.Deserialize(bytes), bytes.Length);
    }

    [Test]
    public void CycleThroughAValue_AsHashSetElement_Refused()
    {
        var slim = new SlimSerializer();
        byte[] bytes = HostilePayloads.CycleThroughValue(slim);

        Refused<SlimDeserializationException>(() => slim.Deserialize(bytes), bytes.Length);
    }
}
