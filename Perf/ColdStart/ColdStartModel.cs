using NFX.Perf.Workloads.Orders;

namespace NFX.Perf.ColdStart;

/// <summary>The second, unrelated type of the cold-start run: a sensor's readings, nothing in common with the order.</summary>
public sealed class Reading
{
    /// <summary>Which station.</summary>
    public string? Station { get; set; }

    /// <summary>When (UTC).</summary>
    public DateTime At { get; set; }

    /// <summary>The samples.</summary>
    public double[]? Values { get; set; }

    /// <summary>Quality flags.</summary>
    public int Flags { get; set; }
}

/// <summary>The values both cold-start calls carry (fixed, so every contender and every run sends the same).</summary>
public static class ColdStartData
{
    /// <summary>An order with a customer, two addresses and three lines.</summary>
    public static Order Order() => new()
    {
        Id = 4_711_0815,
        PlacedAt = new DateTime(2026, 11, 29, 9, 41, 0, DateTimeKind.Utc),
        Status = OrderStatus.Paid,
        Customer = new Customer
        {
            Id = 90_210,
            Name = "Ada Example",
            Email = "ada@example.com",
            BillingAddress = new PostalAddress { Street = "1 Main Street", City = "Springfield", PostalCode = "12345", Country = "US" },
        },
        ShipTo = new PostalAddress { Street = "742 Evergreen Terrace", City = "Springfield", PostalCode = "12346", Country = "US" },
        Lines =
        [
            new OrderLine { Sku = "KB-101", Quantity = 1, UnitPrice = 49.90m },
            new OrderLine { Sku = "MS-220", Quantity = 2, UnitPrice = 19.95m },
            new OrderLine { Sku = "CB-USB-C", Quantity = 3, UnitPrice = 7.50m },
        ],
        Note = "Leave at the back door.",
    };

    /// <summary>A reading of eight samples.</summary>
    public static Reading Reading() => new()
    {
        Station = "north-ridge-07",
        At = new DateTime(2026, 11, 29, 10, 0, 0, DateTimeKind.Utc),
        Values = [12.5, 12.75, 13.0, 12.25, 11.5, 11.0, 10.75, 10.5],
        Flags = 3,
    };
}
