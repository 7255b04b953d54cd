using NFX.Glue;

namespace NFX.Perf.Rpc;

/// <summary>The benchmark's service as a Glue contract (the gRPC contender serves the same methods).</summary>
[Glued(Name = "nfx.perf.rpc.RpcBench")]
public interface IRpcBench
{
    /// <summary>W1: a + b.</summary>
    ValueTask<int> Sum(int a, int b);

    /// <summary>W2: the text back.</summary>
    ValueTask<string> Echo(string text);

    /// <summary>W3 "DBWork": 10 rows x 10 fields.</summary>
    ValueTask<DbRow[]> DbWork(int id);

    /// <summary>W4/W5 (big messages): the bytes back.</summary>
    ValueTask<byte[]> EchoBytes(byte[] data);

    /// <summary>W4/W5 (big messages): the rows back.</summary>
    ValueTask<DbRow[]> EchoRows(DbRow[] rows);

    /// <summary>Streaming S1: the integers 0..count-1, one small item each.</summary>
    IAsyncEnumerable<int> StreamItems(int count);

    /// <summary>Streaming S2: <paramref name="count"/> items, each W3's 10 rows x 10 fields.</summary>
    IAsyncEnumerable<DbRow[]> StreamRows(int count);
}
