namespace NFX.Slim.Codecs;

/// <summary>
/// The <c>ISerializable</c> members through which BCL types size an allocation from a stored number instead of from
/// the data that fills it: their constructors (or <c>OnDeserialization</c>) allocate what the member says before any
/// element exists, so 122 bytes naming <c>StringBuilder</c> capacity 2^29 made a 1 GB array. The reader debits each
/// such member, times the bytes one unit takes, from the message's budget of declared memory
/// (<see cref="SlimLimits.MaxDeclaredCapacityBytes"/> plus 32 bytes per message byte) before any constructor runs.
/// A type derived from one of these (a class deriving from <c>Dictionary&lt;K, V&gt;</c>) is checked for its base's members.
/// </summary>
internal static class DeclaredCapacities
{
    // Type (or generic definition) -> members it allocates from, with the bytes one unit costs on a 64-bit runtime
    // (conservative: references count 8, a hashed entry its hash, link, key and value plus a bucket).
    private static readonly (Type Type, string Member, int UnitBytes)[] s_known =
    [
        (typeof(System.Text.StringBuilder), "Capacity", sizeof(char)),           // the first chunk: new char[Capacity]
        (typeof(System.Collections.Hashtable), "HashSize", 24),                  // new bucket[HashSize] (key, value, hash)
        (typeof(Dictionary<,>), "HashSize", 32),                                 // buckets + entries of HashSize
        (typeof(HashSet<>), "Capacity", 24),                                     // buckets + entries of Capacity
    ];

    /// <summary>The members of <paramref name="type"/> that declare an allocation, or an empty array.</summary>
    public static (string Member, int UnitBytes)[] Of(Type type)
    {
        List<(string, int)>? found = null;
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            Type key = t.IsConstructedGenericType ? t.GetGenericTypeDefinition() : t;
            foreach ((Type known, string member, int unitBytes) in s_known)
            {
                if (known == key)
                {
                    (found ??= []).Add((member, unitBytes));
                }
            }
        }
        return found?.ToArray() ?? [];
    }

    /// <summary>The member's value as a count: any integer type; anything else (the constructor will refuse it) is 0.</summary>
    public static long AsCount(object? value) => value switch
    {
        int i => i,
        long l => l,
        uint u => u,
        ulong ul => ul > long.MaxValue ? long.MaxValue : (long)ul,
        short s => s,
        ushort us => us,
        byte b => b,
        sbyte sb => sb,
        _ => 0,
    };
}
