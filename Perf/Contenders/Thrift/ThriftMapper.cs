using NFX.Perf.Thrift;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Contenders.Thrift;

/// <summary>
/// Maps the workload models to the structs generated from Perf/Thrift/perf.thrift and back (outside timing; used for
/// verification). Times are ticks (plus the kind where the model keeps it), Guids 16 bytes, decimals their four words.
/// </summary>
public static class ThriftMapper
{
    /// <summary>True when the root type has a Thrift mirror.</summary>
    public static bool HasMirror(Type rootType) =>
        rootType == typeof(Perzon) || rootType == typeof(Question) || rootType == typeof(Order) || rootType == typeof(int[]) || rootType == typeof(double[]) ||
        rootType == typeof(byte[]);

    /// <summary>A fresh, empty struct of the mirror of <paramref name="rootType"/>, to read into.</summary>
    public static global::Thrift.Protocol.TBase CreateEmpty(Type rootType) =>
        rootType == typeof(Perzon) ? new PerzonT()
        : rootType == typeof(Question) ? new QuestionT()
        : rootType == typeof(Order) ? new OrderT()
        : rootType == typeof(int[]) ? new Int32ArrayT()
        : rootType == typeof(double[]) ? new DoubleArrayT()
        : rootType == typeof(byte[]) ? new ByteArrayT()
        : throw new NotSupportedException($"No Thrift mirror of {rootType}.");

    /// <summary>Model -> struct.</summary>
    public static global::Thrift.Protocol.TBase ToStruct(object root) => root switch
    {
        Perzon p => ToStruct(p),
        Question q => ToStruct(q),
        Order o => ToStruct(o),
        int[] a => new Int32ArrayT { Values = [.. a] },
        double[] a => new DoubleArrayT { Values = [.. a] },
        byte[] a => new ByteArrayT { Values = a },
        _ => throw new NotSupportedException($"No Thrift mirror of {root.GetType()}."),
    };

    /// <summary>Struct -> model.</summary>
    public static object? ToModel(object? value) => value switch
    {
        null => null,
        PerzonT p => ToModel(p),
        QuestionT q => ToModel(q),
        OrderT o => ToModel(o),
        Int32ArrayT a => a.Values.ToArray(),
        DoubleArrayT a => a.Values.ToArray(),
        ByteArrayT a => a.Values,
        _ => throw new NotSupportedException(value.GetType().Name),
    };

    private static PerzonT ToStruct(Perzon p)
    {
        var t = new PerzonT
        {
            Age1 = p.Age1,
            Age2 = p.Age2,
            Salary1 = p.Salary1,
            Id1 = p.ID1.ToByteArray(),
            Names1 = [.. p.Names1 ?? []],
            Names2 = [.. p.Names2 ?? []],
            O1 = p.O1,
            O2 = p.O2,
            O3Ticks = p.O3.Ticks,
            O3Kind = (int)p.O3.Kind,
            O4Ticks = p.O4.Ticks,
            O5 = ToStruct(p.O5),
        };
        // Optional fields: assigning one marks it as set, so only the present ones are assigned.
        if (p.FirstName is not null)
        {
            t.FirstName = p.FirstName;
        }
        if (p.MiddleName is not null)
        {
            t.MiddleName = p.MiddleName;
        }
        if (p.LastName is not null)
        {
            t.LastName = p.LastName;
        }
        if (p.Parent is not null)
        {
            t.Parent = ToStruct(p.Parent);
        }
        if (p.Age3 is int age3)
        {
            t.Age3 = age3;
        }
        if (p.Age4 is int age4)
        {
            t.Age4 = age4;
        }
        if (p.Salary2 is double salary2)
        {
            t.Salary2 = salary2;
        }
        if (p.ID2 is Guid id2)
        {
            t.Id2 = id2.ToByteArray();
        }
        if (p.ID3 is Guid id3)
        {
            t.Id3 = id3.ToByteArray();
        }
        return t;
    }

    private static Perzon ToModel(PerzonT t) => new()
    {
        FirstName = t.__isset.firstName ? t.FirstName : null,
        MiddleName = t.__isset.middleName ? t.MiddleName : null,
        LastName = t.__isset.lastName ? t.LastName : null,
        Parent = t.__isset.parent ? ToModel(t.Parent) : null,
        Age1 = t.Age1,
        Age2 = t.Age2,
        Age3 = t.__isset.age3 ? t.Age3 : null,
        Age4 = t.__isset.age4 ? t.Age4 : null,
        Salary1 = t.Salary1,
        Salary2 = t.__isset.salary2 ? t.Salary2 : null,
        ID1 = new Guid(t.Id1),
        ID2 = t.__isset.id2 ? new Guid(t.Id2) : null,
        ID3 = t.__isset.id3 ? new Guid(t.Id3) : null,
        Names1 = [.. t.Names1 ?? []],
        Names2 = [.. t.Names2 ?? []],
        O1 = t.O1,
        O2 = t.O2,
        O3 = new DateTime(t.O3Ticks, (DateTimeKind)t.O3Kind),
        O4 = TimeSpan.FromTicks(t.O4Ticks),
        O5 = ToModel(t.O5),
    };

    private static DecimalT ToStruct(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        return new DecimalT { Lo = bits[0], Mid = bits[1], Hi = bits[2], Flags = bits[3] };
    }

    private static decimal ToModel(DecimalT? t) => t is null ? 0M : new decimal([t.Lo, t.Mid, t.Hi, t.Flags]);

    private static QuestionT ToStruct(Question q)
    {
        var t = new QuestionT
        {
            Id = q.Id,
            Title = q.Title ?? "",
            Body = q.Body ?? "",
            Owner = ToStruct(q.Owner),
            CreatedAt = q.CreatedAt.Ticks,
            Score = q.Score,
            ViewCount = q.ViewCount,
            IsAnswered = q.IsAnswered,
            Tags = [.. q.Tags ?? []],
            Answers = [.. (q.Answers ?? []).Select(a => new AnswerT
            {
                Id = a.Id,
                Owner = ToStruct(a.Owner),
                Body = a.Body ?? "",
                Score = a.Score,
                IsAccepted = a.IsAccepted,
                CreatedAt = a.CreatedAt.Ticks,
                Comments = [.. (a.Comments ?? []).Select(ToStruct)],
            })],
            Comments = [.. (q.Comments ?? []).Select(ToStruct)],
        };
        if (q.ClosedAt is DateTime closed)
        {
            t.ClosedAt = closed.Ticks;
        }
        if (q.AcceptedAnswerId is long accepted)
        {
            t.AcceptedAnswerId = accepted;
        }
        return t;
    }

    private static CommentT ToStruct(Comment c) => new()
    {
        Id = c.Id,
        Owner = ToStruct(c.Owner),
        Body = c.Body ?? "",
        Score = c.Score,
        CreatedAt = c.CreatedAt.Ticks,
    };

    private static UserT ToStruct(User? u) => u is null ? new UserT() : new UserT
    {
        Id = u.Id,
        DisplayName = u.DisplayName ?? "",
        Reputation = u.Reputation,
        ProfileUrl = u.ProfileUrl ?? "",
        BadgeCounts = [.. u.BadgeCounts ?? []],
    };

    private static Question ToModel(QuestionT t) => new()
    {
        Id = t.Id,
        Title = t.Title,
        Body = t.Body,
        Owner = ToModel(t.Owner),
        CreatedAt = Utc(t.CreatedAt),
        ClosedAt = t.__isset.closedAt ? Utc(t.ClosedAt) : null,
        Score = t.Score,
        ViewCount = t.ViewCount,
        IsAnswered = t.IsAnswered,
        AcceptedAnswerId = t.__isset.acceptedAnswerId ? t.AcceptedAnswerId : null,
        Tags = [.. t.Tags ?? []],
        Answers = [.. (t.Answers ?? []).Select(a => new Answer
        {
            Id = a.Id,
            Owner = ToModel(a.Owner),
            Body = a.Body,
            Score = a.Score,
            IsAccepted = a.IsAccepted,
            CreatedAt = Utc(a.CreatedAt),
            Comments = [.. (a.Comments ?? []).Select(ToModel)],
        })],
        Comments = [.. (t.Comments ?? []).Select(ToModel)],
    };

    private static Comment ToModel(CommentT c) => new()
    {
        Id = c.Id,
        Owner = ToModel(c.Owner),
        Body = c.Body,
        Score = c.Score,
        CreatedAt = Utc(c.CreatedAt),
    };

    private static User? ToModel(UserT? u) => u is null ? null : new User
    {
        Id = u.Id,
        DisplayName = u.DisplayName,
        Reputation = u.Reputation,
        ProfileUrl = u.ProfileUrl,
        BadgeCounts = [.. u.BadgeCounts ?? []],
    };

    private static DateTime Utc(long ticks) => new(ticks, DateTimeKind.Utc);

    private static OrderT ToStruct(Order o)
    {
        var t = new OrderT { Id = o.Id, PlacedAt = o.PlacedAt.Ticks, Status = (int)o.Status, Lines = [] };
        if (o.Customer is { } c)
        {
            t.Customer = new CustomerT { Id = c.Id };
            if (c.Name is not null)
            {
                t.Customer.Name = c.Name;
            }
            if (c.Email is not null)
            {
                t.Customer.Email = c.Email;
            }
            if (c.BillingAddress is not null)
            {
                t.Customer.BillingAddress = ToStruct(c.BillingAddress);
            }
        }
        if (o.ShipTo is not null)
        {
            t.ShipTo = ToStruct(o.ShipTo);
        }
        foreach (OrderLine line in o.Lines ?? [])
        {
            var lineT = new OrderLineT { Quantity = line.Quantity, UnitPrice = ToStruct(line.UnitPrice) };
            if (line.Sku is not null)
            {
                lineT.Sku = line.Sku;
            }
            t.Lines.Add(lineT);
        }
        if (o.Note is not null)
        {
            t.Note = o.Note;
        }
        return t;
    }

    private static PostalAddressT ToStruct(PostalAddress a)
    {
        var t = new PostalAddressT();
        if (a.Street is not null)
        {
            t.Street = a.Street;
        }
        if (a.City is not null)
        {
            t.City = a.City;
        }
        if (a.PostalCode is not null)
        {
            t.PostalCode = a.PostalCode;
        }
        if (a.Country is not null)
        {
            t.Country = a.Country;
        }
        return t;
    }

    private static Order ToModel(OrderT t) => new()
    {
        Id = t.Id,
        PlacedAt = new DateTime(t.PlacedAt, DateTimeKind.Utc),
        Status = (OrderStatus)t.Status,
        Customer = t.__isset.customer && t.Customer is { } c
            ? new Customer
            {
                Id = c.Id,
                Name = c.__isset.name ? c.Name : null,
                Email = c.__isset.email ? c.Email : null,
                BillingAddress = c.__isset.billingAddress ? ToModel(c.BillingAddress) : null,
            }
            : null,
        ShipTo = t.__isset.shipTo ? ToModel(t.ShipTo) : null,
        Lines = [.. (t.Lines ?? []).Select(l => new OrderLine { Sku = l.__isset.sku ? l.Sku : null, Quantity = l.Quantity, UnitPrice = ToModel(l.UnitPrice) })],
        Note = t.__isset.note ? t.Note : null,
    };

    private static PostalAddress? ToModel(PostalAddressT? t) => t is null ? null : new PostalAddress
    {
        Street = t.__isset.street ? t.Street : null,
        City = t.__isset.city ? t.City : null,
        PostalCode = t.__isset.postalCode ? t.PostalCode : null,
        Country = t.__isset.country ? t.Country : null,
    };
}
