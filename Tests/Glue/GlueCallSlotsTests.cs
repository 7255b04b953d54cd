using NFX.Glue;
using NFX.Glue.Client;
using NFX.Glue.Protocol;
using NFX.Glue.Transport;

namespace NFX.Tests.Glue;

public sealed class GlueCallSlotsTests
{
    private static (PendingCall<int> Call, OutgoingFrame Frame) NewCall(int id)
    {
        var call = new PendingCall<int> { CallId = id };
        return (call, OutgoingFrame.Call(call, call.Generation, id, contractId: 0, methodId: 0, args: null, hasArgs: false));
    }

    [Test]
    public void TakeOrQueue_OverTheCap_QueuesAndHandsSlotsOverInOrder()
    {
        var slots = new CallSlots(2);
        var calls = Enumerable.Range(1, 4).Select(NewCall).ToArray();

        bool[] sentNow = calls.Select(c => slots.TakeOrQueue(c.Call, c.Frame)).ToArray();

        Assert.That(sentNow, Is.EqualTo(new[] { true, true, false, false }));
        Assert.That(slots.Release(calls[0].Call, out OutgoingFrame next), Is.True);
        Assert.That(next.CallId, Is.EqualTo(3));
        Assert.That(calls[2].Call.HasSlot, Is.True);
        Assert.That(slots.Release(calls[1].Call, out next), Is.True);
        Assert.That(next.CallId, Is.EqualTo(4));
    }

    [Test]
    public void Release_WaitingCallAlreadyFinished_IsSkipped()
    {
        var slots = new CallSlots(1);
        var (first, firstFrame) = NewCall(1);
        var (timedOut, timedOutFrame) = NewCall(2);
        var (third, thirdFrame) = NewCall(3);
        slots.TakeOrQueue(first, firstFrame);
        slots.TakeOrQueue(timedOut, timedOutFrame);
        slots.TakeOrQueue(third, thirdFrame);

        timedOut.MarkFinished();
        Assert.That(slots.Release(timedOut, out _), Is.False, "a call that never held a slot frees none");
        Assert.That(slots.Release(first, out OutgoingFrame next), Is.True);

        Assert.That(next.CallId, Is.EqualTo(3));
        Assert.That(slots.Release(third, out _), Is.False, "nothing left waiting: the slot is simply freed");
        Assert.That(slots.TakeOrQueue(NewCall(4).Call, NewCall(4).Frame), Is.True);
    }

    [Test]
    public void TakeOrQueue_CallAlreadyFinished_TakesNoSlot()
    {
        var slots = new CallSlots(1);
        var (canceled, frame) = NewCall(1);
        canceled.MarkFinished();

        Assert.That(slots.TakeOrQueue(canceled, frame), Is.False);
        Assert.That(canceled.HasSlot, Is.False);
        Assert.That(slots.TakeOrQueue(NewCall(2).Call, NewCall(2).Frame), Is.True, "the slot is still free");
    }

    [Test]
    public void OneWay_SlotsAndLineFull_BlocksThenTimesOut()
    {
        var slots = new CallSlots(1);
        var oneWay = OutgoingFrame.OneWay(contractId: 0, methodId: 0, args: null, hasArgs: false, trace: default);

        Assert.That(slots.TakeOrQueueOneWay(oneWay, TimeSpan.FromSeconds(1)), Is.EqualTo(CallSlots.OneWayOutcome.Send));
        Assert.That(slots.TakeOrQueueOneWay(oneWay, TimeSpan.FromSeconds(1)), Is.EqualTo(CallSlots.OneWayOutcome.Queued));
        Assert.Throws<GlueTimeoutException>(() => slots.TakeOrQueueOneWay(oneWay, TimeSpan.FromMilliseconds(50)));
    }

    [Test]
    public async Task OneWay_Blocked_WokenByReleaseOrClose()
    {
        var slots = new CallSlots(1);
        var oneWay = OutgoingFrame.OneWay(contractId: 0, methodId: 0, args: null, hasArgs: false, trace: default);
        slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan);
        slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan);

        Task<CallSlots.OneWayOutcome> blocked = Task.Run(() => slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan));
        Task<CallSlots.OneWayOutcome> dropped = Task.Run(() => slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan));
        Assert.That(slots.Release(null, out _), Is.True, "the queued one-way takes the freed slot");
        CallSlots.OneWayOutcome first = await Task.WhenAny(blocked, dropped).Unwrap().WaitAsync(TimeSpan.FromSeconds(20));
        slots.Close();
        CallSlots.OneWayOutcome[] both = await Task.WhenAll(blocked, dropped).WaitAsync(TimeSpan.FromSeconds(20));

        Assert.That(first, Is.EqualTo(CallSlots.OneWayOutcome.Queued), "room in the line woke one blocked caller");
        Assert.That(both, Is.EquivalentTo(new[] { CallSlots.OneWayOutcome.Queued, CallSlots.OneWayOutcome.Dropped }));
    }
}
