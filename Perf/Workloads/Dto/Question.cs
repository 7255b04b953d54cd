namespace NFX.Perf.Workloads.Dto;

/// <summary>A Q&amp;A site's question as an API returns it: a tree without cycles or sharing.</summary>
[Serializable]
public sealed class Question
{
    public long Id;
    public string? Title;
    public string? Body;
    public User? Owner;
    public DateTime CreatedAt;
    public DateTime? ClosedAt;
    public int Score;
    public int ViewCount;
    public bool IsAnswered;
    public long? AcceptedAnswerId;
    public List<string>? Tags;
    public List<Answer>? Answers;
    public List<Comment>? Comments;
}
