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
internal sealed class ReadEntryLink(EntryMemo entries, int depth, Type type, int handle, int index, EntryMemo? previous, int countBefore = -1, int countAfter = -1)
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

    /// <summary>
    /// <see cref="RestoresAfter"/> when the entry's new handle (the registry's count before it) is one byte, else null: the
    /// key of the generated reader's in-place test (<c>ReadSession.TryReadTypedInPlace</c>). A registry that holds this very
    /// array holds what the link was recorded against: a restored snapshot is only ever installed by its own memo, with
    /// that memo's checksum and its length as the learned count (<see cref="TypeRegistry.RestoreOverSnapshot"/>, and any
    /// add copies it away first), and <see cref="RestoresAfter"/> is set only when this link's checksum before is that
    /// memo's checksum after. So the one reference test stands for the registry's count, its checksum and the chain's
    /// place (the tests <c>ReadChainedEntry</c> makes), and the handle byte and the count after are these fields.
    /// </summary>
    public TypeRegistry.LearnedType[]? InPlaceKey { get; } =
        (uint)countBefore < 0x80 && previous is not null && entries.RestoresRightAfter(previous) ? previous.RestoredLearned : null;

    /// <summary>The entry's new handle as its one byte (the registry's count before it) where <see cref="InPlaceKey"/> is set.</summary>
    public byte HandleByte { get; } = (byte)countBefore;

    /// <summary>
    /// <see cref="HandleByte"/> then the entry's bytes (<see cref="EntryMemo.Recorded"/>), where <see cref="InPlaceKey"/> is
    /// set: what the generated reader compares at once after <c>NewWithType</c>; else empty.
    /// </summary>
    public byte[] HandleAndEntry { get; } = (uint)countBefore < 0x80 ? [(byte)countBefore, .. entries.Recorded.Bytes] : [];

    /// <summary>The registry's count after the entry, where <see cref="InPlaceKey"/> is set.</summary>
    public int CountAfter { get; } = countAfter;

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
