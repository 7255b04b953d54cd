using NFX.Glue;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// The call path allocates nothing of its own once warm: pending calls are pooled, frames are structs in the send
/// queue, and a call without a token registers nothing. What starting a call allocates on the caller's thread (the proxy
/// method until it returns its ValueTask) is the boxed argument pack only.
/// </summary>
[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueAllocationTests(GlueTransportKind kind)
{
    // A boxed ValueTuple<int>: object header, method table pointer, the int padded to 8.
    private const long ArgumentPackBytes = 24;

    [Test]
    public async Task StartingAWarmCall_AllocatesOnlyTheArgumentPack()
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(new ShapesService()));
        IShapes proxy = host.CreateClient().GetProxy<IShapes>();
        for (int i = 0; i < 500; i++)
        {
            Assert.That(await proxy.CountTo(1, CancellationToken.None), Is.EqualTo(1));
        }

        const int Calls = 2000;
        long allocated = 0;
        for (int i = 0; i < Calls; i++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            ValueTask<int> call = proxy.CountTo(1, CancellationToken.None);
            allocated += GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.That(await call, Is.EqualTo(1));
        }

        TestContext.Out.WriteLine($"{kind}: {allocated / (double)Calls:0.0} bytes per call started");
        Assert.That(allocated / Calls, Is.LessThanOrEqualTo(ArgumentPackBytes));
    }

    /// <summary>
    /// A large body is serialized into pooled arrays: a call carrying 1 MiB allocates the server's copy of the argument
    /// and less than as much again (measured: 1.05 MiB over TCP, 1.85 MiB over the in-memory pipe; the growing buffer of
    /// each call made it 5.2 and 6.0 MiB before).
    /// </summary>
    [Test]
    public async Task ACallWithALargeBody_AllocatesTheReadCopyAndLittleMore()
    {
        await using GlueTestHost host = await GlueTestHost.StartAsync(kind, s => s.Host<IShapes>(new ShapesService()));
        IShapes proxy = host.CreateClient().GetProxy<IShapes>();
        byte[] data = new byte[1 << 20];
        Random.Shared.NextBytes(data);
        for (int i = 0; i < 5; i++)
        {
            Assert.That(await proxy.Measure(data), Is.EqualTo(data.Length));
        }

        const int Calls = 20;
        long before = GC.GetTotalAllocatedBytes(precise: true);
        for (int i = 0; i < Calls; i++)
        {
            Assert.That(await proxy.Measure(data), Is.EqualTo(data.Length));
        }
        long perCall = (GC.GetTotalAllocatedBytes(precise: true) - before) / Calls;

        TestContext.Out.WriteLine($"{kind}: {perCall:N0} bytes per 1 MiB call");
        Assert.That(perCall, Is.LessThan(2L * data.Length), "the server's copy of the argument, plus less than as much again");
    }
}
