using System.Runtime.CompilerServices;

namespace NFX.Slim.Session;

/// <summary>
/// Appending to an array a session keeps for its whole life and grows by hand: a per-object store with none of
/// List&lt;T&gt;'s version and capacity bookkeeping (and, for structs, no covariant store check). The growth is kept out of
/// line so the append inlines into the hot path.
/// </summary>
internal static class GrowableArray
{
    /// <summary>Stores <paramref name="item"/> at <paramref name="count"/> (doubling the array when full) and counts it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Append<T>(ref T[] array, ref int count, in T item)
    {
        int index = count;
        if ((uint)index >= (uint)array.Length)
        {
            Grow(ref array);
        }
        array[index] = item;
        count = index + 1;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Grow<T>(ref T[] array) => Array.Resize(ref array, Math.Max(array.Length * 2, 16));
}
