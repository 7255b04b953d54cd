namespace NFX.Perf.Workloads.Dto;

/// <summary>An answer with its own comments.</summary>
[Serializable]
public sealed class Answer
{
    public long Id;
    public User? Owner;
    public string? Body;
    public int Score;
    public bool IsAccepted;
    public DateTime CreatedAt;
    public List<Comment>? Comments;
}
