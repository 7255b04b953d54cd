using NFX.Perf.Workloads.Dto;

namespace NFX.Perf.Akka;

/// <summary>The small message of the ping-pong: a few fields, what a command or an event between actors looks like.</summary>
public sealed class SmallMessage
{
    public long Id;
    public string? Text;
    public double Value;
    public DateTime At;
}

/// <summary>The two messages measured: the small one and the Perf DTO tree (a question with 20 answers and their comments).</summary>
public static class AkkaMessages
{
    public static IReadOnlyList<(string Name, object Message)> All { get; } =
    [
        ("small message", new SmallMessage { Id = 42, Text = "order-42 accepted", Value = 3.25, At = new DateTime(2026, 11, 27, 12, 0, 0, DateTimeKind.Utc) }),
        ("DTO tree", QuestionGenerator.Create(new Random(Workloads.Workload.DefaultSeed), DtoWorkload.Answers)),
    ];
}
