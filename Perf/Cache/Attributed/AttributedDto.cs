using MemoryPack;
using MessagePack;

namespace NFX.Perf.Cache.Attributed;

// Copies of the DTO workload's types with the attributes MessagePack (contract, integer keys) and MemoryPack
// (source-generated) need: what a user of those libraries writes to cache these values. Slim, System.Text.Json and
// MessagePack Typeless store the original, attribute-free types.

/// <summary>The attributed copy of <see cref="Workloads.Dto.Question"/>.</summary>
[MessagePackObject]
[MemoryPackable]
public sealed partial class CachedQuestion
{
    [Key(0)] public long Id;
    [Key(1)] public string? Title;
    [Key(2)] public string? Body;
    [Key(3)] public CachedUser? Owner;
    [Key(4)] public DateTime CreatedAt;
    [Key(5)] public DateTime? ClosedAt;
    [Key(6)] public int Score;
    [Key(7)] public int ViewCount;
    [Key(8)] public bool IsAnswered;
    [Key(9)] public long? AcceptedAnswerId;
    [Key(10)] public List<string>? Tags;
    [Key(11)] public List<CachedAnswer>? Answers;
    [Key(12)] public List<CachedComment>? Comments;
}

/// <summary>The attributed copy of <see cref="Workloads.Dto.Answer"/>.</summary>
[MessagePackObject]
[MemoryPackable]
public sealed partial class CachedAnswer
{
    [Key(0)] public long Id;
    [Key(1)] public CachedUser? Owner;
    [Key(2)] public string? Body;
    [Key(3)] public int Score;
    [Key(4)] public bool IsAccepted;
    [Key(5)] public DateTime CreatedAt;
    [Key(6)] public List<CachedComment>? Comments;
}

/// <summary>The attributed copy of <see cref="Workloads.Dto.Comment"/>.</summary>
[MessagePackObject]
[MemoryPackable]
public sealed partial class CachedComment
{
    [Key(0)] public long Id;
    [Key(1)] public CachedUser? Owner;
    [Key(2)] public string? Body;
    [Key(3)] public int Score;
    [Key(4)] public DateTime CreatedAt;
}

/// <summary>The attributed copy of <see cref="Workloads.Dto.User"/>.</summary>
[MessagePackObject]
[MemoryPackable]
public sealed partial class CachedUser
{
    [Key(0)] public long Id;
    [Key(1)] public string? DisplayName;
    [Key(2)] public int Reputation;
    [Key(3)] public string? ProfileUrl;
    [Key(4)] public int[]? BadgeCounts;
}

/// <summary>The attributed copy of <see cref="Workloads.Perzons.Perzon"/>.</summary>
[MessagePackObject]
[MemoryPackable]
public sealed partial class CachedPerzon
{
    [Key(0)] public string? FirstName;
    [Key(1)] public string? MiddleName;
    [Key(2)] public string? LastName;
    [Key(3)] public CachedPerzon? Parent;
    [Key(4)] public int Age1;
    [Key(5)] public int Age2;
    [Key(6)] public int? Age3;
    [Key(7)] public int? Age4;
    [Key(8)] public double Salary1;
    [Key(9)] public double? Salary2;
    [Key(10)] public Guid ID1;
    [Key(11)] public Guid? ID2;
    [Key(12)] public Guid? ID3;
    [Key(13)] public List<string>? Names1;
    [Key(14)] public List<string>? Names2;
    [Key(15)] public int O1;
    [Key(16)] public bool O2;
    [Key(17)] public DateTime O3;
    [Key(18)] public TimeSpan O4;
    [Key(19)] public decimal O5;
}
