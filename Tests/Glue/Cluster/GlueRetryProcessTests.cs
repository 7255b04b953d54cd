using System.Net;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;
using NFX.Tests.RetryProbe;

namespace NFX.Tests.GlueCluster;

/// <summary>
/// Never a silent double execution, across a real crash: the server runs in another process that is killed while it
/// holds two calls, then started again on the same port. Executions are counted from the lines each server process
/// printed before it ran a call, so the count survives the kill.
/// </summary>
public sealed class GlueRetryProcessTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(60);

    [Test]
    public async Task ServerKilledMidCall_NonIdempotentFailsAndRanOnce_IdempotentSucceedsAfterRestart()
    {
        RetryProbeProcess first = await RetryProbeProcess.StartAsync(port: 0, hold: true);
        RetryProbeProcess? second = null;
        try
        {
            var options = new GlueClientOptions
            {
                WaitForReady = true, // the retry waits for the server to come back, within the deadline
                DefaultDeadline = s_guard,
                ReconnectDelay = TimeSpan.FromMilliseconds(50),
                MaxReconnectDelay = TimeSpan.FromMilliseconds(250),
            };
            await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, first.Port), options);
            IRetryProbe probe = client.GetProxy<IRetryProbe>();

            Task<int> charge = probe.Charge(1);
            Task<int> lookup = probe.Lookup(2);
            await first.WaitForRunsAsync(2, s_guard);
            await first.KillAsync();

            GlueConnectionException? lost = await Assert.ThrowsAsync<GlueConnectionException>(async () => await charge.WaitAsync(s_guard));
            Assert.That(lost, Is.Not.InstanceOf<GlueUnavailableException>(), "a lost connection, not a refusal");
            second = await RetryProbeProcess.StartAsync(first.Port, hold: false);

            Assert.That(await lookup.WaitAsync(s_guard), Is.EqualTo(20), "the idempotent call is retried after the restart");
            Assert.That(await probe.Lookup(3).WaitAsync(s_guard), Is.EqualTo(30), "the restarted server serves new calls");
            string[] runs = [.. first.Runs, .. second.Runs];
            Assert.That(runs.Count(r => r == "charge 1"), Is.EqualTo(1), "the non-idempotent call ran at most once: " + string.Join(", ", runs));
            Assert.That(second.Runs, Does.Not.Contain("charge 1"), "and was not retried on the restarted server");
            Assert.That(runs.Count(r => r == "lookup 2"), Is.EqualTo(2), "the idempotent call ran once per server process");
        }
        finally
        {
            await first.DisposeAsync();
            if (second is not null)
            {
                await second.DisposeAsync();
            }
        }
    }
}
