namespace NFX.Perf.Workloads.Orders;

/// <summary>Seeded generator of <see cref="Order"/>s: a customer with a billing address, a shipping address, a few lines.</summary>
public static class OrderGenerator
{
    private static readonly string[] s_names = ["Ada Example", "Grace Sample", "Alan Placeholder", "Edsger Demo", "Barbara Test"];
    private static readonly string[] s_streets = ["Main Street", "Evergreen Terrace", "Market Square", "Station Road", "Harbour Lane"];
    private static readonly string[] s_cities = ["Springfield", "Riverton", "Lakeside", "Hillcrest"];
    private static readonly string[] s_countries = ["US", "DE", "FR", "NL", "SE"];
    private static readonly string[] s_skus = ["KB-101", "MS-220", "CB-USB-C", "MON-27Q", "HS-BT-5", "DOCK-8", "SSD-1T"];
    private static readonly string[] s_notes = ["Leave at the back door.", "Call before delivery.", "Gift: no invoice in the box."];
    private static readonly DateTime s_epoch = new(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    /// <summary>Creates one order with 1-6 lines; the note is absent on some orders.</summary>
    public static Order Create(Random random)
    {
        var order = new Order
        {
            Id = 40_000_000 + random.Next(10_000_000),
            PlacedAt = s_epoch.AddSeconds(random.Next(30_000_000)),
            Status = (OrderStatus)random.Next(4),
            Customer = new Customer
            {
                Id = random.Next(1, 1_000_000),
                Name = s_names[random.Next(s_names.Length)],
                Email = $"buyer{random.Next(100_000)}@example.com",
                BillingAddress = CreateAddress(random),
            },
            ShipTo = CreateAddress(random),
            Lines = [],
            Note = random.Next(3) == 0 ? null : s_notes[random.Next(s_notes.Length)],
        };
        int lines = 1 + random.Next(6);
        for (int i = 0; i < lines; i++)
        {
            order.Lines.Add(new OrderLine
            {
                Sku = s_skus[random.Next(s_skus.Length)],
                Quantity = 1 + random.Next(5),
                UnitPrice = random.Next(199, 99_999) / 100m,
            });
        }
        return order;
    }

    private static PostalAddress CreateAddress(Random random) => new()
    {
        Street = $"{1 + random.Next(999)} {s_streets[random.Next(s_streets.Length)]}",
        City = s_cities[random.Next(s_cities.Length)],
        PostalCode = random.Next(10_000, 99_999).ToString(System.Globalization.CultureInfo.InvariantCulture),
        Country = s_countries[random.Next(s_countries.Length)],
    };
}
