namespace NFX.Perf.Workloads.Perzons;

/// <summary>Seeded generator of <see cref="Perzon"/> records (some with a parent, some nullables empty).</summary>
public static class PerzonGenerator
{
    private static readonly string[] s_first = ["Alexander", "Maria", "Ivan", "Olga", "Dmitry", "Anna", "Sergey", "Elena", "John", "Mary"];
    private static readonly string[] s_last = ["Petrov", "Ivanova", "Smith", "Johnson", "Kuznetsov", "Popova", "Williams", "Brown"];
    private static readonly DateTime s_epoch = new(2013, 6, 11, 9, 30, 0, DateTimeKind.Utc);

    /// <summary>Creates one record with a parent record (the parent has none).</summary>
    public static Perzon Create(Random random)
    {
        Perzon person = CreateSingle(random);
        person.Parent = CreateSingle(random);
        return person;
    }

    /// <summary>Creates <paramref name="count"/> records; every third has a parent.</summary>
    public static Perzon[] CreateMany(Random random, int count)
    {
        var result = new Perzon[count];
        for (int i = 0; i < count; i++)
        {
            result[i] = i % 3 == 0 ? Create(random) : CreateSingle(random);
        }
        return result;
    }

    private static Perzon CreateSingle(Random random)
    {
        bool full = random.Next(4) != 0;
        return new Perzon
        {
            FirstName = Pick(random, s_first),
            MiddleName = full ? Pick(random, s_first) + "ovich" : null,
            LastName = Pick(random, s_last),
            Age1 = random.Next(1, 100),
            Age2 = random.Next(1, 100),
            Age3 = full ? random.Next(1, 100) : null,
            Age4 = full ? null : random.Next(1, 100000),
            Salary1 = Math.Round(random.NextDouble() * 250_000, 2),
            Salary2 = full ? random.NextDouble() * 1_000_000 : null,
            ID1 = NextGuid(random),
            ID2 = full ? NextGuid(random) : null,
            ID3 = random.Next(2) == 0 ? NextGuid(random) : null,
            Names1 = [Pick(random, s_first), Pick(random, s_last), "Esq."],
            Names2 = full ? [Pick(random, s_first), Pick(random, s_last)] : [],
            O1 = random.Next(10),
            O2 = random.Next(2) == 0,
            O3 = s_epoch.AddSeconds(random.Next(100_000_000)),
            O4 = TimeSpan.FromMinutes(random.Next(10_000)),
            O5 = random.Next(1_000_000) / 100M,
        };
    }

    private static string Pick(Random random, string[] values) => values[random.Next(values.Length)];

    private static Guid NextGuid(Random random)
    {
        Span<byte> bytes = stackalloc byte[16];
        random.NextBytes(bytes);
        return new Guid(bytes);
    }
}
