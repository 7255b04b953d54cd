using System.Globalization;
using Akka.Actor;
using Akka.TestKit;

namespace NFX.Tests.Akka.Support;

/// <summary>Akka.TestKit's assertions reported through NUnit (no NUnit adapter of the TestKit is served).</summary>
public sealed class NUnitAssertions : ITestKitAssertions
{
    public void Fail(string format = "", params object[] args) => Assert.Fail(Format(format, args));

    public void AssertTrue(bool condition, string format = "", params object[] args) => Assert.That(condition, Is.True, Format(format, args));

    public void AssertFalse(bool condition, string format = "", params object[] args) => Assert.That(condition, Is.False, Format(format, args));

    public void AssertEqual<T>(T expected, T actual, string format = "", params object[] args) => Assert.That(actual, Is.EqualTo(expected), Format(format, args));

    public void AssertEqual<T>(T expected, T actual, Func<T, T, bool> comparer, string format = "", params object[] args) =>
        Assert.That(comparer(expected, actual), Is.True, $"expected {expected}, got {actual}. {Format(format, args)}");

    public Exception AssertThrows(Action action) => Assert.Catch(() => action())!;

    public TException AssertThrows<TException>(Action action) where TException : Exception => Assert.Catch<TException>(() => action())!;

    public Task<Exception> AssertThrowsAsync(Func<Task> action) => AssertThrowsAsync<Exception>(action);

    public async Task<TException> AssertThrowsAsync<TException>(Func<Task> action) where TException : Exception
    {
        try
        {
            await action();
        }
        catch (TException e)
        {
            return e;
        }
        Assert.Fail($"expected a {typeof(TException)}");
        return null!;
    }

    private static string Format(string format, object[] args) => args.Length == 0 ? format : string.Format(CultureInfo.InvariantCulture, format, args);
}

/// <summary>Akka.TestKit over an existing actor system (its probes, ExpectMsg and AwaitAssert), reporting through NUnit.</summary>
public sealed class Kit(ActorSystem system) : TestKitBase(new NUnitAssertions(), system);

/// <summary>
/// Waits until a condition holds, polling (NUnit records a failed Assert.That even when caught, so Akka's AwaitAssert
/// cannot retry NUnit assertions). The bound is generous: only a real failure reaches it.
/// </summary>
public static class Eventually
{
    public static async Task True(Func<bool> condition, TimeSpan timeout, string what)
    {
        DateTime deadline = DateTime.UtcNow + timeout;
        while (!condition())
        {
            if (DateTime.UtcNow > deadline)
            {
                Assert.Fail($"{what}: not within {timeout.TotalSeconds} s");
            }
            await Task.Delay(200);
        }
    }
}
