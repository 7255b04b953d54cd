namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>The protobuf-net.Grpc implementation: answers from the prepared data.</summary>
public sealed class CodeFirstBenchService : ICodeFirstBench
{
    private static readonly DbRows s_rows = DbRows.From(RpcData.Rows);

    /// <inheritdoc/>
    public ValueTask<SumResult> SumAsync(SumArgs args) => new(new SumResult { Sum = args.A + args.B });

    /// <inheritdoc/>
    public ValueTask<EchoText> EchoAsync(EchoText text) => new(text);

    /// <inheritdoc/>
    public ValueTask<DbRows> DbWorkAsync(DbWorkArgs args) => new(s_rows);

    /// <inheritdoc/>
    public ValueTask<BytesContract> EchoBytesAsync(BytesContract data) => new(data);

    /// <inheritdoc/>
    public ValueTask<DbRows> EchoRowsAsync(DbRows rows) => new(rows);
}
