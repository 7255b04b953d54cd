namespace NFX.Perf.Workloads.Dto;

/// <summary>A short comment.</summary>
[Serializable]
public sealed class Comment
{
    public long Id;
    public User? Owner;
    public string? Body;
    public int Score;
    public DateTime CreatedAt;
}
