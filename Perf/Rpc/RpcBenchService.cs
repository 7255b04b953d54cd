namespace NFX.Perf.Rpc;

/// <summary>The Glue implementation: answers from the prepared data, so the server's own work is the framework's.</summary>
public sealed class RpcBenchService : IRpcBench
{
    /// <inheritdoc/>
    public ValueTask<int> Sum(int a, int b) => new(a + b);

    /// <inheritdoc/>
    public ValueTask<string> Echo(string text) => new(text);

    /// <inheritdoc/>
    public ValueTask<DbRow[]> DbWork(int id) => new(RpcData.Rows);

    /// <inheritdoc/>
    public ValueTask<byte[]> EchoBytes(byte[] data) => new(data);

    /// <inheritdoc/>
    public ValueTask<DbRow[]> EchoRows(DbRow[] rows) => new(rows);

    /// <inheritdoc/>
    public async IAsyncEnumerable<int> StreamItems(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return i;
        }
        await Task.CompletedTask;
    }

    /// <inheritdoc/>
    public async IAsyncEnumerable<DbRow[]> StreamRows(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return RpcData.DistinctRows[i % RpcData.DistinctRows.Length];
        }
        await Task.CompletedTask;
    }
}
