namespace NFX.Slim.Generators.Model;

/// <summary>
/// The bucket of a type's full name (as <c>Type.FullName</c> gives it at run time) in a registry of <c>buckets</c>
/// buckets: the same function as the runtime's <c>SlimGeneratedCodecs.NameBucket</c> (RegistryBucketTests pins the two),
/// so a registry looks a type up in the one small method that names it.
/// </summary>
internal static class TypeNameHash
{
    /// <summary>FNV-1a (32 bits) over the name's UTF-16 code units, modulo <paramref name="buckets"/>.</summary>
    public static int Bucket(string fullName, int buckets)
    {
        uint hash = 2166136261;
        foreach (char c in fullName)
        {
            hash = (hash ^ c) * 16777619;
        }
        return (int)(hash % (uint)buckets);
    }
}
