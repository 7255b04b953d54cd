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
