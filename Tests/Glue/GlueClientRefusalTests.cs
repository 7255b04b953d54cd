using System.Text;
using NFX.Glue;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// What a client does when the server refuses its credentials (terminal and typed on every call, never retried in the
/// background until told), and RemoteExceptionTypes as an exact whitelist of exception objects.
/// </summary>
[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]
public sealed class GlueClientRefusalTests(GlueTransportKind kind)
{
    private static readonly TimeSpan s_guard = TimeSpan.FromSeconds(20);

    private CountingAuthenticator _authenticator = null!;
    private GlueTestHost _host = null!;

    [SetUp]
    public async Task SetUp()
    {
        _authenticator = new CountingAuthenticator("s3cret");
        _host = await GlueTestHost.StartAsync(kind,
            s => s.Host<IShapes>(new ShapesService()).Host<IFaults>(new Faults()),
            GlueTestHost.DefaultServerOptions with { Authenticator = _authenticator });
    }

    [TearDown]
    public async Task TearDown() => await _host.DisposeAsync();

    private GlueClient Client(string token, GlueClientOptions? options = null) =>
        _host.CreateClient((options ?? new GlueClientOptions()) with
        {
            AuthToken = Encoding.UTF8.GetBytes(token),
            // Short backoff: a client that kept retrying would ask many times within the test's wait.
            ReconnectDelay = TimeSpan.FromMilliseconds(5),
            MaxReconnectDelay = TimeSpan.FromMilliseconds(20),
        });

    [Test]
    public async Task WrongToken_EveryCall_GetsAuthenticationExceptionAndTheTokenIsNotRetried()
    {
        IShapes proxy = Client("guess").GetProxy<IShapes>();

        for (int i = 0; i < 3; i++)
        {
            GlueAuthenticationException? error = await Assert.ThrowsAsync<GlueAuthenticationException>(() => proxy.Nop().WaitAsync(s_guard));
            Assert.That(error!.Message, Does.Contain("refused"), $"call {i}");
        }
        await Task.Delay(300);

        Assert.That(_authenticator.Refused, Is.EqualTo(1), "the refused token was presented once, not again in the background");
    }

    [Test]
    public async Task Reconnect_AfterTheServerAcceptsTheToken_CallsSucceed()
    {
        GlueClient client = Client("rotated");
        IShapes proxy = client.GetProxy<IShapes>();
        await Assert.ThrowsAsync<GlueAuthenticationException>(() => proxy.Nop().WaitAsync(s_guard));
        _authenticator.Secret = "rotated";

        await Assert.ThrowsAsync<GlueAuthenticationException>(() => proxy.Nop().WaitAsync(s_guard), "still refused until told");
        client.Reconnect();

        Assert.That(await proxy.Add(2, 3).WaitAsync(s_guard), Is.EqualTo(5));
        Assert.That(_authenticator.Refused, Is.EqualTo(1));
    }

    [Test]
    public async Task RemoteExceptionTypes_TypeNotListed_TextOnlyEvenForACoreLibraryException()
    {
        IFaults proxy = Client("s3cret", new GlueClientOptions { RemoteExceptionTypes = [typeof(InvalidOperationException)] }).GetProxy<IFaults>();

        RemoteException? listed = await Assert.ThrowsAsync<RemoteException>(() => proxy.Throw("invalid").WaitAsync(s_guard));
        RemoteException? notListed = await Assert.ThrowsAsync<RemoteException>(() => proxy.Throw("key").WaitAsync(s_guard));
        RemoteException? innerNotListed = await Assert.ThrowsAsync<RemoteException>(() => proxy.Throw("invalid-with-key").WaitAsync(s_guard));

        Assert.That(listed!.RemoteError, Is.TypeOf<InvalidOperationException>());
        Assert.That(notListed!.RemoteTypeName, Is.EqualTo(typeof(KeyNotFoundException).FullName));
        Assert.That(notListed.RemoteError, Is.Null, "KeyNotFoundException is not on the list");
        Assert.That(innerNotListed!.RemoteTypeName, Is.EqualTo(typeof(InvalidOperationException).FullName));
        Assert.That(innerNotListed.RemoteError, Is.Null, "its inner exception is not on the list");
        Assert.That(await proxy.Ok().WaitAsync(s_guard), Is.EqualTo(1), "the connection serves on");
    }

    [Test]
    public async Task RemoteExceptionTypes_SubclassOfAListedType_IsNotAdmitted()
    {
        IFaults proxy = Client("s3cret", new GlueClientOptions { RemoteExceptionTypes = [typeof(ArgumentException), typeof(InvalidOperationException)] })
            .GetProxy<IFaults>();

        RemoteException? subclass = await Assert.ThrowsAsync<RemoteException>(() => proxy.Throw("null").WaitAsync(s_guard));
        RemoteException? both = await Assert.ThrowsAsync<RemoteException>(() => proxy.Throw("invalid-with-argument").WaitAsync(s_guard));

        Assert.That(subclass!.RemoteTypeName, Is.EqualTo(typeof(ArgumentNullException).FullName));
        Assert.That(subclass.RemoteError, Is.Null, "exact types only");
        Assert.That(both!.RemoteError, Is.TypeOf<InvalidOperationException>());
        Assert.That(both.RemoteError!.InnerException, Is.TypeOf<ArgumentException>());
        Assert.That(await proxy.Ok().WaitAsync(s_guard), Is.EqualTo(1));
    }

    /// <summary>A contract whose one method throws the exception its argument names.</summary>
    [Glued]
    public interface IFaults
    {
        Task Throw(string kind);

        Task<int> Ok();
    }

    private sealed class Faults : IFaults
    {
        public Task Throw(string kind) => kind switch
        {
            "invalid" => throw new InvalidOperationException("invalid"),
            "key" => throw new KeyNotFoundException("key"),
            "invalid-with-key" => throw new InvalidOperationException("outer", new KeyNotFoundException("inner")),
            "invalid-with-argument" => throw new InvalidOperationException("outer", new ArgumentException("inner")),
            "null" => throw new ArgumentNullException(nameof(kind)),
            _ => Task.CompletedTask,
        };

        public Task<int> Ok() => Task.FromResult(1);
    }

    /// <summary>A shared-secret check whose secret can change, counting the refusals it gave.</summary>
    private sealed class CountingAuthenticator(string secret) : IGlueAuthenticator
    {
        private int _refused;
        private volatile string _secret = secret;

        public string Secret { get => _secret; set => _secret = value; }

        public int Refused => Volatile.Read(ref _refused);

        public ValueTask<bool> AuthenticateAsync(GlueAuthContext context, CancellationToken cancellationToken)
        {
            bool ok = Encoding.UTF8.GetString(context.Token.Span) == Secret;
            if (!ok)
            {
                Interlocked.Increment(ref _refused);
            }
            return new ValueTask<bool>(ok);
        }
    }
}
