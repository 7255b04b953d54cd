using MemoryPack;
using MessagePack;
using NFX.Perf.Workloads.Orders;

namespace NFX.Perf.ColdStart;

/// <summary>
/// The cold-start types as the attribute-driven peers need them: <c>[MemoryPackable]</c> and <c>[MessagePackObject]</c>
/// copies (separate classes, so one peer's generated static registration never runs inside another's timing), with
/// the mapping from and back to the plain types.
/// </summary>
public static class ColdStartCopies
{
    /// <summary>The order as MemoryPack's copy.</summary>
    public static MpkOrder ToMemoryPack(Order o) => new()
    {
        Id = o.Id,
        PlacedAt = o.PlacedAt,
        Status = o.Status,
        Customer = o.Customer is { } c ? new MpkCustomer { Id = c.Id, Name = c.Name, Email = c.Email, BillingAddress = ToMemoryPack(c.BillingAddress) } : null,
        ShipTo = ToMemoryPack(o.ShipTo),
        Lines = o.Lines?.Select(l => new MpkOrderLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice }).ToList(),
        Note = o.Note,
    };

    /// <summary>The reading as MemoryPack's copy.</summary>
    public static MpkReading ToMemoryPack(Reading r) => new() { Station = r.Station, At = r.At, Values = r.Values, Flags = r.Flags };

    /// <summary>MemoryPack's copy back to the plain order.</summary>
    public static Order FromMemoryPack(MpkOrder o) => new()
    {
        Id = o.Id,
        PlacedAt = o.PlacedAt,
        Status = o.Status,
        Customer = o.Customer is { } c ? new Customer { Id = c.Id, Name = c.Name, Email = c.Email, BillingAddress = FromMemoryPack(c.BillingAddress) } : null,
        ShipTo = FromMemoryPack(o.ShipTo),
        Lines = o.Lines?.Select(l => new OrderLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice }).ToList(),
        Note = o.Note,
    };

    /// <summary>MemoryPack's copy back to the plain reading.</summary>
    public static Reading FromMemoryPack(MpkReading r) => new() { Station = r.Station, At = r.At, Values = r.Values, Flags = r.Flags };

    /// <summary>The order as MessagePack's copy.</summary>
    public static MsgOrder ToMessagePack(Order o) => new()
    {
        Id = o.Id,
        PlacedAt = o.PlacedAt,
        Status = o.Status,
        Customer = o.Customer is { } c ? new MsgCustomer { Id = c.Id, Name = c.Name, Email = c.Email, BillingAddress = ToMessagePack(c.BillingAddress) } : null,
        ShipTo = ToMessagePack(o.ShipTo),
        Lines = o.Lines?.Select(l => new MsgOrderLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice }).ToList(),
        Note = o.Note,
    };

    /// <summary>The reading as MessagePack's copy.</summary>
    public static MsgReading ToMessagePack(Reading r) => new() { Station = r.Station, At = r.At, Values = r.Values, Flags = r.Flags };

    /// <summary>MessagePack's copy back to the plain order.</summary>
    public static Order FromMessagePack(MsgOrder o) => new()
    {
        Id = o.Id,
        PlacedAt = o.PlacedAt,
        Status = o.Status,
        Customer = o.Customer is { } c ? new Customer { Id = c.Id, Name = c.Name, Email = c.Email, BillingAddress = FromMessagePack(c.BillingAddress) } : null,
        ShipTo = FromMessagePack(o.ShipTo),
        Lines = o.Lines?.Select(l => new OrderLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice }).ToList(),
        Note = o.Note,
    };

    /// <summary>MessagePack's copy back to the plain reading.</summary>
    public static Reading FromMessagePack(MsgReading r) => new() { Station = r.Station, At = r.At, Values = r.Values, Flags = r.Flags };

    private static MpkAddress? ToMemoryPack(PostalAddress? a) =>
        a is null ? null : new() { Street = a.Street, City = a.City, PostalCode = a.PostalCode, Country = a.Country };

    private static PostalAddress? FromMemoryPack(MpkAddress? a) =>
        a is null ? null : new() { Street = a.Street, City = a.City, PostalCode = a.PostalCode, Country = a.Country };

    private static MsgAddress? ToMessagePack(PostalAddress? a) =>
        a is null ? null : new() { Street = a.Street, City = a.City, PostalCode = a.PostalCode, Country = a.Country };

    private static PostalAddress? FromMessagePack(MsgAddress? a) =>
        a is null ? null : new() { Street = a.Street, City = a.City, PostalCode = a.PostalCode, Country = a.Country };
}

// The copies mirror the plain types (ColdStartModel.cs) member for member.

[MemoryPackable]
public sealed partial class MpkAddress
{
    public string? Street { get; set; }
    public string? City { get; set; }
    public string? PostalCode { get; set; }
    public string? Country { get; set; }
}

[MemoryPackable]
public sealed partial class MpkCustomer
{
    public long Id { get; set; }
    public string? Name { get; set; }
    public string? Email { get; set; }
    public MpkAddress? BillingAddress { get; set; }
}

[MemoryPackable]
public sealed partial class MpkOrderLine
{
    public string? Sku { get; set; }
    public int Quantity { get; set; }
    public decimal UnitPrice { get; set; }
}

[MemoryPackable]
public sealed partial class MpkOrder
{
    public long Id { get; set; }
    public DateTime PlacedAt { get; set; }
    public OrderStatus Status { get; set; }
    public MpkCustomer? Customer { get; set; }
    public MpkAddress? ShipTo { get; set; }
    public List<MpkOrderLine>? Lines { get; set; }
    public string? Note { get; set; }
}

[MemoryPackable]
public sealed partial class MpkReading
{
    public string? Station { get; set; }
    public DateTime At { get; set; }
    public double[]? Values { get; set; }
    public int Flags { get; set; }
}

[MessagePackObject]
public sealed class MsgAddress
{
    [Key(0)] public string? Street { get; set; }
    [Key(1)] public string? City { get; set; }
    [Key(2)] public string? PostalCode { get; set; }
    [Key(3)] public string? Country { get; set; }
}

[MessagePackObject]
public sealed class MsgCustomer
{
    [Key(0)] public long Id { get; set; }
    [Key(1)] public string? Name { get; set; }
    [Key(2)] public string? Email { get; set; }
    [Key(3)] public MsgAddress? BillingAddress { get; set; }
}

[MessagePackObject]
public sealed class MsgOrderLine
{
    [Key(0)] public string? Sku { get; set; }
    [Key(1)] public int Quantity { get; set; }
    [Key(2)] public decimal UnitPrice { get; set; }
}

[MessagePackObject]
public sealed class MsgOrder
{
    [Key(0)] public long Id { get; set; }
    [Key(1)] public DateTime PlacedAt { get; set; }
    [Key(2)] public OrderStatus Status { get; set; }
    [Key(3)] public MsgCustomer? Customer { get; set; }
    [Key(4)] public MsgAddress? ShipTo { get; set; }
    [Key(5)] public List<MsgOrderLine>? Lines { get; set; }
    [Key(6)] public string? Note { get; set; }
}

[MessagePackObject]
public sealed class MsgReading
{
    [Key(0)] public string? Station { get; set; }
    [Key(1)] public DateTime At { get; set; }
    [Key(2)] public double[]? Values { get; set; }
    [Key(3)] public int Flags { get; set; }
}
