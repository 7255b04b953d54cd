using NFX.Slim.CodeGen;

namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// A serializer's last few <see cref="RootPrefixMemo"/>s, shared by its read sessions (a session made for a concurrent
/// call starts warm). Slots are replaced round-robin by whole immutable memos, so a racing reader sees an old memo or a
/// new one, never a torn one; a lost update only costs one more full read.
/// </summary>
internal sealed class RootPrefixMemos
{
    /// <summary>The longest prefix remembered; longer ones (root types with long member lists) are read every time.</summary>
    public const int MaxBytes = 4 * 1024;

    private const int Capacity = 4;

    /// <summary>
    /// A start read in full is remembered only every this many times, so a reader of more root types in rotation than
    /// it keeps does not allocate a memo for every message (the writer's type-entry memo retries likewise).
    /// </summary>
    private const int Retries = 4;

    private readonly RootPrefixMemo?[] _memos = new RootPrefixMemo?[Capacity];
    private int _next;
    private int _unremembered; // starts read in full since the last one remembered (racing increments only delay one)

    /// <summary>The memo whose bytes start <paramref name="unread"/>, made under <paramref name="admission"/> for <paramref name="slot"/>; or null.</summary>
    public RootPrefixMemo? Find(ReadOnlySpan<byte> unread, TypeAdmission admission, ReferenceSlot slot)
    {
        foreach (RootPrefixMemo? memo in _memos)
        {
            if (memo is not null && memo.Admission == admission && memo.Slot == slot && unread.StartsWith(memo.Prefix.Recorded.Bytes))
            {
                return memo;
            }
        }
        return null;
    }

    /// <summary>
    /// Remembers the prefix just read (<paramref name="bytes"/>, from a registry that was its template; the root's handle at
    /// <paramref name="rootHandleAt"/>) whose root
    /// resolved to <paramref name="codec"/>.
    /// </summary>
    public void Add(ReadOnlySpan<byte> bytes, int rootHandleAt, TypeRegistry registry, SlimCodec codec, TypeAdmission admission, ReferenceSlot slot)
    {
        if (bytes.Length > MaxBytes || _unremembered++ % Retries != 0)
        {
            return;
        }
        var memo = new RootPrefixMemo(EntryMemo.Capture(registry, registry.Count - registry.LearnedCount, registry.TemplateChecksum, bytes), rootHandleAt, codec, admission, slot);
        int next = _next;
        _memos[next] = memo;
        _next = (next + 1) % Capacity;
    }
}
