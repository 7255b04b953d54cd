using Google.Protobuf;
using NFX.Perf.Proto;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Contenders.Protobuf;

/// <summary>Maps the workload models to their protobuf messages and back (outside timing; used for verification).</summary>
public static class ProtoMapper
{
    /// <summary>Model -> message, or null when the root type has no protobuf mirror.</summary>
    public static IMessage? ToMessage(object root) => root switch
    {
        Perzon p => ToMessage(p),
        Question q => ToMessage(q),
        Order o => ToMessage(o),
        int[] a => new Int32ArrayMsg { Values = { a } },
        double[] a => new DoubleArrayMsg { Values = { a } },
        byte[] a => new ByteArrayMsg { Values = ByteString.CopyFrom(a) },
        _ => null,
    };

    /// <summary>The parser for the message that mirrors <paramref name="rootType"/>, or null.</summary>
    public static MessageParser? ParserFor(Type rootType) =>
        rootType == typeof(Perzon) ? PerzonMsg.Parser
        : rootType == typeof(Question) ? QuestionMsg.Parser
        : rootType == typeof(Order) ? OrderMsg.Parser
        : rootType == typeof(int[]) ? Int32ArrayMsg.Parser
        : rootType == typeof(double[]) ? DoubleArrayMsg.Parser
        : rootType == typeof(byte[]) ? ByteArrayMsg.Parser
        : null;

    /// <summary>Message -> model.</summary>
    public static object? ToModel(object? message) => message switch
    {
        null => null,
        PerzonMsg p => ToModel(p),
        QuestionMsg q => ToModel(q),
        OrderMsg o => ToModel(o),
        Int32ArrayMsg a => a.Values.ToArray(),
        DoubleArrayMsg a => a.Values.ToArray(),
        ByteArrayMsg a => a.Values.ToByteArray(),
        _ => throw new NotSupportedException(message.GetType().Name),
    };

    private static PerzonMsg ToMessage(Perzon p)
    {
        var m = new PerzonMsg
        {
            Parent = p.Parent is null ? null : ToMessage(p.Parent),
            Age1 = p.Age1,
            Age2 = p.Age2,
            Salary1 = p.Salary1,
            Id1 = ByteString.CopyFrom(p.ID1.ToByteArray()),
            Names1 = { p.Names1 ?? [] },
            Names2 = { p.Names2 ?? [] },
            O1 = p.O1,
            O2 = p.O2,
            O3Ticks = p.O3.Ticks,
            O3Kind = (int)p.O3.Kind,
            O4Ticks = p.O4.Ticks,
            O5 = ToMessage(p.O5),
        };
        if (p.FirstName is not null)
        {
            m.FirstName = p.FirstName;
        }
        if (p.MiddleName is not null)
        {
            m.MiddleName = p.MiddleName;
        }
        if (p.LastName is not null)
        {
            m.LastName = p.LastName;
        }
        if (p.Age3 is int age3)
        {
            m.Age3 = age3;
        }
        if (p.Age4 is int age4)
        {
            m.Age4 = age4;
        }
        if (p.Salary2 is double salary2)
        {
            m.Salary2 = salary2;
        }
        if (p.ID2 is Guid id2)
        {
            m.Id2 = ByteString.CopyFrom(id2.ToByteArray());
        }
        if (p.ID3 is Guid id3)
        {
            m.Id3 = ByteString.CopyFrom(id3.ToByteArray());
        }
        return m;
    }

    private static Perzon ToModel(PerzonMsg m) => new()
    {
        FirstName = m.HasFirstName ? m.FirstName : null,
        MiddleName = m.HasMiddleName ? m.MiddleName : null,
        LastName = m.HasLastName ? m.LastName : null,
        Parent = m.Parent is null ? null : ToModel(m.Parent),
        Age1 = m.Age1,
        Age2 = m.Age2,
        Age3 = m.HasAge3 ? m.Age3 : null,
        Age4 = m.HasAge4 ? m.Age4 : null,
        Salary1 = m.Salary1,
        Salary2 = m.HasSalary2 ? m.Salary2 : null,
        ID1 = new Guid(m.Id1.Span),
        ID2 = m.HasId2 ? new Guid(m.Id2.Span) : null,
        ID3 = m.HasId3 ? new Guid(m.Id3.Span) : null,
        Names1 = [.. m.Names1],
        Names2 = [.. m.Names2],
        O1 = m.O1,
        O2 = m.O2,
        O3 = new DateTime(m.O3Ticks, (DateTimeKind)m.O3Kind),
        O4 = TimeSpan.FromTicks(m.O4Ticks),
        O5 = ToModel(m.O5),
    };

    private static DecimalMsg ToMessage(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        return new DecimalMsg { Lo = bits[0], Mid = bits[1], Hi = bits[2], Flags = bits[3] };
    }

    private static decimal ToModel(DecimalMsg? m) => m is null ? 0M : new decimal([m.Lo, m.Mid, m.Hi, m.Flags]);

    private static QuestionMsg ToMessage(Question q)
    {
        var m = new QuestionMsg
        {
            Id = q.Id,
            Title = q.Title ?? "",
            Body = q.Body ?? "",
            Owner = ToMessage(q.Owner),
            CreatedAt = q.CreatedAt.Ticks,
            Score = q.Score,
            ViewCount = q.ViewCount,
            IsAnswered = q.IsAnswered,
            Tags = { q.Tags ?? [] },
        };
        if (q.ClosedAt is DateTime closed)
        {
            m.ClosedAt = closed.Ticks;
        }
        if (q.AcceptedAnswerId is long accepted)
        {
            m.AcceptedAnswerId = accepted;
        }
        foreach (Answer a in q.Answers ?? [])
        {
            var answer = new AnswerMsg
            {
                Id = a.Id,
                Owner = ToMessage(a.Owner),
                Body = a.Body ?? "",
                Score = a.Score,
                IsAccepted = a.IsAccepted,
                CreatedAt = a.CreatedAt.Ticks,
            };
            answer.Comments.AddRange((a.Comments ?? []).Select(ToMessage));
            m.Answers.Add(answer);
        }
        m.Comments.AddRange((q.Comments ?? []).Select(ToMessage));
        return m;
    }

    private static CommentMsg ToMessage(Comment c) => new()
    {
        Id = c.Id,
        Owner = ToMessage(c.Owner),
        Body = c.Body ?? "",
        Score = c.Score,
        CreatedAt = c.CreatedAt.Ticks,
    };

    private static UserMsg? ToMessage(User? u) => u is null ? null : new UserMsg
    {
        Id = u.Id,
        DisplayName = u.DisplayName ?? "",
        Reputation = u.Reputation,
        ProfileUrl = u.ProfileUrl ?? "",
        BadgeCounts = { u.BadgeCounts ?? [] },
    };

    private static Question ToModel(QuestionMsg m) => new()
    {
        Id = m.Id,
        Title = m.Title,
        Body = m.Body,
        Owner = ToModel(m.Owner),
        CreatedAt = Utc(m.CreatedAt),
        ClosedAt = m.HasClosedAt ? Utc(m.ClosedAt) : null,
        Score = m.Score,
        ViewCount = m.ViewCount,
        IsAnswered = m.IsAnswered,
        AcceptedAnswerId = m.HasAcceptedAnswerId ? m.AcceptedAnswerId : null,
        Tags = [.. m.Tags],
        Answers = [.. m.Answers.Select(a => new Answer
        {
            Id = a.Id,
            Owner = ToModel(a.Owner),
            Body = a.Body,
            Score = a.Score,
            IsAccepted = a.IsAccepted,
            CreatedAt = Utc(a.CreatedAt),
            Comments = [.. a.Comments.Select(ToModel)],
        })],
        Comments = [.. m.Comments.Select(ToModel)],
    };

    private static Comment ToModel(CommentMsg c) => new()
    {
        Id = c.Id,
        Owner = ToModel(c.Owner),
        Body = c.Body,
        Score = c.Score,
        CreatedAt = Utc(c.CreatedAt),
    };

    private static User? ToModel(UserMsg? u) => u is null ? null : new User
    {
        Id = u.Id,
        DisplayName = u.DisplayName,
        Reputation = u.Reputation,
        ProfileUrl = u.ProfileUrl,
        BadgeCounts = [.. u.BadgeCounts],
    };

    private static OrderMsg ToMessage(Order o)
    {
        var m = new OrderMsg { Id = o.Id, PlacedAt = o.PlacedAt.Ticks, Status = (int)o.Status, ShipTo = ToMessage(o.ShipTo) };
        if (o.Customer is { } c)
        {
            m.Customer = new CustomerMsg { Id = c.Id, BillingAddress = ToMessage(c.BillingAddress) };
            if (c.Name is { } name)
            {
                m.Customer.Name = name;
            }
            if (c.Email is { } email)
            {
                m.Customer.Email = email;
            }
        }
        foreach (OrderLine line in o.Lines ?? [])
        {
            var lineMsg = new OrderLineMsg { Quantity = line.Quantity, UnitPrice = ToMessage(line.UnitPrice) };
            if (line.Sku is { } sku)
            {
                lineMsg.Sku = sku;
            }
            m.Lines.Add(lineMsg);
        }
        if (o.Note is { } note)
        {
            m.Note = note;
        }
        return m;
    }

    private static PostalAddressMsg? ToMessage(PostalAddress? a)
    {
        if (a is null)
        {
            return null;
        }
        var m = new PostalAddressMsg();
        if (a.Street is { } street)
        {
            m.Street = street;
        }
        if (a.City is { } city)
        {
            m.City = city;
        }
        if (a.PostalCode is { } code)
        {
            m.PostalCode = code;
        }
        if (a.Country is { } country)
        {
            m.Country = country;
        }
        return m;
    }

    private static Order ToModel(OrderMsg m) => new()
    {
        Id = m.Id,
        PlacedAt = Utc(m.PlacedAt),
        Status = (OrderStatus)m.Status,
        Customer = m.Customer is { } c
            ? new Customer { Id = c.Id, Name = c.HasName ? c.Name : null, Email = c.HasEmail ? c.Email : null, BillingAddress = ToModel(c.BillingAddress) }
            : null,
        ShipTo = ToModel(m.ShipTo),
        Lines = [.. m.Lines.Select(l => new OrderLine { Sku = l.HasSku ? l.Sku : null, Quantity = l.Quantity, UnitPrice = ToModel(l.UnitPrice) })],
        Note = m.HasNote ? m.Note : null,
    };

    private static PostalAddress? ToModel(PostalAddressMsg? a) => a is null ? null : new PostalAddress
    {
        Street = a.HasStreet ? a.Street : null,
        City = a.HasCity ? a.City : null,
        PostalCode = a.HasPostalCode ? a.PostalCode : null,
        Country = a.HasCountry ? a.Country : null,
    };

    private static DateTime Utc(long ticks) => new(ticks, DateTimeKind.Utc);
}
