using System.Net;
using System.Net.Sockets;
using NFX.Glue;
using NFX.Tests.GlueCluster.Support;
using NFX.Tests.RetryProbe;

namespace NFX.Tests.GlueCluster;

/// <summary>
/// Endpoints from a provider: a DNS name whose answer changes (a stub resolver stands in for the cluster DNS of a
/// Kubernetes headless service; the servers listen on 127.0.0.1-3, one port), the static list, and the DNS provider alone.
/// </summary>
public sealed class GlueEndpointProviderTests
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);
    private static readonly IPAddress[] s_addresses = [IPAddress.Parse("127.0.0.1"), IPAddress.Parse("127.0.0.2"), IPAddress.Parse("127.0.0.3")];

    [Test]
    public async Task DnsProvider_AnswerChanges_NewAddressGetsCallsRemovedOneStopsAndItsCallInFlightCompletes()
    {
        await using RetryNodes nodes = await RetryNodes.StartAsync(3, s_addresses, samePort: true);
        int port = nodes.EndPoints[0].Port;
        IPAddress[] answer = [s_addresses[0], s_addresses[1]];
        int lookups = 0;
        var dns = new DnsEndpointProvider("orders.shop.svc.cluster.local", port)
        {
            RefreshInterval = TimeSpan.FromMilliseconds(50),
            Resolver = (host, _) =>
            {
                Interlocked.Increment(ref lookups);
                return Task.FromResult(host == "orders.shop.svc.cluster.local" ? Volatile.Read(ref answer) : []);
            },
        };
        await using var client = new GlueClient(dns, ClusterNodes.FastReconnect);
        IRetryProbe probe = client.GetProxy<IRetryProbe>();
        await client.ConnectAsync();
        await WaitUntil(() => client.GetStatus().Count(s => s.IsConnected) == 2);
        Assert.That(client.EndPoints, Is.EquivalentTo(new[] { nodes.EndPoints[0], nodes.EndPoints[1] }));

        await CallsAsync(probe, 40);
        Assert.That(nodes.Services.Select(s => s.Lookups > 0), Is.EqualTo(new[] { true, true, false }), "the two addresses DNS gave get calls");

        while (nodes.Services[0].Arrived.Wait(0))
        {
            // Forget the arrivals of the calls so far: the next one is the held call.
        }
        nodes.Services[0].HoldCalls();
        var held = new List<Task<int>>();
        while (nodes.Services[0].Arrived.CurrentCount == 0 && held.Count < 100)
        {
            held.Add(probe.Charge(held.Count + 1));
            await Task.Delay(5);
        }
        await nodes.Services[0].Arrived.WaitAsync(s_guard);   // one call is in flight on 127.0.0.1
        int servedBy0 = nodes.Services[0].Lookups;

        Volatile.Write(ref answer, [s_addresses[1], s_addresses[2]]);
        await WaitUntil(() => client.EndPoints.Contains(nodes.EndPoints[2]) && !client.EndPoints.Contains(nodes.EndPoints[0]));
        await WaitUntil(() => client.GetStatus().Count(s => s.IsConnected) == 2);

        await CallsAsync(probe, 40);
        Assert.That(nodes.Services[2].Lookups, Is.GreaterThan(0), "the new address gets calls");
        Assert.That(nodes.Services[0].Lookups, Is.EqualTo(servedBy0), "the removed address gets no new calls");

        nodes.Services[0].Release();
        int[] answers = await Task.WhenAll(held).WaitAsync(s_guard);
        Assert.That(answers, Is.EqualTo(Enumerable.Range(1, held.Count).Select(i => i * 10)), "the calls in flight on the removed endpoint complete");
        await WaitUntil(() => nodes.Server(0).ConnectionCount == 0);   // drained, then closed by the client
        Assert.That(Volatile.Read(ref lookups), Is.GreaterThanOrEqualTo(2));
    }

    [Test]
    public async Task StaticProvider_BehavesAsTheList()
    {
        await using RetryNodes nodes = await RetryNodes.StartAsync(2);
        await using var client = new GlueClient(new StaticEndpointProvider(nodes.EndPoints), ClusterNodes.FastReconnect);

        Assert.That(client.EndPoints, Is.EqualTo(nodes.EndPoints), "known at once, in the order given");
        IRetryProbe probe = client.GetProxy<IRetryProbe>();
        Assert.That(await probe.Lookup(7).WaitAsync(s_guard), Is.EqualTo(70));
    }

    [Test]
    public async Task DnsProvider_SeveralRecords_OneEndpointPerAddressFamilyFilterAndFailuresKeepTheLastAnswer()
    {
        IPAddress v4a = IPAddress.Parse("10.1.0.7");
        IPAddress v4b = IPAddress.Parse("10.1.0.9");
        IPAddress v6 = IPAddress.Parse("fd00::7");
        int call = 0;
        Task<IPAddress[]> Resolve(string host, CancellationToken ct) => Interlocked.Increment(ref call) switch
        {
            1 => Task.FromResult<IPAddress[]>([v4a, v6, v4b, v4a]),          // A and AAAA records, one repeated
            2 => Task.FromException<IPAddress[]>(new SocketException((int)SocketError.HostNotFound)),
            3 => Task.FromResult<IPAddress[]>([]),
            4 => Task.FromResult<IPAddress[]>([v4b, v6, v4a]),              // same set, other order: no change
            _ => Task.FromResult<IPAddress[]>([v4b]),
        };
        var all = new DnsEndpointProvider("pods", 5005) { RefreshInterval = TimeSpan.FromMilliseconds(1), Resolver = Resolve };

        using var stop = new CancellationTokenSource(s_guard);
        var sets = new List<IReadOnlyList<EndPoint>>();
        await foreach (IReadOnlyList<EndPoint> set in all.WatchAsync(stop.Token))
        {
            sets.Add(set);
            if (sets.Count == 2)
            {
                break;
            }
        }

        Assert.That(sets[0], Is.EqualTo(new EndPoint[] { new IPEndPoint(v4a, 5005), new IPEndPoint(v6, 5005), new IPEndPoint(v4b, 5005) }));
        Assert.That(sets[1], Is.EqualTo(new EndPoint[] { new IPEndPoint(v4b, 5005) }), "the failure, the empty answer and the reordered set yielded nothing");
        Assert.That(call, Is.EqualTo(5));

        var ipv4 = new DnsEndpointProvider("pods", 5005)
        {
            AddressFamily = AddressFamily.InterNetwork,
            Resolver = (_, _) => Task.FromResult<IPAddress[]>([v4a, v6, v4b]),
        };
        await foreach (IReadOnlyList<EndPoint> set in ipv4.WatchAsync(stop.Token))
        {
            Assert.That(set, Is.EqualTo(new EndPoint[] { new IPEndPoint(v4a, 5005), new IPEndPoint(v4b, 5005) }));
            break;
        }
    }

    [Test]
    public async Task Provider_NoAnswerYet_CallWaitsForItWithinItsDeadline()
    {
        await using var client = new GlueClient(new SilentProvider(), ClusterNodes.FastReconnect);
        IRetryProbe probe = client.GetProxy<IRetryProbe>(TimeSpan.FromMilliseconds(300));

        await Assert.ThrowsAsync<GlueTimeoutException>(async () => await probe.Lookup(1).WaitAsync(s_guard));
    }

    private static async Task CallsAsync(IRetryProbe probe, int count)
    {
        for (int i = 0; i < count; i++)
        {
            Assert.That(await probe.Lookup(i).WaitAsync(s_guard), Is.EqualTo(i * 10));
        }
    }

    private static async Task WaitUntil(Func<bool> condition)
    {
        using var guard = new CancellationTokenSource(s_guard);
        while (!condition())
        {
            await Task.Delay(10, guard.Token);
        }
    }

    /// <summary>A provider whose source never answers.</summary>
    private sealed class SilentProvider : IGlueEndpointProvider
    {
        public async IAsyncEnumerable<IReadOnlyList<EndPoint>> WatchAsync([System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
        {
            await Task.Delay(Timeout.Infinite, cancellationToken);
            yield break;
        }
    }
}
