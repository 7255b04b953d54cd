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

    /// <summary>The rows of <see cref="RpcData.Rows"/> as the contract.</summary>
    public static DbRows From(DbRow[] rows) => new() { Rows = [.. rows.Select(DbRowContract.From)] };
}
