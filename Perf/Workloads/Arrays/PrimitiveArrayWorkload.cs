namespace NFX.Perf.Workloads.Arrays;

/// <summary>One large array of a primitive type, compared against a memcpy baseline.</summary>
public sealed class PrimitiveArrayWorkload : Workload
{
    private readonly Func<Random, object> _create;

    private PrimitiveArrayWorkload(string key, string title, Type elementType, int length, Func<Random, object> create, int seed)
        : base(seed)
    {
        Key = key;
        Title = title;
        ElementType = elementType;
        Length = length;
        _create = create;
    }

    /// <summary>The array's element type.</summary>
    public Type ElementType { get; }

    /// <summary>The array's length.</summary>
    public int Length { get; }

    /// <inheritdoc/>
    public override string Key { get; }

    /// <inheritdoc/>
    public override string Title { get; }

    /// <inheritdoc/>
    public override string Description => $"One {ElementType.Name}[{Length:N0}] of seeded random values; one op = the array.";

    /// <inheritdoc/>
    public override WorkloadTraits Traits => WorkloadTraits.PrimitiveArray;

    /// <summary>int[1,000,000].</summary>
    public static PrimitiveArrayWorkload Int32(int length = 1_000_000, int seed = DefaultSeed) =>
        new("int-array", $"int[{length:N0}]", typeof(int), length, r =>
        {
            var a = new int[length];
            for (int i = 0; i < a.Length; i++)
            {
                a[i] = r.Next(int.MinValue, int.MaxValue);
            }
            return a;
        }, seed);

    /// <summary>double[1,000,000].</summary>
    public static PrimitiveArrayWorkload Double(int length = 1_000_000, int seed = DefaultSeed) =>
        new("double-array", $"double[{length:N0}]", typeof(double), length, r =>
        {
            var a = new double[length];
            for (int i = 0; i < a.Length; i++)
            {
                a[i] = (r.NextDouble() - 0.5) * 1e6;
            }
            return a;
        }, seed);

    /// <summary>byte[16 MiB].</summary>
    public static PrimitiveArrayWorkload Bytes(int length = 16 * 1024 * 1024, int seed = DefaultSeed) =>
        new("byte-array", $"byte[{length / (1024 * 1024)} MiB]", typeof(byte), length, r =>
        {
            var a = new byte[length];
            r.NextBytes(a);
            return a;
        }, seed);

    /// <inheritdoc/>
    public override IReadOnlyList<object> CreateRoots() => [_create(new Random(Seed))];
}
