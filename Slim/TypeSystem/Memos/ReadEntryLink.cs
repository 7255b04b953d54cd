using NFX.Slim.CodeGen;

namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// A type entry a read session read in a PerCall message whose start it replayed (<see cref="RootPrefixMemo"/>), as a
/// link of a chain: the entries such a message reads after its start, in order, each read when the registry held
/// exactly the template, the start's entries and the entries of the links before it. The next message of the same
/// start that reaches a link with nothing else learned meets the registry in that same state, so the same bytes read
/// at the same depth resolve the same types and pass the same checks: one comparison and a replay of the entries
/// (with their checksums) replace reading them. Owned by one read session; not shared.
/// </summary>
internal sealed class ReadEntryLink(EntryMemo entries, int depth, Type type, int handle, int index, EntryMemo? previous)
{
    /// <summary>The longest entry remembered (a name, an assembly and a layout, with any part entries).</summary>
    public const int MaxBytes = 4 * 1024;

    /// <summary>The most links a chain has: a message of more entries reads the rest in full (a session keeps little).</summary>
    public const int MaxLinks = 32;

    /// <summary>The link's place in its chain (0: the first entry after the start).</summary>
    public int Index { get; } = index;

    /// <summary>The entry's bytes, from its kind byte to the end of its layout, and the registry entries it added.</summary>
    public EntryMemo Entries { get; } = entries;

    /// <summary>
    /// The snapshot of learned types the step before this link restores (the message start's or the previous link's),
    /// when this link's replay right after it is a restore too (<see cref="EntryMemo.RestoresRightAfter(EntryMemo)"/>,
    /// checked once here): a registry that still holds that very array (and the checksum the caller checks) takes
    /// <see cref="Entries"/>' restore in three stores, without <see cref="EntryMemo.Replay"/>'s tests. Null otherwise.
    /// </summary>
    public TypeRegistry.LearnedType[]? RestoresAfter { get; } =
        previous is not null && entries.RestoresRightAfter(previous) ? previous.RestoredLearned : null;

    /// <summary>The session's nesting depth while the entry was read (the depth limit counts nested entries).</summary>
    public int Depth { get; } = depth;

    /// <summary>The type the entry resolved to.</summary>
    public Type Type { get; } = type;

    /// <summary>The handle the entry took (or, for a composite entry, the handle its type already had).</summary>
    public int Handle { get; } = handle;

    /// <summary>
    /// The policy scope under which an object of <see cref="Type"/> announced with this entry passed the policy, the slot
    /// it was checked against, and the codec it was read with (see <see cref="VerdictCodec"/>); null until one was.
    /// </summary>
    public TypeAdmission? VerdictAdmission;

    /// <summary>The slot of <see cref="VerdictAdmission"/>'s verdict.</summary>
    public ReferenceSlot? VerdictSlot;

    /// <summary>The codec of <see cref="VerdictAdmission"/>'s verdict.</summary>
    public SlimCodec? VerdictCodec;
}
