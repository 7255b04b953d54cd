using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Cache.Attributed;

/// <summary>Copies workload values into their attributed twins, field for field (done once, outside any timing).</summary>
public static class AttributedCopies
{
    /// <summary>The question tree.</summary>
    public static CachedQuestion Of(Question q) => new()
    {
        Id = q.Id, Title = q.Title, Body = q.Body, Owner = Of(q.Owner), CreatedAt = q.CreatedAt, ClosedAt = q.ClosedAt,
        Score = q.Score, ViewCount = q.ViewCount, IsAnswered = q.IsAnswered, AcceptedAnswerId = q.AcceptedAnswerId,
        Tags = q.Tags is null ? null : [.. q.Tags],
        Answers = q.Answers?.Select(Of).ToList(),
        Comments = q.Comments?.Select(Of).ToList(),
    };

    /// <summary>One record and its parent chain.</summary>
    public static CachedPerzon Of(Perzon p) => new()
    {
        FirstName = p.FirstName, MiddleName = p.MiddleName, LastName = p.LastName, Parent = p.Parent is null ? null : Of(p.Parent),
        Age1 = p.Age1, Age2 = p.Age2, Age3 = p.Age3, Age4 = p.Age4, Salary1 = p.Salary1, Salary2 = p.Salary2,
        ID1 = p.ID1, ID2 = p.ID2, ID3 = p.ID3,
        Names1 = p.Names1 is null ? null : [.. p.Names1], Names2 = p.Names2 is null ? null : [.. p.Names2],
        O1 = p.O1, O2 = p.O2, O3 = p.O3, O4 = p.O4, O5 = p.O5,
    };

    /// <summary>An array of records.</summary>
    public static CachedPerzon[] Of(Perzon[] many) => [.. many.Select(Of)];

    private static CachedAnswer Of(Answer a) => new()
    {
        Id = a.Id, Owner = Of(a.Owner), Body = a.Body, Score = a.Score, IsAccepted = a.IsAccepted, CreatedAt = a.CreatedAt,
        Comments = a.Comments?.Select(Of).ToList(),
    };

    private static CachedComment Of(Comment c) => new() { Id = c.Id, Owner = Of(c.Owner), Body = c.Body, Score = c.Score, CreatedAt = c.CreatedAt };

    private static CachedUser? Of(User? u) => u is null ? null : new()
    {
        Id = u.Id, DisplayName = u.DisplayName, Reputation = u.Reputation, ProfileUrl = u.ProfileUrl,
        BadgeCounts = u.BadgeCounts is null ? null : [.. u.BadgeCounts],
    };
}
