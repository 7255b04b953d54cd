using NFX.Glue;
using NFX.Glue.Client.Calls;
using NFX.Glue.Protocol;
using NFX.Glue.Transport;

namespace NFX.Tests.Glue;

public sealed class InFlightLimiterTests
{
    private static (PendingCall<int> Call, OutgoingFrame Frame) NewCall(int id)
    {
        var call = new PendingCall<int> { CallId = id };
        return (call, OutgoingFrame.Call(call, call.Generation, id, contractId: 0, methodId: 0, args: null, hasArgs: false));
    }

    private static (InFlightLimiter Slots, List<OutgoingFrame> HandedOver) NewSlots(int max)
    {
        var handedOver = new List<OutgoingFrame>();
        return (new InFlightLimiter(max, frame => { lock (handedOver) { handedOver.Add(frame); } }), handedOver);
    }

    [Test]
    public void TakeOrQueue_OverTheCap_QueuesAndHandsSlotsOverInOrder()
    {
        var (slots, handedOver) = NewSlots(2);
        var calls = Enumerable.Range(1, 4).Select(NewCall).ToArray();

        bool[] sentNow = calls.Select(c => slots.TakeOrQueue(c.Call, c.Frame)).ToArray();

        Assert.That(sentNow, Is.EqualTo(new[] { true, true, false, false }));
        Assert.That(slots.Release(calls[0].Call), Is.True);
        Assert.That(handedOver.Select(f => f.CallId), Is.EqualTo(new[] { 3 }));
        Assert.That(calls[2].Call.HasSlot, Is.True);
        Assert.That(slots.Release(calls[1].Call), Is.True);
        Assert.That(handedOver.Select(f => f.CallId), Is.EqualTo(new[] { 3, 4 }));
        Assert.That(slots.InFlight, Is.EqualTo(2));
    }

    [Test]
    public void Release_WaitingCallAlreadyFinished_IsSkipped()
    {
        var (slots, handedOver) = NewSlots(1);
        var (first, firstFrame) = NewCall(1);
        var (timedOut, timedOutFrame) = NewCall(2);
        var (third, thirdFrame) = NewCall(3);
        slots.TakeOrQueue(first, firstFrame);
        slots.TakeOrQueue(timedOut, timedOutFrame);
        slots.TakeOrQueue(third, thirdFrame);

        timedOut.MarkFinished();
        Assert.That(slots.Release(timedOut), Is.False, "a call that never held a slot frees none");
        Assert.That(slots.Release(first), Is.True);

        Assert.That(handedOver.Select(f => f.CallId), Is.EqualTo(new[] { 3 }));
        Assert.That(slots.Release(third), Is.False, "nothing left waiting: the slot is simply freed");
        Assert.That(slots.InFlight, Is.Zero);
        var fourth = NewCall(4);
        Assert.That(slots.TakeOrQueue(fourth.Call, fourth.Frame), Is.True);
    }

    [Test]
    public void TakeOrQueue_CallAlreadyFinished_TakesNoSlot()
    {
        var (slots, _) = NewSlots(1);
        var (canceled, frame) = NewCall(1);
        canceled.MarkFinished();

        Assert.That(slots.TakeOrQueue(canceled, frame), Is.False);
        Assert.That(canceled.HasSlot, Is.False);
        var second = NewCall(2);
        Assert.That(slots.TakeOrQueue(second.Call, second.Frame), Is.True, "the slot is still free");
    }

    [Test]
    public void OneWay_SlotsAndLineFull_BlocksThenTimesOut()
    {
        var (slots, _) = NewSlots(1);
        var oneWay = OutgoingFrame.OneWay(contractId: 0, methodId: 0, args: null, hasArgs: false, trace: default);

        Assert.That(slots.TakeOrQueueOneWay(oneWay, TimeSpan.FromSeconds(1)), Is.EqualTo(InFlightLimiter.OneWayOutcome.Send));
        Assert.That(slots.TakeOrQueueOneWay(oneWay, TimeSpan.FromSeconds(1)), Is.EqualTo(InFlightLimiter.OneWayOutcome.Queued));
        Assert.Throws<GlueTimeoutException>(() => slots.TakeOrQueueOneWay(oneWay, TimeSpan.FromMilliseconds(50)));
    }

    [Test]
    public async Task OneWay_Blocked_WokenByReleaseOrClose()
    {
        var (slots, handedOver) = NewSlots(1);
        var oneWay = OutgoingFrame.OneWay(contractId: 0, methodId: 0, args: null, hasArgs: false, trace: default);
        slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan);
        slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan);

        Task<InFlightLimiter.OneWayOutcome> blocked = Task.Run(() => slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan));
        Task<InFlightLimiter.OneWayOutcome> dropped = Task.Run(() => slots.TakeOrQueueOneWay(oneWay, Timeout.InfiniteTimeSpan));
        Assert.That(slots.Release(null), Is.True, "the queued one-way takes the freed slot");
        Assert.That(handedOver, Has.Count.EqualTo(1));
        InFlightLimiter.OneWayOutcome first = await Task.WhenAny(blocked, dropped).Unwrap().WaitAsync(TimeSpan.FromSeconds(20));
        slots.Close();
        InFlightLimiter.OneWayOutcome[] both = await Task.WhenAll(blocked, dropped).WaitAsync(TimeSpan.FromSeconds(20));

        Assert.That(first, Is.EqualTo(InFlightLimiter.OneWayOutcome.Queued), "room in the line woke one blocked caller");
        Assert.That(both, Is.EquivalentTo(new[] { InFlightLimiter.OneWayOutcome.Queued, InFlightLimiter.OneWayOutcome.Dropped }));
    }

    [Test]
    public async Task TakeAndRelease_ManyThreads_NeverOverTheCapAndNothingStranded()
    {
        const int Max = 3;
        const int Takers = 3;
        const int CallsPerTaker = 20_000;
        const int Total = Takers * CallsPerTaker;
        var running = new System.Collections.Concurrent.ConcurrentQueue<PendingCall<int>>();
        var sends = new int[Total + 1];
        var finished = new int[Total + 1];
        var canceled = new bool[Total + 1];
        int finishedCount = 0;
        int overCap = 0;
        var slots = new InFlightLimiter(Max, frame =>
        {
            Interlocked.Increment(ref sends[frame.CallId]);
            running.Enqueue((PendingCall<int>)frame.Caller);
        });
        // What the pending table guarantees in the connection: one finisher per call, which marks it, then frees its slot.
        void Finish(PendingCall<int> call)
        {
            if (Interlocked.Exchange(ref finished[call.CallId], 1) == 0)
            {
                call.MarkFinished();
                slots.Release(call);
                Interlocked.Increment(ref finishedCount);
            }
        }

        Task[] takers = Enumerable.Range(0, Takers).Select(t => Task.Run(() =>
        {
            for (int i = 0; i < CallsPerTaker; i++)
            {
                var (call, frame) = NewCall(t * CallsPerTaker + i + 1);
                if (slots.TakeOrQueue(call, frame))
                {
                    Interlocked.Increment(ref sends[call.CallId]);
                    running.Enqueue(call);
                }
                else if (i % 7 == 0)
                {
                    canceled[call.CallId] = true;
                    Finish(call); // canceled while it waits (or just after a slot was handed to it)
                }
                if (slots.InFlight > Max)
                {
                    Interlocked.Increment(ref overCap);
                }
            }
        })).ToArray();
        Task releaser = Task.Run(async () =>
        {
            while (Volatile.Read(ref finishedCount) < Total)
            {
                if (running.TryDequeue(out PendingCall<int>? call))
                {
                    Finish(call);
                }
                else
                {
                    await Task.Yield();
                }
            }
        });

        await Task.WhenAll(takers).WaitAsync(TimeSpan.FromSeconds(60));
        await releaser.WaitAsync(TimeSpan.FromSeconds(60));

        Assert.That(overCap, Is.Zero, "never more slots taken than the cap");
        Assert.That(slots.InFlight, Is.Zero, "every slot came back");
        Assert.That(sends.Skip(1).Max(), Is.EqualTo(1), "no frame was sent twice");
        Assert.That(Enumerable.Range(1, Total).Where(id => sends[id] == 0 && !canceled[id]), Is.Empty, "only canceled calls went unsent");
    }

    [Test]
    public void Release_RacingWithAQueuingTaker_NeverLeavesTheFrameWaitingBesideAFreeSlot()
    {
        const int Rounds = 50_000;
        int stranded = 0;
        using var barrier = new Barrier(2);
        InFlightLimiter? slots = null;
        PendingCall<int>? holder = null;
        var sent = new bool[Rounds];
        var releaser = new Thread(() =>
        {
            for (int round = 0; round < Rounds; round++)
            {
                barrier.SignalAndWait();
                slots!.Release(holder);
                barrier.SignalAndWait();
            }
        });
        releaser.Start();
        for (int round = 0; round < Rounds; round++)
        {
            int id = round;
            slots = new InFlightLimiter(1, frame => sent[id] = true);
            (holder, OutgoingFrame holderFrame) = NewCall(1);
            Assert.That(slots.TakeOrQueue(holder, holderFrame), Is.True);
            var (waiter, waiterFrame) = NewCall(2);
            barrier.SignalAndWait();
            if (slots.TakeOrQueue(waiter, waiterFrame))
            {
                sent[id] = true;
            }
            barrier.SignalAndWait();
            if (!sent[id])
            {
                stranded++;
            }
        }
        releaser.Join();

        Assert.That(stranded, Is.Zero, "the freed slot always reaches the frame that queued for it");
    }
}
