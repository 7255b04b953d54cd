namespace NFX.Perf.Rpc;

/// <summary>One row of W3 "DBWork": ten fields of the usual kinds (the ancestor's test returned 10 rows x 10 fields).</summary>
public sealed class DbRow
{
    /// <summary>Row id.</summary>
    public int Id;

    /// <summary>A short name.</summary>
    public string Name = "";

    /// <summary>A city.</summary>
    public string City = "";

    /// <summary>An amount in cents.</summary>
    public long Amount;

    /// <summary>A price.</summary>
    public double Price;

    /// <summary>A flag.</summary>
    public bool Active;

    /// <summary>A code.</summary>
    public string Code = "";

    /// <summary>A quantity.</summary>
    public int Quantity;

    /// <summary>A timestamp (UTC).</summary>
    public DateTime Created;

    /// <summary>A free-text note.</summary>
    public string Note = "";
}
