namespace NFX.Tests.Caching.Support;

/// <summary>A clock the test moves by hand, so expiration arithmetic is checked without waiting.</summary>
public sealed class ManualTimeProvider(DateTimeOffset start) : TimeProvider
{
    private DateTimeOffset _now = start;

    public override DateTimeOffset GetUtcNow() => _now;

    public void Advance(TimeSpan by) => _now += by;
}
