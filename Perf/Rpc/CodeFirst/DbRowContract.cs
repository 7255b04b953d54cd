using ProtoBuf;

namespace NFX.Perf.Rpc.CodeFirst;

/// <summary>The ten fields of <see cref="DbRow"/> as a protobuf-net contract (the DateTime as UTC ticks, as in rpc.proto).</summary>
[ProtoContract]
public sealed class DbRowContract
{
    /// <summary>Row id.</summary>
    [ProtoMember(1)] public int Id { get; set; }

    /// <summary>A short name.</summary>
    [ProtoMember(2)] public string Name { get; set; } = "";

    /// <summary>A city.</summary>
    [ProtoMember(3)] public string City { get; set; } = "";

    /// <summary>An amount in cents.</summary>
    [ProtoMember(4)] public long Amount { get; set; }

    /// <summary>A price.</summary>
    [ProtoMember(5)] public double Price { get; set; }

    /// <summary>A flag.</summary>
    [ProtoMember(6)] public bool Active { get; set; }

    /// <summary>A code.</summary>
    [ProtoMember(7)] public string Code { get; set; } = "";

    /// <summary>A quantity.</summary>
    [ProtoMember(8)] public int Quantity { get; set; }

    /// <summary>The timestamp as UTC ticks.</summary>
    [ProtoMember(9)] public long CreatedTicks { get; set; }

    /// <summary>A free-text note.</summary>
    [ProtoMember(10)] public string Note { get; set; } = "";

    /// <summary>From the model row.</summary>
    public static DbRowContract From(DbRow r) => new()
    {
        Id = r.Id, Name = r.Name, City = r.City, Amount = r.Amount, Price = r.Price, Active = r.Active, Code = r.Code,
        Quantity = r.Quantity, CreatedTicks = r.Created.Ticks, Note = r.Note,
    };

    /// <summary>To the model row.</summary>
    public DbRow ToRow() => new()
    {
        Id = Id, Name = Name, City = City, Amount = Amount, Price = Price, Active = Active, Code = Code, Quantity = Quantity,
        Created = new DateTime(CreatedTicks, DateTimeKind.Utc), Note = Note,
    };
}
