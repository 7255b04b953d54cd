using NFX.Slim.Layouts;


namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// A member list as last encoded (writer) or decoded (reader) for one type, so a repeated layout costs one comparison
/// and a copy instead of an encoding or a decoding: the exact bytes, the registry state they were read or written
/// against, and what they did to the registry (the entries of member types they added, with any reading plans).
/// Immutable, so sessions on several threads share it; a new layout replaces it.
/// </summary>
/// <remarks>
/// The bytes mean the same thing again only against the same registry: handles below the registry's count name the
/// types already there, and a handle equal to the count opens a new entry. So a memo applies only when the types the
/// registry learned before it are exactly <see cref="Learned"/> (same types, same order: the shared template is fixed
/// per serializer), and, on the reader, at the same nesting depth (the depth limit counts nested entries).
/// </remarks>
internal sealed class LayoutMemo(Type[] learned, int depth, byte[] bytes, LayoutMemo.Entry[] added, LayoutPlan? plan)
{
    /// <summary>The longest member list remembered; longer ones are encoded or decoded every time.</summary>
    public const int MaxBytes = 16 * 1024;

    /// <summary>The types the registry had learned (beyond its template) before the list.</summary>
    public Type[] Learned { get; } = learned;

    /// <summary>The reader's nesting depth at the list (0 on the writer).</summary>
    public int Depth { get; } = depth;

    /// <summary>The member list exactly as it crossed the wire.</summary>
    public byte[] Bytes { get; } = bytes;

    /// <summary>The entries the list added to the registry, in order.</summary>
    public Entry[] Added { get; } = added;

    /// <summary>On the reader: the plan for the type's bodies when the list differs from the local layout; null when equal.</summary>
    public LayoutPlan? Plan { get; } = plan;

    /// <summary>True when the registry is in the state the memo was made in.</summary>
    public bool Fits(TypeRegistry registry, int depth) => depth == Depth && registry.LearnedEquals(Learned);

    /// <summary>Adds the entries the list added, as decoding or encoding it would.</summary>
    public void Replay(TypeRegistry registry)
    {
        foreach (Entry entry in Added)
        {
            registry.Add(entry.Type, entry.Hash);
            if (entry.Plan is not null)
            {
                registry.SetPlan(entry.Type, entry.Plan);
            }
        }
    }

    /// <summary>
    /// Remembers the list just processed: <paramref name="bytes"/> are its bytes, the registry grew from
    /// <paramref name="countBefore"/> entries while it was processed. Without <paramref name="learned"/>, the types learned
    /// before are not copied (<see cref="Learned"/> is empty): for a memo whose fit is known otherwise.
    /// </summary>
    public static LayoutMemo Capture(TypeRegistry registry, int countBefore, int depth, ReadOnlySpan<byte> bytes, LayoutPlan? plan, bool learned = true)
    {
        var added = new Entry[registry.Count - countBefore];
        for (int i = 0; i < added.Length; i++)
        {
            Type type = registry[countBefore + i];
            registry.TryGetPlan(type, out LayoutPlan? entryPlan);
            added[i] = new Entry(type, registry.EntryHash(countBefore + i), entryPlan);
        }
        return new LayoutMemo(learned ? registry.Learned(countBefore) : [], depth, bytes.ToArray(), added, plan);
    }

    /// <summary>One registry entry a member list added: the type, its entry hash, and its reading plan if it has one.</summary>
    public readonly record struct Entry(Type Type, ulong Hash, LayoutPlan? Plan);
}
