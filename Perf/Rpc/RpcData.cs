using NFX.Perf.Rpc.Proto;

namespace NFX.Perf.Rpc;

/// <summary>The deterministic payloads of the three workloads, built once (servers answer from them, clients check against them).</summary>
public static class RpcData
{
    /// <summary>W2's 100-character (100-byte UTF-8) string.</summary>
    public static string EchoText { get; } = string.Concat(Enumerable.Range(0, 10).Select(i => $"echo-{i:D4}|"))[..100];

    /// <summary>W3's ten rows for Glue.</summary>
    public static DbRow[] Rows { get; } = Enumerable.Range(0, 10).Select(MakeRow).ToArray();

    /// <summary>
    /// 256 deep copies of <see cref="Rows"/> (every row and string its own object) for the streaming benchmark: a
    /// streamed batch never holds the same object twice, so Glue writes every item in full, as gRPC does, instead of
    /// a back-reference to an item it already sent.
    /// </summary>
    public static DbRow[][] DistinctRows { get; } = Enumerable.Range(0, 256).Select(_ => Rows.Select(Copy).ToArray()).ToArray();

    private static DbRow Copy(DbRow r) => new()
    {
        Id = r.Id,
        Name = new string(r.Name.AsSpan()),
        City = new string(r.City.AsSpan()),
        Amount = r.Amount,
        Price = r.Price,
        Active = r.Active,
        Code = new string(r.Code.AsSpan()),
        Quantity = r.Quantity,
        Created = r.Created,
        Note = new string(r.Note.AsSpan()),
    };

    /// <summary>
    /// The big workloads' byte[] of <paramref name="size"/> bytes (seeded, not compressible by accident), one per size,
    /// sent as the argument of every call and expected back.
    /// </summary>
    public static byte[] BigBytes(int size) => size == RpcWorkloads.W4Bytes ? s_bytes64K.Value : size == RpcWorkloads.W5Bytes ? s_bytes1M.Value : MakeBytes(size);

    /// <summary>
    /// The big workloads' rows of <paramref name="size"/> bytes: W3's ten fields per row, every string its own object
    /// (so no contender can send one twice as a reference), as many rows as it takes for their field data (strings as
    /// UTF-8, numbers at their width) to reach the size.
    /// </summary>
    public static DbRow[] BigRows(int size) => size == RpcWorkloads.W4Bytes ? s_rows64K.Value : size == RpcWorkloads.W5Bytes ? s_rows1M.Value : MakeRows(size);

    /// <summary>The field data of one row, in bytes: its strings as UTF-8 plus 33 bytes of numbers (int, long, double, bool, int, DateTime).</summary>
    public static int FieldBytes(DbRow row) =>
        System.Text.Encoding.UTF8.GetByteCount(row.Name) + System.Text.Encoding.UTF8.GetByteCount(row.City) +
        System.Text.Encoding.UTF8.GetByteCount(row.Code) + System.Text.Encoding.UTF8.GetByteCount(row.Note) + 4 + 8 + 8 + 1 + 4 + 8;

    /// <summary>True when <paramref name="rows"/> equal <paramref name="expected"/> field by field.</summary>
    public static bool SameRows(IReadOnlyList<DbRow>? rows, IReadOnlyList<DbRow> expected)
    {
        if (rows is null || rows.Count != expected.Count)
        {
            return false;
        }
        for (int i = 0; i < rows.Count; i++)
        {
            DbRow a = rows[i], b = expected[i];
            if (a.Id != b.Id || a.Name != b.Name || a.City != b.City || a.Amount != b.Amount || !a.Price.Equals(b.Price) || a.Active != b.Active
                || a.Code != b.Code || a.Quantity != b.Quantity || a.Created != b.Created || a.Created.Kind != b.Created.Kind || a.Note != b.Note)
            {
                return false;
            }
        }
        return true;
    }

    /// <summary>The big rows as the gRPC message (built once per size).</summary>
    public static DbReply BigRowsMessage(int size) => size == RpcWorkloads.W4Bytes ? s_rowsMessage64K.Value : s_rowsMessage1M.Value;

    private static readonly Lazy<byte[]> s_bytes64K = new(() => MakeBytes(RpcWorkloads.W4Bytes));
    private static readonly Lazy<byte[]> s_bytes1M = new(() => MakeBytes(RpcWorkloads.W5Bytes));
    private static readonly Lazy<DbRow[]> s_rows64K = new(() => MakeRows(RpcWorkloads.W4Bytes));
    private static readonly Lazy<DbRow[]> s_rows1M = new(() => MakeRows(RpcWorkloads.W5Bytes));
    private static readonly Lazy<DbReply> s_rowsMessage64K = new(() => ToMessage(BigRows(RpcWorkloads.W4Bytes)));
    private static readonly Lazy<DbReply> s_rowsMessage1M = new(() => ToMessage(BigRows(RpcWorkloads.W5Bytes)));

    private static byte[] MakeBytes(int size)
    {
        var bytes = new byte[size];
        new Random(size).NextBytes(bytes);
        return bytes;
    }

    private static DbRow[] MakeRows(int size)
    {
        var rows = new List<DbRow>();
        for (int total = 0, i = 0; total < size; i++)
        {
            var random = new Random(i);
            DbRow row = new()
            {
                Id = 100_000 + i,
                Name = $"Customer {i:D6}",
                // A copy of the literal: a shared string object could go as a back-reference instead of its bytes.
                City = new string(((i % 5) switch { 0 => "Cleveland", 1 => "Amsterdam", 2 => "Kyiv", 3 => "Lisbon", _ => "Osaka" }).AsSpan()),
                Amount = 1_000L * random.Next(1, 1_000_000),
                Price = Math.Round(random.NextDouble() * 1000, 2),
                Active = i % 3 != 0,
                Code = $"C-{random.Next(100_000_000):D8}",
                Quantity = random.Next(1, 500),
                Created = new DateTime(2015, 3, 1, 10, 30, 0, DateTimeKind.Utc).AddMinutes(i),
                Note = i % 4 == 0 ? $"priority shipping, order {i}" : $"standard delivery, order {i}",
            };
            rows.Add(row);
            total += FieldBytes(row);
        }
        return [.. rows];
    }

    /// <summary>W3's ten rows as the gRPC reply.</summary>
    public static DbReply RowsMessage { get; } = ToMessage(Rows);

    /// <summary>True when <paramref name="rows"/> equals <see cref="Rows"/> field by field.</summary>
    public static bool SameRows(DbRow[]? rows) =>
        rows is { Length: 10 } && rows.Zip(Rows).All(p => p.First.Id == p.Second.Id && p.First.Name == p.Second.Name
            && p.First.City == p.Second.City && p.First.Amount == p.Second.Amount && p.First.Price.Equals(p.Second.Price)
            && p.First.Active == p.Second.Active && p.First.Code == p.Second.Code && p.First.Quantity == p.Second.Quantity
            && p.First.Created == p.Second.Created && p.First.Note == p.Second.Note);

    /// <summary>True when <paramref name="reply"/> equals <see cref="RowsMessage"/>.</summary>
    public static bool SameRows(DbReply? reply) => reply is not null && reply.Equals(RowsMessage);

    /// <summary>
    /// Bytes the caller must allocate for the result objects themselves (the floor for any deserializer): measured by
    /// building an equal copy (W1 none, W2 one 100-char string, W3 the array, ten rows and their strings, shared ones once).
    /// </summary>
    public static long ResultPayloadBytes(RpcWorkload workload) => workload switch
    {
        RpcWorkload.Sum => 0,
        RpcWorkload.Echo => Measure(() => new string(EchoText.AsSpan())),
        _ => CopyRowsBytes(),
    };

    /// <summary>Bytes the server must allocate for the argument objects themselves (W2's string; none for W1 and W3).</summary>
    public static long ArgsPayloadBytes(RpcWorkload workload) =>
        workload == RpcWorkload.Echo ? Measure(() => new string(EchoText.AsSpan())) : 0;

    private static long CopyRowsBytes()
    {
        CopyRows(out _);
        object kept = CopyRows(out long bytes);
        GC.KeepAlive(kept);
        return bytes;
    }

    private static long Measure(Func<object> build)
    {
        build();
        long before = GC.GetAllocatedBytesForCurrentThread();
        object built = build();
        long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
        GC.KeepAlive(built);
        return bytes;
    }

    private static object CopyRows(out long bytes)
    {
        // Strings shared between rows (the same literal) are one object on the wire, so one copy each.
        string[] distinct = Rows.SelectMany(r => new[] { r.Name, r.City, r.Code, r.Note })
            .Distinct<string>(ReferenceEqualityComparer.Instance).ToArray();
        object[] built = new object[distinct.Length + 1];
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < distinct.Length; i++)
        {
            built[i] = new string(distinct[i].AsSpan());
        }
        var rows = new DbRow[Rows.Length];
        for (int i = 0; i < rows.Length; i++)
        {
            rows[i] = new DbRow();
        }
        built[^1] = rows;
        bytes = GC.GetAllocatedBytesForCurrentThread() - before;
        return built;
    }

    private static DbRow MakeRow(int i) => new()
    {
        Id = 1000 + i,
        Name = $"Customer {i:D3}",
        City = (i % 3) switch { 0 => "Cleveland", 1 => "Amsterdam", _ => "Kyiv" },
        Amount = 125_000L * (i + 1),
        Price = 19.99 + i,
        Active = i % 2 == 0,
        Code = $"C-{i * 37:D5}",
        Quantity = i * 3,
        Created = new DateTime(2015, 3, 1 + i, 10, 30, 0, DateTimeKind.Utc),
        Note = i % 4 == 0 ? "priority shipping" : "standard",
    };

    /// <summary>Rows as the gRPC message.</summary>
    public static DbReply ToMessage(DbRow[] rows)
    {
        var reply = new DbReply();
        foreach (DbRow r in rows)
        {
            reply.Rows.Add(new DbRowMsg
            {
                Id = r.Id,
                Name = r.Name,
                City = r.City,
                Amount = r.Amount,
                Price = r.Price,
                Active = r.Active,
                Code = r.Code,
                Quantity = r.Quantity,
                CreatedTicks = r.Created.Ticks,
                Note = r.Note,
            });
        }
        return reply;
    }
}
