namespace NFX.Perf.Cache;

/// <summary>A typical cached API DTO: an order with its customer and 20 lines (a tree, no cycles).</summary>
public sealed class CachedOrder
{
    public long Id;
    public string? Number;
    public CachedCustomer? Customer;
    public DateTime Placed;
    public DateTime? Shipped;
    public decimal Total;
    public string? Currency;
    public List<CachedOrderLine>? Lines;
    public List<string>? Tags;

    /// <summary>The same order every time (fixed seed).</summary>
    public static CachedOrder Create()
    {
        var random = new Random(42);
        var order = new CachedOrder
        {
            Id = 7_000_123,
            Number = "SO-2024-000123",
            Customer = new CachedCustomer { Id = 501, Name = "Ada Lovelace", Email = "ada@example.com", Tier = 3, Since = new DateTime(2015, 3, 1, 0, 0, 0, DateTimeKind.Utc) },
            Placed = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc),
            Shipped = null,
            Currency = "EUR",
            Lines = [],
            Tags = ["priority", "gift", "eu"],
        };
        for (int i = 0; i < 20; i++)
        {
            var line = new CachedOrderLine
            {
                Sku = "SKU-" + random.Next(10_000, 99_999),
                Description = "Item number " + i + " with a moderately long description",
                Quantity = random.Next(1, 10),
                UnitPrice = random.Next(100, 100_000) / 100m,
            };
            order.Lines.Add(line);
            order.Total += line.Quantity * line.UnitPrice;
        }
        return order;
    }
}

/// <summary>The customer of a <see cref="CachedOrder"/>.</summary>
public sealed class CachedCustomer
{
    public int Id;
    public string? Name;
    public string? Email;
    public int Tier;
    public DateTime Since;
}

/// <summary>A line of a <see cref="CachedOrder"/>.</summary>
public sealed class CachedOrderLine
{
    public string? Sku;
    public string? Description;
    public int Quantity;
    public decimal UnitPrice;
}

/// <summary>The ancestor's benchmark record, field for field (REFERENCE.md section 1), as a cache value.</summary>
public sealed class CachedPerzon
{
    public string? FirstName;
    public string? MiddleName;
    public string? LastName;
    public CachedPerzon? Parent;
    public int Age1;
    public int Age2;
    public int? Age3;
    public int? Age4;
    public double Salary1;
    public double? Salary2;
    public Guid ID1;
    public Guid? ID2;
    public Guid? ID3;
    public List<string>? Names1;
    public List<string>? Names2;
    public int O1 = 1;
    public bool O2 = true;
    public DateTime O3 = new(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc);
    public TimeSpan O4 = TimeSpan.FromHours(12);
    public decimal O5 = 123.23M;

    /// <summary>A Perzon with a parent (two records), as one cache value.</summary>
    public static CachedPerzon Create() => new()
    {
        FirstName = "Alex",
        MiddleName = "J",
        LastName = "Kozlowski",
        Age1 = 34,
        Age2 = 35,
        Age3 = 36,
        Salary1 = 123_456.78,
        Salary2 = 99_000.5,
        ID1 = new Guid("2f1b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d"),
        ID2 = new Guid("7a8b9c0d-1e2f-4a4b-8c6d-7e8f9a0b1c2d"),
        Names1 = ["alpha", "beta", "gamma"],
        Parent = new CachedPerzon { FirstName = "Ola", LastName = "Kozlowska", Age1 = 61, Salary1 = 88_000, ID1 = new Guid("0a0b0c0d-0e0f-4a1b-9c1d-1e1f2a2b2c2d") },
    };

    /// <summary>1,000 Perzons in a list (every one with a parent), for a larger value.</summary>
    public static List<CachedPerzon> CreateMany()
    {
        var list = new List<CachedPerzon>(1000);
        for (int i = 0; i < 1000; i++)
        {
            CachedPerzon p = Create();
            p.Age1 = i;
            p.FirstName = "Alex" + i;
            list.Add(p);
        }
        return list;
    }
}
