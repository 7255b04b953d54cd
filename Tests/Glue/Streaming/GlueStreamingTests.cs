using NFX.Glue;
using NFX.Tests.Glue.Support;
using NFX.Tests.GlueStreaming.Support;

namespace NFX.Tests.GlueStreaming;

/// <summary>Streaming calls over each transport: result streams, uploads and both, with their outcomes as docs/GLUE.md states them.</summary>
[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueStreamingTests(GlueTransportKind kind)
{
    // Bounds that only a hang reaches (the tests check outcomes, never speed).
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private StreamsService _service = null!;
    private GlueTestHost _host = null!;

    [SetUp]
    public async Task SetUp()
    {
        _service = new StreamsService();
        _host = await GlueTestHost.StartAsync(kind, s => s.Host<IStreams>(_service),
            GlueTestHost.DefaultServerOptions with { StreamWindow = 16 });
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    private IStreams Proxy(GlueClientOptions? options = null) => _host.CreateClient(options ?? new GlueClientOptions { StreamWindow = 16 }).GetProxy<IStreams>();

    private static async Task<List<T>> ToListAsync<T>(IAsyncEnumerable<T> items)
    {
        var list = new List<T>();
        await foreach (T item in items)
        {
            list.Add(item);
        }
        return list;
    }

    [Test]
    public async Task ServerStream_ManyWindows_EveryItemInOrder()
    {
        List<int> items = await ToListAsync(Proxy().Range(5000, CancellationToken.None)).WaitAsync(s_guard);

        Assert.That(items, Is.EqualTo(Enumerable.Range(0, 5000)));
    }

    [Test]
    public async Task ServerStream_NoItems_EndsEmpty()
    {
        Assert.That(await ToListAsync(Proxy().Range(0, CancellationToken.None)).WaitAsync(s_guard), Is.Empty);
    }

    [Test]
    public async Task ServerStream_Objects_ArriveWithTheirFields()
    {
        List<StreamRow> rows = await ToListAsync(Proxy().Rows(300)).WaitAsync(s_guard);

        Assert.That(rows, Has.Count.EqualTo(300));
        Assert.That(rows.Select(r => (r.Id, r.Name, r.Price, r.When)),
            Is.EqualTo(Enumerable.Range(0, 300).Select(i => (i, "row" + i, i * 1.5, new DateTime(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(i)))));
    }

    [Test]
    public async Task ServerStream_ArrayItems_ArriveInOrderAcrossManyBatches()
    {
        // Each batch is a StreamRow[][] message in the connection's Batch registry: the later ones must read too.
        List<StreamRow[]> pages = await ToListAsync(Proxy().Pages(600, 3)).WaitAsync(s_guard);

        Assert.That(pages, Has.Count.EqualTo(600));
        Assert.That(pages.SelectMany(p => p).Select(r => (r.Id, r.Name)), Is.EqualTo(Enumerable.Range(0, 1800).Select(i => (i, "row" + i))));
    }

    [Test]
    public async Task ServerStream_BatchOverTheSizeLimit_IsSplitAndEveryItemArrives()
    {
        await using GlueTestHost small = await GlueTestHost.StartAsync(kind, s => s.Host<IStreams>(new StreamsService()),
            GlueTestHost.DefaultServerOptions with { MaxMessageSize = 1024 });

        // Rows are ~40 bytes: a window's worth in one frame would be far over 1 KiB.
        List<StreamRow> rows = await ToListAsync(small.CreateClient(new GlueClientOptions { StreamWindow = 200 }).GetProxy<IStreams>().Rows(1000)).WaitAsync(s_guard);

        Assert.That(rows.Select(r => r.Id), Is.EqualTo(Enumerable.Range(0, 1000)));
    }

    [Test]
    public async Task ServerStream_EnumeratedTwice_IsTwoCalls()
    {
        IAsyncEnumerable<int> range = Proxy().Range(3, CancellationToken.None);

        Assert.That(await ToListAsync(range).WaitAsync(s_guard), Is.EqualTo(new[] { 0, 1, 2 }));
        Assert.That(await ToListAsync(range).WaitAsync(s_guard), Is.EqualTo(new[] { 0, 1, 2 }));
    }

    [Test]
    public async Task ServerStream_ErrorMidStream_ItemsFirstThenRemoteException()
    {
        var received = new List<int>();

        RemoteException? error = await Assert.ThrowsAsync<RemoteException>(async () =>
        {
            await foreach (int i in Proxy().FailAfter(40, "broke after 40"))
            {
                received.Add(i);
            }
        });

        Assert.That(received, Is.EqualTo(Enumerable.Range(0, 40)), "every item produced before the error");
        Assert.That(error!.RemoteTypeName, Is.EqualTo(typeof(InvalidOperationException).FullName));
        Assert.That(error.RemoteMessage, Is.EqualTo("broke after 40"));
    }

    [Test]
    public async Task ClientStream_Upload_ServerSeesEveryItem()
    {
        long sum = await Proxy().Sum(AsyncSequences.Numbers(10_000)).WaitAsync(s_guard);

        Assert.That(sum, Is.EqualTo(10_000L * 9_999 / 2));
    }

    [Test]
    public async Task ClientStream_ObjectsWithArgumentsAndToken_AllArrive()
    {
        int named = await Proxy().CountNamed("b", Rows(500), CancellationToken.None).AsTask().WaitAsync(s_guard);

        Assert.That(named, Is.EqualTo(250));
    }

    [Test]
    public async Task Duplex_UploadAndResultStream_FlowTogether()
    {
        List<int> scaled = await ToListAsync(Proxy().Scale(AsyncSequences.Numbers(2000), 3)).WaitAsync(s_guard);

        Assert.That(scaled, Is.EqualTo(Enumerable.Range(0, 2000).Select(i => i * 3)));
    }

    private static async IAsyncEnumerable<StreamRow> Rows(int n)
    {
        for (int i = 0; i < n; i++)
        {
            yield return new StreamRow { Id = i, Name = (i % 2 == 0 ? "a" : "b") + i };
        }
        await Task.CompletedTask;
    }
}
