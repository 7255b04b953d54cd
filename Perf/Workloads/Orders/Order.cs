namespace NFX.Perf.Workloads.Orders;

// An order as an ordinary service would declare it: auto-properties, an enum, a decimal, a list, no attribute of any
// serializer. The cold-start table times its first round trip; the "order" workload its steady state.

/// <summary>Where an order stands.</summary>
public enum OrderStatus
{
    /// <summary>Placed, not paid.</summary>
    Placed,

    /// <summary>Paid, not shipped.</summary>
    Paid,

    /// <summary>On its way.</summary>
    Shipped,

    /// <summary>Given back.</summary>
    Returned,
}

/// <summary>A shipping or billing address.</summary>
public sealed class PostalAddress
{
    /// <summary>Street and number.</summary>
    public string? Street { get; set; }

    /// <summary>City.</summary>
    public string? City { get; set; }

    /// <summary>Postal code.</summary>
    public string? PostalCode { get; set; }

    /// <summary>ISO country code.</summary>
    public string? Country { get; set; }
}

/// <summary>The buyer.</summary>
public sealed class Customer
{
    /// <summary>Customer number.</summary>
    public long Id { get; set; }

    /// <summary>Full name.</summary>
    public string? Name { get; set; }

    /// <summary>Contact address.</summary>
    public string? Email { get; set; }

    /// <summary>Where invoices go.</summary>
    public PostalAddress? BillingAddress { get; set; }
}

/// <summary>One product line of an order.</summary>
public sealed class OrderLine
{
    /// <summary>Stock keeping unit.</summary>
    public string? Sku { get; set; }

    /// <summary>How many.</summary>
    public int Quantity { get; set; }

    /// <summary>Price of one.</summary>
    public decimal UnitPrice { get; set; }
}

/// <summary>
/// The cold-start DTO: an order of five types (this class, <see cref="Customer"/>, <see cref="OrderLine"/>,
/// <see cref="PostalAddress"/>, <see cref="OrderStatus"/>), written the way an application writes one: properties, no
/// serializer in mind. The attributed contenders serialize copies of it (<see cref="ColdStartCopies"/>).
/// </summary>
public sealed class Order
{
    /// <summary>Order number.</summary>
    public long Id { get; set; }

    /// <summary>When it was placed (UTC).</summary>
    public DateTime PlacedAt { get; set; }

    /// <summary>Where it stands.</summary>
    public OrderStatus Status { get; set; }

    /// <summary>The buyer.</summary>
    public Customer? Customer { get; set; }

    /// <summary>Where it ships.</summary>
    public PostalAddress? ShipTo { get; set; }

    /// <summary>What was bought.</summary>
    public List<OrderLine>? Lines { get; set; }

    /// <summary>A note from the buyer.</summary>
    public string? Note { get; set; }
}
