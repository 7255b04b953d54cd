using NFX.Glue;

namespace NFX.Tests.RetryProbe;

/// <summary>The contract of the retry tests: one method that must never run twice, one that may.</summary>
[Glued]
public interface IRetryProbe
{
    /// <summary>Not idempotent (think "charge the card"): answers id * 10, after the server's hold if it holds.</summary>
    Task<int> Charge(int id);

    /// <summary>Idempotent (a read): answers id * 10, after the server's hold if it holds.</summary>
    [GlueIdempotent]
    Task<int> Lookup(int id);
}
