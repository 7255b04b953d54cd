using NFX.Glue.Server;

namespace NFX.Tests.Glue;

public sealed class GlueCallGateTests
{
    [Test]
    public void TryTake_AllSlotsTaken_RefusesUntilOneIsReleased()
    {
        var gate = new CallGate(2);

        Assert.That(gate.TryTake(), Is.True);
        Assert.That(gate.TryTake(), Is.True);
        Assert.That(gate.TryTake(), Is.False);
        gate.Release();
        Assert.That(gate.TryTake(), Is.True);
        Assert.That(gate.TryTake(), Is.False);
    }

    [Test]
    public async Task TakeAsync_NoSlot_CompletesOnceOneIsReleased()
    {
        var gate = new CallGate(1);
        Assert.That(gate.TryTake(), Is.True);

        Task waiting = gate.TakeAsync(CancellationToken.None).AsTask();
        await Task.Delay(50);
        Assert.That(waiting.IsCompleted, Is.False, "no slot is free yet");
        gate.Release();
        await waiting.WaitAsync(TimeSpan.FromSeconds(20));

        Assert.That(gate.TryTake(), Is.False, "the waiter took the released slot");
    }

    [Test]
    public void TakeAsync_Canceled_ThrowsAndTakesNothing()
    {
        var gate = new CallGate(1);
        Assert.That(gate.TryTake(), Is.True);
        using var cancel = new CancellationTokenSource();

        Task waiting = gate.TakeAsync(cancel.Token).AsTask();
        cancel.Cancel();

        Assert.That(async () => await waiting.WaitAsync(TimeSpan.FromSeconds(20)), Throws.InstanceOf<OperationCanceledException>());
        gate.Release();
        Assert.That(gate.TryTake(), Is.True);
    }

    [Test]
    public void TakeAsync_RacingWithRelease_NeverMissesTheFreedSlot()
    {
        const int Rounds = 5_000;
        int missed = 0;
        for (int round = 0; round < Rounds; round++)
        {
            var gate = new CallGate(1);
            gate.TryTake();
            using var start = new ManualResetEventSlim();
            var releaser = Task.Run(() =>
            {
                start.Wait();
                gate.Release();
            });
            start.Set();
            Task taken = gate.TakeAsync(CancellationToken.None).AsTask();
            if (!taken.Wait(TimeSpan.FromSeconds(10)))
            {
                missed++;
                break;
            }
            releaser.Wait();
        }

        Assert.That(missed, Is.Zero);
    }
}
