using System.Runtime.CompilerServices;

namespace NFX.Slim.Session;

/// <summary>
/// When a session's per-message table (the reader's pool, the writer's identity map) is worth replacing at the end of a
/// message: every object or string of a message is stored in it, a store of a young object that the write barrier
/// follows to the card table once the table is older than generation 0; into a table of generation 0 it returns after
/// its first test. So a table that survived a collection is dropped, with what it holds, for a new one of the same size
/// (docs/perf/notes.md, "The DTO tree's read: the bodies, the pool and the write barrier").
/// </summary>
internal static class YoungTable
{
    // Up to this size (below the large object heap's 85,000 bytes, whose arrays are never young) a table is replaced.
    private const int MaxBytes = 64 * 1024;

    // The fewest entries a message stored after which the table's generation is asked: the question costs about what
    // the barrier saves on this many stores.
    private const int MinUsed = 32;

    /// <summary>
    /// True when the message stored enough in <paramref name="table"/> (<paramref name="used"/> entries) to pay for asking,
    /// the table is small enough to be allocated young again, and a collection has promoted it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool ShouldReplace<T>(T[] table, int used) =>
        used >= MinUsed && (long)table.Length * Unsafe.SizeOf<T>() <= MaxBytes && GC.GetGeneration(table) != 0;
}
