namespace NFX.Perf.Workloads.Dto;

/// <summary>The author of a question, answer or comment (a copy per occurrence, as in a JSON API).</summary>
[Serializable]
public sealed class User
{
    public long Id;
    public string? DisplayName;
    public int Reputation;
    public string? ProfileUrl;
    public int[]? BadgeCounts;
}
