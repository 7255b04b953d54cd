namespace NFX.Perf.Rpc.Streaming;

/// <summary>The server-streaming workloads: one call, many items, consumed as they arrive.</summary>
public enum StreamWorkload
{
    /// <summary>S1: small items (one int each).</summary>
    Items,

    /// <summary>S2: each item is W3's 10 rows x 10 fields.</summary>
    Rows,
}
