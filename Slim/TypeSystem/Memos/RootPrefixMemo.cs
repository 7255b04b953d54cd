using NFX.Slim.CodeGen;

namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// The start of a message as last read for one root type: the registry stamp, the root's handle and its type entry
/// (name, assembly and layout, with any entries the layout named), exactly as they crossed the wire, and what reading
/// them produced: the registry entries added and the root's codec, checked against the policy and the root slot.
/// A PerCall message repeats these bytes every time; one comparison then replaces reading them.
/// </summary>
/// <remarks>
/// The bytes mean the same again only from the same starting point: a registry that is exactly its template (the
/// template is fixed per serializer, and the stamp, part of the bytes, names it), the same policy scope and the same
/// root slot. Reading the same bytes from there always resolves the same types and passes the same checks, so what is
/// skipped cannot have decided anything else. Immutable: sessions on several threads share it.
/// </remarks>
internal sealed class RootPrefixMemo(EntryMemo prefix, int rootHandleAt, SlimCodec codec, TypeAdmission admission, ReferenceSlot slot)
{
    /// <summary>The stamp, root handle and type entry bytes, and the registry entries they added (with their reading plans).</summary>
    public EntryMemo Prefix { get; } = prefix;

    /// <summary>Where in the prefix's bytes the root's handle starts (the offset its errors name).</summary>
    public int RootHandleAt { get; } = rootHandleAt;

    /// <summary>The root's codec, before any reading plan (as the handle resolved it).</summary>
    public SlimCodec Codec { get; } = codec;

    /// <summary>The policy scope the root type passed.</summary>
    public TypeAdmission Admission { get; } = admission;

    /// <summary>The slot the root type was checked against.</summary>
    public ReferenceSlot Slot { get; } = slot;

    /// <summary>
    /// The root's generated body when the session may read the root in place (<c>ReadSession.ReadRootInPlace</c>): the
    /// codec is a plain class codec whose body is exactly that generated body's, with no serialization callbacks, an
    /// empty header and no structural reach, so <c>AnnounceNew</c>'s tests for them would all pass by; else null.
    /// </summary>
    public Generated.GeneratedBody? RootBody { get; } =
        codec is ObjectCodec { Generated: { } body, Callbacks: null, HeaderIsEmpty: true, IsStructural: false } objectCodec &&
        objectCodec.ReadsThroughGenerated ? body : null;
}
