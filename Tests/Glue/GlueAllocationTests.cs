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
}
