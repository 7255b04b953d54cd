using ProtoBuf;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>W3's result: the ten rows.</summary>
[ProtoContract]
public sealed class DbRows
{
    /// <summary>The rows.</summary>
    [ProtoMember(1)]
    public List<DbRowContract> Rows { get; set; } = [];

    /// <summary>True when the rows equal <see cref="RpcData.Rows"/> field by field.</summary>
    public static bool Same(DbRows? rows) =>
        rows is not null && RpcData.SameRows(rows.Rows.Select(r => r.ToRow()).ToArray());

    /// <summary>True when these rows equal <paramref name="expected"/> field by field (compared in place, nothing mapped).</summary>
    public bool SameAs(DbRow[] expected)
    {
        if (Rows.Count != expected.Length)
        {
            return false;
        }
        for (int i = 0; i < expected.Length; i++)
        {
            DbRowContract a = Rows[i];
            DbRow b = expected[i];
            if (a.Id != b.Id || a.Name != b.Name || a.City != b.City || a.Amount != b.Amount || !a.Price.Equals(b.Price) || a.Active != b.Active
                || a.Code != b.Code || a.Quantity != b.Quantity || a.CreatedTicks != b.Created.Ticks || a.Note != b.Note)
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>The rows of <see cref="RpcData.Rows"/> as the contract.</summary>
    public static DbRows From(DbRow[] rows) => new() { Rows = [.. rows.Select(DbRowContract.From)] };
}
