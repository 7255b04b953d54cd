using System.Runtime.CompilerServices;
using NFX.Slim.Layouts;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;

namespace NFX.Slim.Session;

internal sealed partial class WriteSession
{
    /// <summary>
    /// The last few types whose layouts are known to be in the registry: a tree of a few DTO types alternates between
    /// them, and four compares inlined where an object is announced are cheaper than a call, let alone the registry's
    /// lookup, for every object. Held as object: types compare by reference anyway.
    /// </summary>
    private FourTypes _layoutsSent;
    private int _nextLayoutSent;

    [InlineArray(4)]
    private struct FourTypes
    {
        private object? _first;
    }

    /// <summary>The facts and memos of the last types written as new entries: kept across messages.</summary>
    private readonly EntryFactCache _entryFacts = new();

    /// <summary>
    /// True when <paramref name="type"/> (whose bytes follow a field layout) already crossed as a type entry, with its
    /// layout. Until then an object of that type is announced with its type handle even where the slot's declared type
    /// would allow none, so every layout reaches the reader before the first body that depends on it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool LayoutSent(Type type) => LayoutSentRecently(type) || LayoutSentInRegistry(type);

    /// <summary>True when <paramref name="type"/> is among the last four types whose layouts were sent (see <see cref="LayoutSent"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool LayoutSentRecently(Type type) =>
        ReferenceEquals(type, _layoutsSent[0]) || ReferenceEquals(type, _layoutsSent[1]) ||
        ReferenceEquals(type, _layoutsSent[2]) || ReferenceEquals(type, _layoutsSent[3]);

    /// <summary><see cref="LayoutSent"/> for a type not among the last four: the registry's answer, remembered when yes.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool LayoutSentInRegistry(Type type)
    {
        // The entries WriteTypeHandle replays are of types not in the registry (a first entry against the bare template,
        // or the one the chain writes next): no lookup needed to know it.
        if (_registry.LearnedCount == 0
            ? _entryFacts.FirstEntryOf(type) is not null
            : _chainTail is { } tail && ReferenceEquals(tail.NextType, type) && _chainCount == _registry.Count)
        {
            return false;
        }
        if (_registry.TryGetHandle(type, out int handle))
        {
            NoteLayoutSent(type, handle);
            return true;
        }
        return false;
    }

    /// <summary>
    /// Remembers <paramref name="type"/>, whose registry handle is <paramref name="handle"/>, among the last four types
    /// sent: after <see cref="LayoutSent"/>'s registry lookup, and right after its entry was written (so the next object
    /// of the type, which the registry would answer for, is answered by the four compares).
    /// </summary>
    private void NoteLayoutSent(Type type, int handle)
    {
        int slot = _nextLayoutSent;
        _layoutsSent[slot] = type;
        // A type of the template stays sent in every message: kept across them (see ForgetLayoutsSent).
        int bit = 1 << slot;
        _templateLayoutsSent = handle < _registry.Count - _registry.LearnedCount ? _templateLayoutsSent | bit : _templateLayoutsSent & ~bit;
        _nextLayoutSent = (slot + 1) & 3;
    }

    /// <summary>
    /// One bit per slot of <see cref="_layoutsSent"/> whose type is in the template, which no message changes (and every
    /// registry the session writes with, its own or the Batch one, starts from the serializer's one template).
    /// </summary>
    private int _templateLayoutsSent;

    /// <summary>Forgets the learned types known to be sent (the registry they were sent in is reset or truncated).</summary>
    private void ForgetLayoutsSent()
    {
        _chainTail = null; // the registry is reset, or truncated after a failed attempt
        int keep = _templateLayoutsSent;
        if (keep == 0b1111)
        {
            return;
        }
        for (int i = 0; i < 4; i++)
        {
            if ((keep & 1 << i) == 0)
            {
                _layoutsSent[i] = null;
            }
        }
    }

    /// <summary>
    /// The memo this message replayed last, while the registry still has the <see cref="_chainCount"/> entries the
    /// replay left (it only grows within a message, so an equal count means nothing was learned since): its
    /// <see cref="EntryMemo.Next"/> fits, so a PerCall message replays its entries one after the other without a scan
    /// of the registry or the fact cache. Forgotten with the message.
    /// </summary>
    private EntryMemo? _chainTail;
    private int _chainCount;

    /// <summary>Writes a type as its registry handle, adding it (and its parts) on first sight; returns the handle.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)] // into Announce, where a message's root writes its entry
    public int WriteTypeHandle(Type type)
    {
        TypeRegistry registry = _registry;
        // The first entry of a PerCall message (the root's, mostly) meets the registry as its template left it; the
        // next ones, the state the entry before left, as when they were written after it (so the type is not in it).
        EntryMemo? memo = registry.LearnedCount == 0 ? _entryFacts.FirstEntryOf(type)
            : _chainTail is { } tail && ReferenceEquals(tail.NextType, type) && _chainCount == registry.Count ? tail.Next : null;
        if (memo is not null)
        {
            if (registry.LearnedCount == 0 && memo.RestoresFromNothingIn(registry))
            {
                // A first entry recorded against the bare template: what Replay would check and do, here (the
                // checksum stands for the template).
                Writer.WriteShortRawBytes(memo.Recorded.Bytes);
                int countBefore = registry.Count;
                memo.RestoreOver(registry);
                _chainTail = memo;
                _chainCount = registry.Count;
                return memo.HandleOf(type, countBefore);
            }
            return ReplayEntry(type, memo);
        }
        if (registry.TryGetHandle(type, out int handle))
        {
            Writer.WriteVarUInt32((uint)handle);
            return handle;
        }
        return WriteNewOrRemembered(type);
    }

    /// <summary>
    /// <see cref="WriteTypeHandle"/> for a type not in the registry: its remembered entry when that fits, else written
    /// (and remembered). Out of line, so the common answers above stay small enough to inline.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private int WriteNewOrRemembered(Type type)
    {
        int handle;
        ref EntryFact fact = ref _entryFacts.For(type, _registry, _owner.Layouts);
        // A PerCall writer writes the same few entries in every message, against the same registry state: the bytes
        // it wrote last time, and the registry entries they added, are the answer again.
        if (fact.Memo is { } memo)
        {
            if (memo.Recorded.Fits(_registry, 0))
            {
                fact.MemoMisses = 0;
                _entryFacts.RememberFirstEntry(type, memo);
                if (_chainTail is { } previous && _chainCount == _registry.Count)
                {
                    previous.NextType = type;
                    previous.Next = memo;
                    previous.NextRestored = memo.RestoresRightAfter(previous, type) ? memo : null;
                }
                return ReplayEntry(type, memo);
            }
            fact.MemoMisses++;
        }
        long start = Writer.Position;
        int countBefore = _registry.Count;
        ulong checksumBefore = _registry.RunningChecksum;
        handle = WriteNewEntry(type, fact.Info, fact.Layout);
        // The entry's parts may have taken this fact's place in the cache meanwhile.
        if (fact.Type == type && fact.MemoMisses % EntryFactCache.MemoRetries == 0 &&
            Writer.TryGetWrittenSince(start, out ReadOnlySpan<byte> written) && written.Length <= LayoutMemo.MaxBytes)
        {
            fact.Memo = EntryMemo.Capture(_registry, countBefore, checksumBefore, written);
            _entryFacts.RememberFirstEntry(type, fact.Memo);
        }
        return handle;
    }

    /// <summary>Writes a remembered entry's bytes and adds its entries to the registry, as writing it again would.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)] // the restoring replays are inline in the callers; this is the rest
    private int ReplayEntry(Type type, EntryMemo memo)
    {
        Writer.WriteRawBytes(memo.Recorded.Bytes);
        // A memo holds every entry its bytes registered, the type itself included.
        int handle = memo.Replay(_registry, type);
        _chainTail = memo;
        _chainCount = _registry.Count;
        return handle;
    }

    /// <summary>Writes the handle of a type that is not in the registry, its entry (new parts first) and its layout.</summary>
    private int WriteNewEntry(Type type, WireTypeInfo info, LocalLayout? layout)
    {
        int handle = _registry.Count;
        Writer.WriteVarUInt32((uint)handle);
        bool tolerant = _owner.Options.Versioning == SlimVersioning.Tolerant;
        byte layoutFlag = layout is null ? (byte)0 : tolerant ? TypeEntryFlags.MemberList : TypeEntryFlags.Fingerprint;
        Writer.WriteByte((byte)((byte)info.Kind | layoutFlag));
        ulong entryHash;
        switch (info.Kind)
        {
            case WireTypeEntry.Array:
            {
                Writer.WriteByte(info.Rank);
                int element = WriteTypeHandle(info.Parts[0]);
                entryHash = TypeRegistry.WireEntryHash(info.Kind, [], [], [element], info.Rank);
                break;
            }
            case WireTypeEntry.Generic:
                entryHash = WriteGenericParts(info);
                break;
            default:
                Writer.WriteRawBytes(info.NamedEntryBytes);
                entryHash = info.NamedWireHash;
                break;
        }
        if (_registry.TryGetHandle(type, out int registeredByPart))
        {
            // A part's layout named this very type (Employee's member list holds a List<Employee> while List<Employee>'s
            // entry is writing its part Employee): that inner entry registered it, and this one resolves to it. The
            // reader does the same (ReadSession.ReadTypeEntry).
            return registeredByPart;
        }
        // Registered before its layout, so a member whose type is the type itself (a linked node) is a plain handle.
        // Its handle is where it lands now, after its new parts: the value written above is the registry's count when
        // the entry began (what the reader checks), which is a part's handle, not this type's, when a part was new too.
        handle = _registry.Count;
        _registry.Add(type, entryHash);
        if (layout is not null)
        {
            if (tolerant)
            {
                WriteMemberList(layout);
            }
            else
            {
                Writer.WriteFixed32(layout.Fingerprint);
            }
        }
        return handle;
    }

    /// <summary>A generic entry's parts (the definition, then the count and handles of the arguments); its entry hash.</summary>
    /// <remarks>
    /// A method of its own: a loop with a stackalloc cannot start at tier 0, so the JIT compiled all of WriteNewEntry
    /// (493 bytes of IL) fully optimized at a fresh process's first type entry; now only these lines, at its first generic one.
    /// </remarks>
    private ulong WriteGenericParts(WireTypeInfo info)
    {
        Span<int> parts = info.Parts.Length <= 16 ? stackalloc int[info.Parts.Length] : new int[info.Parts.Length];
        parts[0] = WriteTypeHandle(info.Parts[0]);
        Writer.WriteVarUInt32((uint)info.Parts.Length - 1);
        for (int i = 1; i < info.Parts.Length; i++)
        {
            parts[i] = WriteTypeHandle(info.Parts[i]);
        }
        return TypeRegistry.WireEntryHash(info.Kind, [], [], parts, 0);
    }

    /// <summary>
    /// The layout of a version-tolerant entry. A list already written against the same registry state is copied from
    /// its memo (PerCall writers repeat the same lists in every message); otherwise it is encoded and remembered.
    /// </summary>
    private void WriteMemberList(LocalLayout layout)
    {
        if (layout.LastWritten is { } memo && memo.Fits(_registry, 0))
        {
            Writer.WriteRawBytes(memo.Bytes);
            memo.Replay(_registry);
            return;
        }
        long start = Writer.Position;
        int countBefore = _registry.Count;
        EncodeMemberList(layout);
        if (Writer.TryGetWrittenSince(start, out ReadOnlySpan<byte> written) && written.Length <= LayoutMemo.MaxBytes)
        {
            layout.LastWritten = LayoutMemo.Capture(_registry, countBefore, 0, written, null);
        }
    }

    /// <summary>LEB128 count, then per member its UTF-8 name and its wire type handle (new entries included).</summary>
    private void EncodeMemberList(LocalLayout layout)
    {
        Writer.WriteVarUInt32((uint)layout.Names.Length);
        for (int i = 0; i < layout.Names.Length; i++)
        {
            byte[] name = layout.Names[i];
            Writer.WriteVarUInt32((uint)name.Length + 1);
            Writer.WriteRawBytes(name);
            WriteTypeHandle(layout.WireTypes[i]);
        }
    }
}
