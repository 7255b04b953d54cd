using NFX.IO;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim;

/// <summary>
/// What a read leaves behind for the next one: a PerCall registry back to its template however many types it learned
/// (a few are cleared by a loop, more by a span), and a session's code-generation budget left on the thread that read,
/// whichever thread that was (the budget stores its thread's slot only when it moved).
/// </summary>
public sealed class ReadSessionResetTests
{
    private sealed class A;

    private sealed class B;

    private sealed class C;

    private sealed class D;

    private sealed class E;

    private sealed class F;

    [TestCase(1)]
    [TestCase(4)]
    [TestCase(5)]
    [TestCase(6)]
    public void Reset_AfterLearningTypes_IsTheTemplateAgain(int learned)
    {
        var template = new TypeRegistryTemplate([]);
        var registry = new TypeRegistry(template);
        Type[] types = [typeof(A), typeof(B), typeof(C), typeof(D), typeof(E), typeof(F)];
        for (int i = 0; i < learned; i++)
        {
            registry.Add(types[i], (ulong)(i + 1) * 0x9E3779B97F4A7C15UL);
        }
        Assert.That(registry.LearnedCount, Is.EqualTo(learned));

        registry.Reset();

        Assert.That(registry.LearnedCount, Is.Zero);
        Assert.That(registry.Count, Is.EqualTo(template.Count));
        Assert.That(registry.Checksum, Is.EqualTo((uint)template.Checksum));
        Assert.That(registry.TryGetHandle(typeof(A), out _), Is.False);
        // The first type learned after the reset takes the first learned handle again.
        registry.Add(typeof(F), 42);
        Assert.That(registry.TryGetHandle(typeof(F), out int handle), Is.True);
        Assert.That(handle, Is.EqualTo(template.Count));
        Assert.That(registry.TryGetHandle(typeof(B), out _), Is.False);
    }

    [Test]
    public void Budget_EnteredOnAnotherThread_IsLeftOnTheThreadThatRead()
    {
        var budget = new CodegenBudget(new SlimReader());
        RunOnNewThread(() => budget.Exit(budget.Enter(10)));

        RunOnNewThread(() =>
        {
            budget.Exit(budget.Enter(10));
            // Nothing is entered on this thread any more: nothing is charged (a stale budget would refuse 100 nodes).
            Assert.DoesNotThrow(() => CodegenBudget.Charge(100));
            CodegenBudget? outer = budget.Enter(10);
            Assert.Throws<SlimLimitExceededException>(() => CodegenBudget.Charge(100));
            budget.Exit(outer);
        });
    }

    [Test]
    public void Budget_Nested_RestoresTheOuterOne()
    {
        var outerBudget = new CodegenBudget(new SlimReader());
        var innerBudget = new CodegenBudget(new SlimReader());
        RunOnNewThread(() =>
        {
            CodegenBudget? none = outerBudget.Enter(1000);
            CodegenBudget? outer = innerBudget.Enter(10);
            Assert.That(outer, Is.SameAs(outerBudget));
            innerBudget.Exit(outer);
            // The outer budget is charged again, not the inner one (which would refuse 100 nodes).
            Assert.DoesNotThrow(() => CodegenBudget.Charge(100));
            outerBudget.Exit(none);
            Assert.That(none, Is.Null);
            Assert.DoesNotThrow(() => CodegenBudget.Charge(10_000));
        });
    }

    [Test]
    public void Budget_LeftInTheSlotAfterExit_IsChargedNoMore_AndIsNoOuterOne()
    {
        var first = new CodegenBudget(new SlimReader());
        var second = new CodegenBudget(new SlimReader());
        RunOnNewThread(() =>
        {
            first.Exit(first.Enter(10));
            // Exit leaves the budget in the thread's slot (no store): it must refuse nothing outside its message.
            Assert.DoesNotThrow(() => CodegenBudget.Charge(100));
            // Entered again on the same thread: full again, and charged.
            CodegenBudget? none = first.Enter(10);
            Assert.That(none, Is.Null);
            Assert.Throws<SlimLimitExceededException>(() => CodegenBudget.Charge(100));
            first.Exit(none);
            // Another budget entered after it: the one left behind is no outer message to restore.
            CodegenBudget? outer = second.Enter(10);
            Assert.That(outer, Is.Null);
            Assert.Throws<SlimLimitExceededException>(() => CodegenBudget.Charge(100));
            second.Exit(outer);
            Assert.DoesNotThrow(() => CodegenBudget.Charge(100));
        });
    }

    [Test]
    public void ReadSession_LentByAFlag_ASecondRentGetsANewOne_AndOnlyTheCachedOneClearsTheFlag()
    {
        var serializer = new SlimSerializer();
        byte[] bytes = serializer.Serialize(new List<string> { "a", "b" });
        Assert.That(serializer.ReadSessionLent, Is.False);

        var cached = serializer.RentReadSession();
        Assert.That(serializer.ReadSessionLent, Is.True);
        var other = serializer.RentReadSession();
        Assert.That(other, Is.Not.SameAs(cached));
        serializer.ReturnReadSession(other);
        Assert.That(serializer.ReadSessionLent, Is.True, "returning another session must not release the cached one");
        // A read while the cached session is lent reads on a new session, and leaves the flag as it was.
        Assert.That(serializer.Deserialize(bytes), Is.EqualTo(new List<string> { "a", "b" }));
        Assert.That(serializer.ReadSessionLent, Is.True);
        serializer.ReturnReadSession(cached);
        Assert.That(serializer.ReadSessionLent, Is.False);

        var again = serializer.RentReadSession();
        Assert.That(again, Is.SameAs(cached));
        // Returned, its reader keeps none of the caller's bytes.
        again.Reader.Reset(bytes);
        serializer.ReturnReadSession(again);
        Assert.That(again.Reader.BufferedBytes, Is.Zero);
        object? buffer = typeof(SlimReader).GetField("_buffer", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!.GetValue(again.Reader);
        Assert.That(buffer, Is.Not.SameAs(bytes));
        Assert.That(serializer.Deserialize(bytes), Is.EqualTo(new List<string> { "a", "b" }));
        Assert.That(serializer.ReadSessionLent, Is.False);
    }

    [Test]
    public void ReadSession_ManyThreadsReadingAtOnce_EveryReadIsRight_AndTheFlagEndsReleased()
    {
        var serializer = new SlimSerializer();
        var messages = Enumerable.Range(0, 8).Select(i => serializer.Serialize(new List<string> { "m" + i, new string('x', i) })).ToArray();
        var errors = new System.Collections.Concurrent.ConcurrentQueue<string>();
        Parallel.For(0, 4, t =>
        {
            for (int n = 0; n < 500; n++)
            {
                int i = (t + n) % messages.Length;
                var read = (List<string>)serializer.Deserialize(messages[i])!;
                if (read.Count != 2 || read[0] != "m" + i || read[1] != new string('x', i))
                {
                    errors.Enqueue($"thread {t}, read {n}: message {i} read as [{string.Join(", ", read)}]");
                }
            }
        });
        Assert.That(errors, Is.Empty);
        Assert.That(serializer.ReadSessionLent, Is.False);
    }

    [Test]
    public void MessagePayload_ShorterOrLongerThanItsLength_IsRefusedWithItsOwnError()
    {
        var serializer = new SlimSerializer();
        byte[] bytes = serializer.Serialize(new List<string> { "a", "b" });
        // One test of the bytes left against the header's length covers both ends: fewer is the truncated payload,
        // more is input after the message.
        var truncated = Assert.Catch<SlimException>(() => serializer.Deserialize(bytes[..^1]));
        Assert.That(truncated!.Message, Does.Contain("the message payload"));
        var longer = Assert.Catch<SlimException>(() => serializer.Deserialize([.. bytes, 0, 0]));
        Assert.That(longer!.Message, Does.Contain("2 byte(s) after the message"));
        Assert.That(serializer.Deserialize(bytes), Is.EqualTo(new List<string> { "a", "b" }));
        Assert.That(serializer.ReadSessionLent, Is.False);
    }

    [TestCase(0)]
    [TestCase(1)]
    [TestCase(3)]
    [TestCase(5)]
    public void List_ReadBack_HasExactlyItsCountAsCapacity(int count)
    {
        // SetCount on a new list grows it to 4 at least: a one-element list read back would carry 3 empty slots.
        var serializer = new SlimSerializer();
        var list = Enumerable.Range(1, count).Select(i => "s" + i).ToList();
        var read = (List<string>)serializer.Deserialize(serializer.Serialize(list))!;
        Assert.That(read, Is.EqualTo(list));
        Assert.That(read.Capacity, Is.EqualTo(count));
    }

    // A thread of its own: the budget's slot is thread-static, and a test runner's thread may have read before.
    private static void RunOnNewThread(Action action)
    {
        Exception? error = null;
        var thread = new Thread(() =>
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                error = e;
            }
        });
        thread.Start();
        thread.Join();
        if (error is not null)
        {
            throw new AggregateException(error);
        }
    }
}
