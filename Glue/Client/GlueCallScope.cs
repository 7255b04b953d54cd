namespace NFX.Glue;

/// <summary>
/// Per-call settings for the Glue calls started inside a scope on the current async flow, without a new proxy:
/// <code>
/// using (GlueCallScope.Begin(deadline: TimeSpan.FromSeconds(2), cancellationToken: token))
/// {
///     Order order = await orders.GetAsync(id);   // this call: 2 s, canceled with token
/// }
/// </code>
/// A call takes the scope's settings when it starts (the proxy call), so a task started inside and awaited outside
/// keeps them. A nested scope inherits what it does not set from the enclosing one. Dispose ends the scope (scopes end in
/// reverse order, as <c>using</c> does).
/// </summary>
public sealed class GlueCallScope : IDisposable
{
    // Flows with the async context like Activity.Current: each flow sees only the scopes it opened.
    private static readonly AsyncLocal<GlueCallScope?> s_current = new();

    private readonly GlueCallScope? _parent;
    private bool _disposed;

    private GlueCallScope(GlueCallScope? parent, TimeSpan? deadline, CancellationToken cancellationToken, bool? waitForReady)
    {
        _parent = parent;
        Deadline = deadline ?? parent?.Deadline;
        CancellationToken = cancellationToken.CanBeCanceled ? cancellationToken : parent?.CancellationToken ?? default;
        WaitForReady = waitForReady ?? parent?.WaitForReady;
    }

    /// <summary>How long each call started in the scope may take, instead of the proxy's deadline (null: the proxy's).</summary>
    public TimeSpan? Deadline { get; }

    /// <summary>Cancels the calls started in the scope (besides a CancellationToken parameter of the method itself).</summary>
    public CancellationToken CancellationToken { get; }

    /// <summary>Overrides <see cref="GlueClientOptions.WaitForReady"/> for the calls started in the scope (null: the client's).</summary>
    public bool? WaitForReady { get; }

    /// <summary>The innermost scope open on the current async flow, or null.</summary>
    public static GlueCallScope? Current => s_current.Value;

    /// <summary>
    /// Opens a scope. <paramref name="deadline"/> must be positive or <see cref="Timeout.InfiniteTimeSpan"/>; settings left
    /// out are inherited from the enclosing scope, else come from the proxy and the client options.
    /// </summary>
    public static GlueCallScope Begin(TimeSpan? deadline = null, CancellationToken cancellationToken = default, bool? waitForReady = null)
    {
        if (deadline is TimeSpan d && d <= TimeSpan.Zero && d != Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(nameof(deadline), d, "The deadline must be positive or infinite.");
        }
        var scope = new GlueCallScope(s_current.Value, deadline, cancellationToken, waitForReady);
        s_current.Value = scope;
        return scope;
    }

    /// <summary>Ends the scope: the enclosing scope (if any) applies again on this flow.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }
        _disposed = true;
        if (ReferenceEquals(s_current.Value, this))
        {
            s_current.Value = _parent;
        }
    }
}
