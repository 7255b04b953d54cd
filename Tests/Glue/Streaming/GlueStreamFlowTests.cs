using System.Runtime.CompilerServices;
using NFX.Glue;
using NFX.Tests.Glue.Support;
using NFX.Tests.GlueStreaming.Support;

namespace NFX.Tests.GlueStreaming;

/// <summary>
/// Flow control, cancellation both ways, deadlines and lost connections of streaming calls over each transport: a stalled
/// consumer stops its producer within one window while ordinary calls on the same connection keep completing.
/// </summary>
[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueStreamFlowTests(GlueTransportKind kind)
{
    private const int Window = 16;

    // Bounds that only a hang reaches (the tests check outcomes, never speed).
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private StreamsService _service = null!;
    private GlueTestHost _host = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new StreamsService();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IStreams>(_service),
            GlueTestHost.DefaultServerOptions with { StreamWindow = Window });
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    private GlueClient Client() => _host.CreateClient(new GlueClientOptions { StreamWindow = Window });

    /// <summary>A proxy on a client that is connected and bound already, so what the tests time is the stream, not the connect.</summary>
    private async Task<IStreams> ConnectedAsync(GlueClient? client = null)
    {
        IStreams streams = (client ?? Client()).GetProxy<IStreams>();
        Assert.That(await streams.Add(1, 1).WaitAsync(s_guard), Is.EqualTo(2));
        return streams;
    }

    /// <summary>Waits until <paramref name="read"/> has not changed for a few polls, and returns it.</summary>
    private static async Task<int> SettledAsync(Func<int> read)
    {
        int last = read();
        for (int stable = 0, polls = 0; stable < 5 && polls < 200; polls++)
        {
            await Task.Delay(40);
            int now = read();
            stable = now == last ? stable + 1 : 0;
            last = now;
        }
        return last;
    }

    [Test]
    public async Task StalledConsumer_ProducerStopsWithinOneWindow_AndCallsOnTheConnectionKeepCompleting()
    {
        IStreams streams = await ConnectedAsync();
        await using IAsyncEnumerator<int> stalled = streams.Endless(CancellationToken.None).GetAsyncEnumerator();
        Assert.That(await stalled.MoveNextAsync().AsTask().WaitAsync(s_guard), Is.True);

        int produced = await SettledAsync(() => _service.Produced);

        // One window sent (the consumer has taken one item, not enough to grant more) and one item waiting for credit.
        Assert.That(produced, Is.LessThanOrEqualTo(Window + 1), "the producer waits for credit: nothing is buffered beyond the window");
        int[] sums = await Task.WhenAll(Enumerable.Range(0, 50).Select(i => streams.Add(i, 1))).WaitAsync(s_guard);
        Assert.That(sums, Is.EqualTo(Enumerable.Range(1, 50)), "ordinary calls share the connection with the stalled stream");

        for (int i = 1; i <= 200; i++)
        {
            Assert.That(await stalled.MoveNextAsync().AsTask().WaitAsync(s_guard), Is.True);
            Assert.That(stalled.Current, Is.EqualTo(i));
        }
        Assert.That(_service.Produced, Is.GreaterThan(200), "consuming grants credits again");
    }

    [Test]
    public async Task StalledServer_UploadStopsWithinOneWindow_AndCancelingReachesBothEnds()
    {
        IStreams streams = await ConnectedAsync();
        var source = new CountingSource();
        using var cancel = new CancellationTokenSource();

        Task ignored = streams.Ignore(source.Endless(), cancel.Token);
        int produced = await SettledAsync(() => source.Produced);

        Assert.That(produced, Is.InRange(1, Window + 1), "the client's source waits for the server's credit");
        await cancel.CancelAsync();
        await Assert.CatchAsync<OperationCanceledException>(() => ignored.WaitAsync(s_guard));
        Assert.That(await _service.Canceled.Task.WaitAsync(s_guard), Is.True, "the server's token fired");
        Assert.That(await source.Canceled.Task.WaitAsync(s_guard), Is.True, "the source's token fired");
    }

    [Test]
    public async Task Consumer_LeavesEarly_ServerIteratorIsCanceled()
    {
        IStreams streams = Client().GetProxy<IStreams>();

        int taken = 0;
        await foreach (int i in streams.Endless(CancellationToken.None))
        {
            if (++taken == 5)
            {
                break;
            }
        }

        Assert.That(await _service.Canceled.Task.WaitAsync(s_guard), Is.True);
        Assert.That(await streams.Add(2, 3).WaitAsync(s_guard), Is.EqualTo(5), "items still in flight were drained, the connection is fine");
    }

    [Test]
    public async Task ConsumerToken_Canceled_EnumerationThrowsAndServerIteratorIsCanceled()
    {
        IStreams streams = Client().GetProxy<IStreams>();
        using var cancel = new CancellationTokenSource();
        int taken = 0;

        await Assert.CatchAsync<OperationCanceledException>(async () =>
        {
            await foreach (int i in streams.Slow(20, CancellationToken.None).WithCancellation(cancel.Token))
            {
                if (++taken == 3)
                {
                    await cancel.CancelAsync();
                }
            }
        });

        Assert.That(taken, Is.EqualTo(3));
        Assert.That(await _service.Canceled.Task.WaitAsync(s_guard), Is.True);
    }

    [Test]
    public async Task Deadline_CoversTheWholeStream_TimeoutAfterItemsAndServerCanceled()
    {
        GlueClient client = Client();
        await ConnectedAsync(client);
        IStreams streams = client.GetProxy<IStreams>(TimeSpan.FromMilliseconds(500));
        int taken = 0;

        await Assert.ThrowsAsync<GlueTimeoutException>(async () =>
        {
            await foreach (int i in streams.Slow(20, CancellationToken.None))
            {
                taken++;
            }
        });

        Assert.That(taken, Is.GreaterThan(1), "items flowed until the deadline");
        Assert.That(await _service.Canceled.Task.WaitAsync(s_guard), Is.True, "the server's token fired too");
    }

    [Test]
    public async Task ScopeDeadline_TakenWhenTheProxyMethodIsCalled_AppliesToTheEnumerationLater()
    {
        IStreams streams = Client().GetProxy<IStreams>();
        IAsyncEnumerable<int> slow;
        using (GlueCallScope.Begin(deadline: TimeSpan.FromMilliseconds(300)))
        {
            slow = streams.Slow(20, CancellationToken.None);
        }

        await Assert.ThrowsAsync<GlueTimeoutException>(async () =>
        {
            await foreach (int i in slow)
            {
            }
        });
    }

    [Test]
    public async Task ServerGivesUp_OwnOperationCanceled_ConsumerGetsRemoteExceptionAfterItsItem()
    {
        var received = new List<int>();

        RemoteException? error = await Assert.ThrowsAsync<RemoteException>(async () =>
        {
            await foreach (int i in Client().GetProxy<IStreams>().GiveUp())
            {
                received.Add(i);
            }
        });

        Assert.That(received, Is.EqualTo(new[] { 1 }));
        Assert.That(error!.RemoteTypeName, Is.EqualTo(typeof(OperationCanceledException).FullName));
    }

    [Test]
    public async Task Upload_ServerAnswersBeforeTheEnd_SourceIsStoppedAndConnectionStaysUsable()
    {
        IStreams streams = Client().GetProxy<IStreams>();
        var source = new CountingSource();

        int taken = await streams.TakeFew(5, source.Endless()).WaitAsync(s_guard);

        Assert.That(taken, Is.EqualTo(5));
        Assert.That(await source.Canceled.Task.WaitAsync(s_guard), Is.True, "the source's token fired when the call ended");
        Assert.That(await streams.Add(20, 22).WaitAsync(s_guard), Is.EqualTo(42));
    }

    [Test]
    public async Task Upload_SourceThrows_CallFailsWithThatExceptionAndConnectionStaysUsable()
    {
        IStreams streams = Client().GetProxy<IStreams>();

        InvalidOperationException? error = await Assert.ThrowsAsync<InvalidOperationException>(() => streams.Sum(FailingSource(10)).WaitAsync(s_guard));

        Assert.That(error!.Message, Is.EqualTo("the source broke"));
        Assert.That(await streams.Add(1, 2).WaitAsync(s_guard), Is.EqualTo(3));
    }

    [Test]
    public async Task ServerStops_MidStream_BufferedItemsThenGlueConnectionException()
    {
        IStreams streams = await ConnectedAsync();
        await using IAsyncEnumerator<int> items = streams.Endless(CancellationToken.None).GetAsyncEnumerator();
        Assert.That(await items.MoveNextAsync().AsTask().WaitAsync(s_guard), Is.True);
        await SettledAsync(() => _service.Produced);

        await _host.Server.StopAsync();

        int received = 1;
        await Assert.ThrowsAsync<GlueConnectionException>(async () =>
        {
            while (await items.MoveNextAsync())
            {
                received++;
            }
        });
        Assert.That(received, Is.InRange(1, Window), "what had arrived is delivered first");
    }

    [Test]
    public async Task ManyStreams_MultiplexedWithOrdinaryCalls_OnOneConnection_AllComplete()
    {
        GlueClient client = Client();
        IStreams streams = client.GetProxy<IStreams>();

        Task<long>[] downloads = Enumerable.Range(0, 24).Select(async s =>
        {
            long sum = 0;
            await foreach (int i in streams.Range(1000 + s, CancellationToken.None))
            {
                sum += i;
            }
            return sum;
        }).ToArray();
        Task<long>[] uploads = Enumerable.Range(0, 8).Select(s => streams.Sum(AsyncSequences.Numbers(500 + s))).ToArray();
        Task<int>[] calls = Enumerable.Range(0, 300).Select(i => streams.Add(i, i)).ToArray();

        long[] downloaded = await Task.WhenAll(downloads).WaitAsync(s_guard);
        long[] uploaded = await Task.WhenAll(uploads).WaitAsync(s_guard);
        int[] answers = await Task.WhenAll(calls).WaitAsync(s_guard);

        Assert.That(downloaded, Is.EqualTo(Enumerable.Range(0, 24).Select(s => (1000L + s) * (999 + s) / 2)));
        Assert.That(uploaded, Is.EqualTo(Enumerable.Range(0, 8).Select(s => (500L + s) * (499 + s) / 2)));
        Assert.That(answers, Is.EqualTo(Enumerable.Range(0, 300).Select(i => 2 * i)));
        Assert.That(client.GetStatus().Single().CallsInFlight, Is.Zero, "every stream released its slot");
    }

    private static async IAsyncEnumerable<int> FailingSource(int before)
    {
        for (int i = 0; i < before; i++)
        {
            yield return i;
        }
        await Task.Yield();
        throw new InvalidOperationException("the source broke");
    }

    /// <summary>An endless upload that counts what it produced and records its token firing.</summary>
    private sealed class CountingSource
    {
        private int _produced;

        public int Produced => Volatile.Read(ref _produced);

        public TaskCompletionSource<bool> Canceled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public async IAsyncEnumerable<int> Endless([EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            try
            {
                for (int i = 0; ; i++)
                {
                    Interlocked.Increment(ref _produced);
                    yield return i;
                    await Task.Yield();
                }
            }
            finally
            {
                // Checked as the enumeration ends (a registration could be disposed before its callback ran).
                Canceled.TrySetResult(cancellationToken.IsCancellationRequested);
            }
        }
    }
}
