namespace NFX.Slim.Layouts;

/// <summary>
/// The member type changes a version-tolerant reader converts: integer widenings that keep every value, float to
/// double, and T to T? (also combined with a widening). Everything else is a layout mismatch.
/// </summary>
internal static class Widening
{
    private static readonly Dictionary<Type, Type[]> s_wider = new()
    {
        [typeof(sbyte)] = [typeof(short), typeof(int), typeof(long), typeof(decimal), typeof(float), typeof(double)],
        [typeof(byte)] = [typeof(short), typeof(ushort), typeof(int), typeof(uint), typeof(long), typeof(ulong), typeof(decimal), typeof(float), typeof(double)],
        [typeof(short)] = [typeof(int), typeof(long), typeof(decimal), typeof(float), typeof(double)],
        [typeof(ushort)] = [typeof(int), typeof(uint), typeof(long), typeof(ulong), typeof(decimal), typeof(float), typeof(double)],
        [typeof(char)] = [typeof(int), typeof(uint), typeof(long), typeof(ulong)],
        [typeof(int)] = [typeof(long), typeof(decimal), typeof(double)],
        [typeof(uint)] = [typeof(long), typeof(ulong), typeof(decimal), typeof(double)],
        [typeof(long)] = [typeof(decimal)],
        [typeof(ulong)] = [typeof(decimal)],
        [typeof(float)] = [typeof(double)],
    };

    /// <summary>True when every value of <paramref name="from"/> converts to <paramref name="to"/> without loss.</summary>
    public static bool IsLossless(Type from, Type to)
    {
        if (Nullable.GetUnderlyingType(to) is { } inner && Nullable.GetUnderlyingType(from) is null)
        {
            return from == inner || IsLossless(from, inner);
        }
        if (Nullable.GetUnderlyingType(to) is { } toInner && Nullable.GetUnderlyingType(from) is { } fromInner)
        {
            return IsLossless(fromInner, toInner);
        }
        return s_wider.TryGetValue(from, out Type[]? wider) && Array.IndexOf(wider, to) >= 0;
    }
}
