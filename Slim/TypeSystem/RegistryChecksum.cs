namespace NFX.Slim.TypeSystem;

/// <summary>
/// A running 64-bit FNV-1a hash of the registry's entries in order. Its low 32 bits travel in every message, so a
/// reader whose registry differs from the writer's (other known types, a lost batch message) fails fast.
/// </summary>
internal static class RegistryChecksum
{
    public const ulong Seed = 14695981039346656037UL;
    private const ulong Prime = 1099511628211UL;

    public static ulong Add(ulong hash, string entry)
    {
        foreach (char c in entry)
        {
            hash = (hash ^ c) * Prime;
        }
        return (hash ^ 0xFF) * Prime; // entry separator
    }

    /// <summary>Folds an entry's own hash (see <see cref="Add"/> from <see cref="Seed"/>) into a running hash.</summary>
    public static ulong Combine(ulong hash, ulong entryHash)
    {
        for (int i = 0; i < 8; i++)
        {
            hash = (hash ^ (byte)(entryHash >> (i * 8))) * Prime;
        }
        return hash;
    }

    /// <summary>Folds raw bytes (a type entry's name as written) into a running hash.</summary>
    public static ulong AddBytes(ulong hash, ReadOnlySpan<byte> bytes)
    {
        foreach (byte b in bytes)
        {
            hash = (hash ^ b) * Prime;
        }
        return hash;
    }
}
