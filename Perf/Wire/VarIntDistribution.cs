namespace NFX.Perf.Wire;

/// <summary>Realistic shapes of integers on the wire, as the varint benchmarks draw them (fixed seed).</summary>
public enum VarIntDistribution
{
    /// <summary>Collection counts and small enums: uniform 0..100 (1 byte after ZigZag).</summary>
    SmallCounts,

    /// <summary>Database ids: uniform 1..1,000,000 (mostly 3 bytes after ZigZag).</summary>
    Ids,

    /// <summary>Unix time in milliseconds within a year after 1.7e12 (6 bytes).</summary>
    UnixMillis,

    /// <summary>.NET DateTime ticks within 2024 (about 6.4e17: 9 bytes).</summary>
    DotNetTicks,

    /// <summary>Deltas between neighbouring values: uniform -1000..1000 (1 or 2 bytes after ZigZag).</summary>
    NegativeDeltas,
}

/// <summary>Draws the values of a <see cref="VarIntDistribution"/>.</summary>
public static class VarIntSamples
{
    /// <summary>The seed every run uses, so every run sees the same values.</summary>
    public const int Seed = 20240229;

    /// <summary><paramref name="count"/> values of <paramref name="distribution"/>.</summary>
    public static long[] Generate(VarIntDistribution distribution, int count)
    {
        var random = new Random(Seed + (int)distribution);
        long ticks2024 = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc).Ticks;
        var values = new long[count];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = distribution switch
            {
                VarIntDistribution.SmallCounts => random.Next(0, 101),
                VarIntDistribution.Ids => random.Next(1, 1_000_001),
                VarIntDistribution.UnixMillis => 1_700_000_000_000L + random.NextInt64(365L * 24 * 3600 * 1000),
                VarIntDistribution.DotNetTicks => ticks2024 + random.NextInt64(365L * TimeSpan.TicksPerDay),
                VarIntDistribution.NegativeDeltas => random.Next(-1000, 1001),
                _ => throw new ArgumentOutOfRangeException(nameof(distribution)),
            };
        }
        return values;
    }
}
