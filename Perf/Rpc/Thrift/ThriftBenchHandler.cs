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

    /// <inheritdoc/>
    public Task<byte[]> EchoBytes(byte[] data, CancellationToken cancellationToken = default) => Task.FromResult(data);

    /// <inheritdoc/>
    public Task<List<DbRowT>> EchoRows(List<DbRowT> rows, CancellationToken cancellationToken = default) => Task.FromResult(rows);

    /// <summary>True when <paramref name="rows"/> equal <see cref="RpcData.Rows"/> field by field.</summary>
    public static bool Same(List<DbRowT>? rows) => rows is not null && RpcData.SameRows(rows.Select(ToRow).ToArray());

    /// <summary>True when <paramref name="rows"/> equal <paramref name="expected"/> field by field (compared in place, nothing mapped).</summary>
    public static bool Same(List<DbRowT>? rows, DbRow[] expected)
    {
        if (rows is null || rows.Count != expected.Length)
        {
            return false;
        }
        for (int i = 0; i < expected.Length; i++)
        {
            DbRowT a = rows[i];
            DbRow b = expected[i];
            if (a.Id != b.Id || a.Name != b.Name || a.City != b.City || a.Amount != b.Amount || !a.Price.Equals(b.Price) || a.Active != b.Active
                || a.Code != b.Code || a.Quantity != b.Quantity || a.CreatedTicks != b.Created.Ticks || a.Note != b.Note)
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>A Thrift struct as the model row.</summary>
    public static DbRow ToRow(DbRowT r) => new()
    {
        Id = r.Id, Name = r.Name, City = r.City, Amount = r.Amount, Price = r.Price, Active = r.Active, Code = r.Code,
        Quantity = r.Quantity, Created = new DateTime(r.CreatedTicks, DateTimeKind.Utc), Note = r.Note,
    };

    /// <summary>A model row as the Thrift struct.</summary>
    public static DbRowT ToStruct(DbRow r) => new()
    {
        Id = r.Id, Name = r.Name, City = r.City, Amount = r.Amount, Price = r.Price, Active = r.Active, Code = r.Code,
        Quantity = r.Quantity, CreatedTicks = r.Created.Ticks, Note = r.Note,
    };
}
