using NFX.Slim.Layouts;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Session;

/// <summary>
/// A type entry as a writer last wrote it: its bytes and the registry entries they added (<see cref="Written"/>), and
/// the registry's running checksum before the entry and after each entry it added. Folding an entry hash into the
/// checksum is eight dependent multiplications; a replay that starts from the same checksum sets the remembered ones
/// instead, which is exactly what folding would give.
/// </summary>
internal sealed class EntryMemo(LayoutMemo written, ulong checksumBefore, ulong[] checksumsAfter)
{
    /// <summary>The bytes, the learned types they were written against, and the entries they added.</summary>
    public LayoutMemo Written { get; } = written;

    /// <summary>The registry's running checksum when the entry began.</summary>
    public ulong ChecksumBefore { get; } = checksumBefore;

    /// <summary>The running checksum after each entry of <see cref="LayoutMemo.Added"/>, from <see cref="ChecksumBefore"/>.</summary>
    public ulong[] ChecksumsAfter { get; } = checksumsAfter;

    /// <summary>
    /// Remembers the entry just written: <paramref name="bytes"/> are its bytes; the registry grew from
    /// <paramref name="countBefore"/> entries and from <paramref name="checksumBefore"/> while it was written.
    /// </summary>
    public static EntryMemo Capture(TypeRegistry registry, int countBefore, ulong checksumBefore, ReadOnlySpan<byte> bytes)
    {
        LayoutMemo written = LayoutMemo.Capture(registry, countBefore, 0, bytes, null);
        var after = new ulong[written.Added.Length];
        ulong checksum = checksumBefore;
        for (int i = 0; i < after.Length; i++)
        {
            checksum = RegistryChecksum.Combine(checksum, written.Added[i].Hash);
            after[i] = checksum;
        }
        return new EntryMemo(written, checksumBefore, after);
    }
}
