using NFX.Slim.Layouts;

namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// What a writer knows of the types it last wrote as new registry entries: for each of the last eight, the entry's
/// facts (its <see cref="WireTypeInfo"/> and local layout, fixed for the life of the serializer) and the memo of the
/// bytes it wrote (<see cref="EntryMemo"/>); and the memo of the entry a message wrote first, against the bare
/// template. A PerCall writer writes the same few entries in every message against the same registry state, so these
/// answer instead of the shared concurrent tables and the encoding. One write session holds one (no locks) and keeps it
/// across its messages.
/// </summary>
internal sealed class EntryFactCache
{
    /// <summary>
    /// A memo that no longer fits (the types before it in the message changed) is replaced only every this many misses,
    /// so messages whose types come in ever different orders do not allocate a new memo for every entry.
    /// </summary>
    public const int MemoRetries = 4;

    private readonly EntryFact[] _facts = new EntryFact[8];
    private int _next;
    private object? _firstEntryType;
    private EntryMemo? _firstEntry;

    /// <summary>
    /// The memo of the entry a message wrote first against the bare template, when it is <paramref name="type"/>'s, else
    /// null: it found the type outside the template (which never changes), so it answers whenever the registry is the
    /// bare template again.
    /// </summary>
    public EntryMemo? FirstEntryOf(Type type) => ReferenceEquals(type, _firstEntryType) ? _firstEntry : null;

    /// <summary>Remembers <paramref name="memo"/>, just written or replayed for <paramref name="type"/>, as the first entry when it was made against the bare template.</summary>
    public void RememberFirstEntry(Type type, EntryMemo memo)
    {
        if (memo.Recorded.Learned.Length == 0)
        {
            _firstEntryType = type;
            _firstEntry = memo;
        }
    }

    /// <summary>
    /// <paramref name="type"/>'s facts, looked up (in <paramref name="registry"/> and <paramref name="layouts"/>) and kept on
    /// a miss. Writing the entry's parts may give the slot to another type: check <see cref="EntryFact.Type"/> after.
    /// </summary>
    public ref EntryFact For(Type type, TypeRegistry registry, LayoutCatalog layouts)
    {
        EntryFact[] facts = _facts;
        for (int i = 0; i < facts.Length; i++)
        {
            if (facts[i].Type == type)
            {
                return ref facts[i];
            }
        }
        WireTypeInfo info = registry.Info(type);
        LocalLayout? layout = info.Kind == WireTypeEntry.Array ? null : layouts.Of(type);
        int slot = _next;
        facts[slot] = new EntryFact { Type = type, Info = info, Layout = layout };
        _next = (slot + 1) & (facts.Length - 1);
        return ref facts[slot];
    }
}

/// <summary>A type's entry facts, and the memo of its entry as last written (with how often it did not fit since).</summary>
internal struct EntryFact
{
    public Type? Type;
    public WireTypeInfo Info;
    public LocalLayout? Layout;
    public EntryMemo? Memo;
    public int MemoMisses;
}
