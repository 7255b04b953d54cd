using NFX.Perf.Thrift;

namespace NFX.Perf.Rpc.Thrift;

/// <summary>The Thrift implementation of the service generated from Perf/Thrift/rpc.thrift: answers from the prepared data.</summary>
public sealed class ThriftBenchHandler : RpcBenchT.IAsync
{
    private static readonly List<DbRowT> s_rows = [.. RpcData.Rows.Select(ToStruct)];

    /// <inheritdoc/>
    public Task<int> Sum(int a, int b, CancellationToken cancellationToken = default) => Task.FromResult(a + b);

    /// <inheritdoc/>
    public Task<string> Echo(string text, CancellationToken cancellationToken = default) => Task.FromResult(text);

    /// <inheritdoc/>
    public Task<List<DbRowT>> DbWork(int id, CancellationToken cancellationToken = default) => Task.FromResult(s_rows);

    /// <summary>True when <paramref name="rows"/> equal <see cref="RpcData.Rows"/> field by field.</summary>
    public static bool Same(List<DbRowT>? rows) =>
        rows is not null && RpcData.SameRows(rows.Select(r => new DbRow
        {
            Id = r.Id, Name = r.Name, City = r.City, Amount = r.Amount, Price = r.Price, Active = r.Active, Code = r.Code,
            Quantity = r.Quantity, Created = new DateTime(r.CreatedTicks, DateTimeKind.Utc), Note = r.Note,
        }).ToArray());

    private static DbRowT ToStruct(DbRow r) => new()
    {
        Id = r.Id, Name = r.Name, City = r.City, Amount = r.Amount, Price = r.Price, Active = r.Active, Code = r.Code,
        Quantity = r.Quantity, CreatedTicks = r.Created.Ticks, Note = r.Note,
    };
}
