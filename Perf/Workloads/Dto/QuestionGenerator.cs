using System.Text;

namespace NFX.Perf.Workloads.Dto;

/// <summary>Seeded generator of <see cref="Question"/> trees.</summary>
public static class QuestionGenerator
{
    private static readonly string[] s_words =
        ["serializer", "graph", "cycle", "reference", "buffer", "span", "varint", "type", "field", "array", "list", "the", "a",
         "is", "why", "how", "fast", "slow", "allocation", "stack", "heap", "generic", "struct", "class", "null"];
    private static readonly string[] s_tags = ["c#", ".net", "serialization", "performance", "binary", "protobuf", "json", "generics"];
    private static readonly DateTime s_epoch = new(2020, 3, 1, 12, 0, 0, DateTimeKind.Utc);

    /// <summary>Creates a question with <paramref name="answers"/> answers, each with a few comments.</summary>
    public static Question Create(Random random, int answers)
    {
        var question = new Question
        {
            Id = 60_000_000 + random.Next(1_000_000),
            Title = Sentence(random, 10),
            Body = Sentence(random, 150),
            Owner = CreateUser(random),
            CreatedAt = s_epoch.AddMinutes(random.Next(1_000_000)),
            ClosedAt = random.Next(5) == 0 ? s_epoch.AddDays(400) : null,
            Score = random.Next(-5, 500),
            ViewCount = random.Next(100_000),
            IsAnswered = true,
            Tags = [s_tags[random.Next(s_tags.Length)], s_tags[random.Next(s_tags.Length)], s_tags[random.Next(s_tags.Length)]],
            Answers = new List<Answer>(answers),
            Comments = CreateComments(random, 5),
        };
        for (int i = 0; i < answers; i++)
        {
            question.Answers.Add(new Answer
            {
                Id = question.Id + i + 1,
                Owner = CreateUser(random),
                Body = Sentence(random, 80 + random.Next(120)),
                Score = random.Next(-2, 300),
                IsAccepted = i == 0,
                CreatedAt = question.CreatedAt.AddMinutes(random.Next(10_000)),
                Comments = CreateComments(random, random.Next(6)),
            });
        }
        question.AcceptedAnswerId = question.Answers.Count > 0 ? question.Answers[0].Id : null;
        return question;
    }

    private static List<Comment> CreateComments(Random random, int count)
    {
        var comments = new List<Comment>(count);
        for (int i = 0; i < count; i++)
        {
            comments.Add(new Comment
            {
                Id = 90_000_000 + random.Next(1_000_000),
                Owner = CreateUser(random),
                Body = Sentence(random, 12 + random.Next(20)),
                Score = random.Next(20),
                CreatedAt = s_epoch.AddMinutes(random.Next(1_000_000)),
            });
        }
        return comments;
    }

    private static User CreateUser(Random random) => new()
    {
        Id = random.Next(1, 20_000_000),
        DisplayName = "user" + random.Next(1_000_000),
        Reputation = random.Next(1, 900_000),
        ProfileUrl = "https://example.com/users/" + random.Next(1_000_000),
        BadgeCounts = [random.Next(50), random.Next(500), random.Next(2000)],
    };

    private static string Sentence(Random random, int words)
    {
        var text = new StringBuilder(words * 7);
        for (int i = 0; i < words; i++)
        {
            if (i > 0)
            {
                text.Append(' ');
            }
            text.Append(s_words[random.Next(s_words.Length)]);
        }
        return text.Append('.').ToString();
    }
}
