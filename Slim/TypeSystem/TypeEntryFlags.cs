namespace NFX.Slim.TypeSystem;

/// <summary>
/// The high bits of a type entry's kind byte (docs/FORMAT.md, "Layouts"): what describes the layout of a type whose
/// bytes are its own fields. The low 4 bits are the <see cref="WireTypeEntry"/>.
/// <code>
/// 0000 kkkk  no layout (types written by dedicated codecs, framework types, arrays)
/// 0001 kkkk  4-byte layout fingerprint follows the entry (strict)
/// 0010 kkkk  member list follows the entry (version-tolerant)
/// </code>
/// </summary>
internal static class TypeEntryFlags
{
    public const byte KindMask = 0x0F;
    public const byte Fingerprint = 0x10;
    public const byte MemberList = 0x20;
    public const byte LayoutMask = Fingerprint | MemberList;
}
