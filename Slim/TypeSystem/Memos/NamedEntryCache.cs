using NFX.IO;

namespace NFX.Slim.TypeSystem.Memos;

/// <summary>
/// The last few named type entries a read session resolved, keyed by their raw bytes (name and assembly, each with its
/// length prefix). In PerCall mode every message names the same few types again: a byte comparison replaces hashing
/// the names twice and the resolver's lookup. The same bytes always resolve to the same type (the resolver keeps every
/// name it resolved), and everything after the names (registry, layout, policy) is still read and checked per message.
/// </summary>
internal sealed class NamedEntryCache
{
    // Longer entries are rare (nested generic names are separate entries) and not worth comparing byte by byte.
    private const int MaxEntryBytes = 512;
    private const int Capacity = 8;

    private readonly Entry[] _entries = new Entry[Capacity];
    private int _next;

    private readonly struct Entry(byte[] bytes, Type type, ulong hash)
    {
        public byte[] Bytes { get; } = bytes;
        public Type Type { get; } = type;
        public ulong Hash { get; } = hash;
    }

    /// <summary>When the unread bytes of <paramref name="reader"/> start with a cached entry, skips it and returns its type.</summary>
    public bool TryRead(SlimReader reader, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Type? type, out ulong entryHash)
    {
        ReadOnlySpan<byte> unread = reader.UnreadBuffered;
        foreach (Entry entry in _entries)
        {
            if (entry.Bytes is null)
            {
                break;
            }
            if (unread.StartsWith(entry.Bytes))
            {
                reader.Skip(entry.Bytes.Length);
                type = entry.Type;
                entryHash = entry.Hash;
                return true;
            }
        }
        type = null;
        entryHash = 0;
        return false;
    }

    /// <summary>Remembers an entry read from <paramref name="start"/> to the reader's position that resolved to <paramref name="type"/>.</summary>
    public void Add(SlimReader reader, long start, Type type, ulong entryHash)
    {
        if (!reader.TryGetBytesReadSince(start, out ReadOnlySpan<byte> bytes) || bytes.Length > MaxEntryBytes)
        {
            return;
        }
        _entries[_next] = new Entry(bytes.ToArray(), type, entryHash);
        _next = (_next + 1) % Capacity;
    }
}
