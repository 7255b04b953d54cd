using NFX.Perf.Contenders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Quick;

/// <summary>
/// Payload bytes of one sparsely filled Perzon (names, two ages, a salary and one Guid; every other field at its
/// default), the kind of record the ancestor's size ratios were taken on. The quick run's Perzons are well filled
/// (most nullables, both lists, some parents): data every format carries alike, which lowers every compact format's
/// ratio to BinaryFormatter and DataContractSerializer. These sizes put the two figures side by side.
/// </summary>
/// <param name="Bytes">Payload bytes per contender type.</param>
public sealed record SparsePerzonSizes(IReadOnlyDictionary<Type, long> Bytes)
{
    /// <summary>The contenders the Perzon size targets compare.</summary>
    public static IReadOnlyList<Contender> Contenders() =>
        [new SlimPerCallContender(), new SlimBatchContender(), new BinaryFormatterContender(), new DataContractContender()];

    /// <summary>The sparsely filled record.</summary>
    public static Perzon Record() => new()
    {
        FirstName = "Alexander",
        LastName = "Petrov",
        Age1 = 33,
        Age2 = 41,
        Salary1 = 1234.5,
        ID1 = new Guid("5b3f8c2e-41a7-4d0e-9a61-0c2f7e9d8b14"),
    };

    /// <summary>Serializes <see cref="Record"/> once with each contender (Batch primed first, as in the tables); sizes only, nothing timed.</summary>
    public static SparsePerzonSizes Measure()
    {
        Perzon record = Record();
        var bytes = new Dictionary<Type, long>();
        foreach (Contender contender in Contenders())
        {
            contender.Setup(new PerzonWorkload(), [record]);
            bytes[contender.GetType()] = contender.Serialize(contender.Prepare(record)).Length;
        }
        return new SparsePerzonSizes(bytes);
    }

    /// <summary>The other contender's bytes over Slim's, or null when either is missing.</summary>
    public double? Ratio(Type other, Type slim) =>
        Bytes.TryGetValue(other, out long o) && Bytes.TryGetValue(slim, out long s) && s > 0 ? (double)o / s : null;
}
