using System.Text;
using NFX.Slim.CodeGen;
using NFX.Slim.Layouts;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;

namespace NFX.Slim.Session;

internal sealed partial class ReadSession
{
    /// <summary>The most UTF-8 bytes of a type or assembly name in a type entry (names are at most 1024 characters).</summary>
    private const int MaxTypeNameBytes = 4096;

    /// <summary>The most UTF-8 bytes of a member name in a layout (field names are far shorter).</summary>
    private const int MaxMemberNameBytes = 1024;

    private readonly NamedEntryCache _namedEntries = new();

    /// <summary>A chain's entry that did not match is recorded in its place only every this many times (no memo per message in a rotation).</summary>
    private const int ChainRetries = 4;

    private RootPrefixMemo? _chainRoot;  // the message start whose entries _chainLinks follow
    private ReadEntryLink?[]? _chainLinks; // the entries read after that start, in order (made at the first one)
    private int _chainLinkCount;         // how many of _chainLinks are the chain's
    private int _chainAtIndex = -1;      // the last link replayed or recorded in this message (-1: at its start); an index, so
                                         // moving along the chain stores no reference (no write barrier)
    private int _chainCount = -1;        // the registry's count after _chainAtIndex (or the start); -1: no chain in this message
    private int _chainMisses;            // chain entries that did not match (see ChainRetries)
    private ReadEntryLink? _entryLink;   // the link of the last entry read through the chain (ReadNewObject keeps its verdict)

    /// <summary>Reads a type handle; a new entry is resolved among loaded assemblies only (never loaded).</summary>
    public Type ReadTypeHandle() => ReadTypeHandle(out _);

    private Type ReadTypeHandle(out int handle)
    {
        long offset = Reader.Position;
        uint value = Reader.ReadVarUInt32();
        int count = _registry.Count;
        if (value < (uint)count)
        {
            handle = (int)value;
            return _registry[handle];
        }
        if (value != (uint)count)
        {
            SlimThrow.BadTypeHandle(value, count, offset);
        }
        if (++_depth > _limits.MaxDepth)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxDepth), _depth, _limits.MaxDepth, offset);
        }
        Type type = _chainCount == count ? ReadChainedEntry(offset, out handle) : ReadTypeEntry(offset, out handle);
        _depth--;
        return type;
    }

    /// <summary>
    /// Reads a new entry met with nothing learned since the message's replayed start or its last chained entry
    /// (<see cref="ReadEntryLink"/>): the bytes the chain expects here are skipped and their entries replayed; any other
    /// entry is read in full and becomes the chain's link here (the first time, then after every few misses).
    /// </summary>
    private Type ReadChainedEntry(long offset, out int handle)
    {
        ReadEntryLink? link = NextChainLink();
        if (link is not null && link.Depth == _depth && link.Entries.ChecksumBefore == _registry.RunningChecksum &&
            Reader.UnreadBuffered.StartsWith(link.Entries.Recorded.Bytes))
        {
            Reader.Skip(link.Entries.Recorded.Bytes.Length);
            ReplayLink(link);
            _chainAtIndex++;
            _chainCount = _registry.Count;
            _entryLink = link;
            handle = link.Handle;
            return link.Type;
        }
        int countBefore = _registry.Count;
        ulong checksumBefore = _registry.RunningChecksum;
        long start = Reader.Position;
        _chainCount = -1; // the entries of its parts and layout are read inside it, not as links of their own
        Type type = ReadTypeEntry(offset, out handle);
        int index = _chainAtIndex + 1;
        if ((link is null || ++_chainMisses % ChainRetries == 0) && index < ReadEntryLink.MaxLinks &&
            Reader.TryGetBytesReadSince(start, out ReadOnlySpan<byte> bytes) && bytes.Length <= ReadEntryLink.MaxBytes)
        {
            var entries = EntryMemo.Capture(_registry, countBefore, checksumBefore, bytes, learned: false);
            ReadEntryLink?[] links = _chainLinks ??= new ReadEntryLink?[ReadEntryLink.MaxLinks];
            // The step before it in this message: the start's entries or the link just replayed or recorded at index - 1.
            EntryMemo? previous = index == 0 ? _chainRoot?.Prefix : links[index - 1]?.Entries;
            var recorded = new ReadEntryLink(entries, _depth, type, handle, index, previous, countBefore, _registry.Count);
            links[index] = recorded;
            // The links after it followed the entry it replaces: the chain ends here until it grows again.
            Array.Clear(links, index + 1, Math.Max(0, _chainLinkCount - index - 1));
            _chainLinkCount = index + 1;
            _chainAtIndex = index;
            _chainCount = _registry.Count;
            _entryLink = recorded;
        }
        return type;
    }

    /// <summary>
    /// Adds a matched link's entries to the registry: right after the step it was recorded after restored (the registry
    /// still holds that step's snapshot; the caller checked the checksum), its own snapshot in three stores; else
    /// <see cref="EntryMemo.Replay"/>, which checks and restores or adds.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private void ReplayLink(ReadEntryLink link)
    {
        if (link.RestoresAfter is { } before && _registry.Holds(before))
        {
            link.Entries.RestoreOver(_registry);
            return;
        }
        link.Entries.Replay(_registry, null);
    }

    /// <summary>The chain's link after <see cref="_chainAtIndex"/>, or null at its end.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private ReadEntryLink? NextChainLink()
    {
        int next = _chainAtIndex + 1;
        return next < _chainLinkCount ? _chainLinks![next] : null;
    }

    /// <summary>Forgets the chain (another message start): its links go with it.</summary>
    private void ForgetChain()
    {
        if (_chainLinks is { } links)
        {
            Array.Clear(links, 0, _chainLinkCount);
        }
        _chainLinkCount = 0;
    }

    /// <summary>Reads a new entry, registers it, then reads its layout (after registering, so a member may name the type itself).</summary>
    private Type ReadTypeEntry(long offset, out int handle)
    {
        int countAtStart = _registry.Count;
        byte kindByte = Reader.ReadByte();
        var kind = (WireTypeEntry)(kindByte & TypeEntryFlags.KindMask);
        int layoutFlags = kindByte & TypeEntryFlags.LayoutMask;
        if ((kindByte & ~(TypeEntryFlags.KindMask | TypeEntryFlags.LayoutMask)) != 0 || layoutFlags == TypeEntryFlags.LayoutMask ||
            kind == WireTypeEntry.Array && layoutFlags != 0)
        {
            SlimThrow.Format($"Type entry kind byte 0x{kindByte:X2} is not defined", offset);
        }
        Type type;
        ulong entryHash;
        switch (kind)
        {
            case WireTypeEntry.Named:
                type = ReadNamedEntry(offset, out entryHash);
                break;
            case WireTypeEntry.Generic:
                type = ReadGenericEntry(offset, out entryHash);
                break;
            case WireTypeEntry.Array:
                type = ReadArrayEntry(offset, out entryHash);
                break;
            default:
                SlimThrow.Format($"Unknown type entry kind {(byte)kind}", offset);
                type = null!;
                entryHash = 0;
                break;
        }
        if (_registry.TryGetHandle(type, out int existing))
        {
            if (kind != WireTypeEntry.Named && existing >= countAtStart)
            {
                // Registered while this entry's parts were read (a part's layout names this very type, as the writer
                // found): this entry resolves to that one and carries nothing more.
                handle = existing;
                return type;
            }
            // A writer registers each type once; a repeated entry would desynchronize (or, in Batch mode, corrupt) the registry.
            SlimThrow.Format($"Type entry for '{TypeNames.Describe(type)}' repeats registry handle {existing}", offset);
        }
        handle = _registry.Count;
        _registry.Add(type, entryHash);
        ReadLayout(type, kind, layoutFlags, offset);
        return type;
    }

    private Type ReadNamedEntry(long offset, out ulong entryHash)
    {
        if (_namedEntries.TryRead(Reader, out Type? cached, out entryHash))
        {
            return cached;
        }
        long start = Reader.Position;
        if (!Reader.TryReadStringBytes(out ReadOnlySpan<byte> name) | !Reader.TryReadStringBytes(out ReadOnlySpan<byte> assembly))
        {
            SlimThrow.Format("A type entry has a null name or assembly", offset);
        }
        if (name.Length > MaxTypeNameBytes || assembly.Length > MaxTypeNameBytes)
        {
            // Names are at most 1024 characters (TypeNameResolver): refuse longer ones before decoding them.
            SlimThrow.Format($"A type entry's name or assembly is longer than {MaxTypeNameBytes} bytes", offset);
        }
        entryHash = TypeRegistry.WireEntryHash(WireTypeEntry.Named, name, assembly, [], 0);
        Type? type;
        try
        {
            type = _owner.Resolver.Resolve(assembly, name);
        }
        catch (DecoderFallbackException)
        {
            throw new SlimFormatException($"A type entry's name is not valid UTF-8 (at offset {offset}).", offset);
        }
        if (type is null)
        {
            return SlimThrow.UnknownType<Type>(Encoding.UTF8.GetString(name), Encoding.UTF8.GetString(assembly), offset);
        }
        _namedEntries.Add(Reader, start, type, entryHash);
        return type;
    }

    private Type ReadGenericEntry(long offset, out ulong entryHash)
    {
        Type definition = ReadTypeHandle(out int definitionHandle);
        uint argumentCount = Reader.ReadVarUInt32();
        if (!definition.IsGenericTypeDefinition || argumentCount != (uint)definition.GetGenericArguments().Length)
        {
            SlimThrow.Format($"Type entry names generic arguments for '{TypeNames.Describe(definition)}' that do not fit it", offset);
        }
        var arguments = new Type[argumentCount];
        Span<int> parts = stackalloc int[arguments.Length + 1];
        parts[0] = definitionHandle;
        for (int i = 0; i < arguments.Length; i++)
        {
            arguments[i] = ReadTypeHandle(out parts[i + 1]);
            if (arguments[i].IsGenericTypeDefinition || arguments[i].IsByRefLike || arguments[i].IsPointer)
            {
                SlimThrow.Format($"Type entry uses '{TypeNames.Describe(arguments[i])}' as a generic argument", offset);
            }
        }
        entryHash = TypeRegistry.WireEntryHash(WireTypeEntry.Generic, [], [], parts, 0);
        long nodes = TypeNodes.Of(definition, arguments);
        if (nodes > _limits.MaxTypeNodes)
        {
            // Refused before the runtime makes the type: it spells types out as trees (names, method signatures).
            SlimThrow.Limit(nameof(SlimLimits.MaxTypeNodes), nodes, _limits.MaxTypeNodes, offset);
        }
        try
        {
            return _owner.Resolver.MakeGeneric(definition, arguments);
        }
        catch (Exception e) when (e is ArgumentException or TypeLoadException or NotSupportedException)
        {
            throw new SlimFormatException($"Type entry violates the constraints of '{TypeNames.Describe(definition)}' at offset {offset}: {e.Message}", offset);
        }
    }

    private Type ReadArrayEntry(long offset, out ulong entryHash)
    {
        byte rank = Reader.ReadByte();
        Type element = ReadTypeHandle(out int elementHandle);
        if (rank > 32 || element.IsGenericTypeDefinition || element.IsByRefLike || element == typeof(void) || element.IsPointer)
        {
            SlimThrow.Format($"Array type entry of rank {rank} over '{TypeNames.Describe(element)}' is invalid", offset);
        }
        entryHash = TypeRegistry.WireEntryHash(WireTypeEntry.Array, [], [], [elementHandle], rank);
        long nodes = 1 + TypeNodes.Of(element);
        if (nodes > _limits.MaxTypeNodes)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxTypeNodes), nodes, _limits.MaxTypeNodes, offset);
        }
        try
        {
            return _owner.Resolver.MakeArray(element, rank);
        }
        catch (Exception e) when (e is TypeLoadException or ArgumentException or NotSupportedException)
        {
            throw new SlimFormatException($"Array type entry over '{TypeNames.Describe(element)}' is invalid at offset {offset}: {e.Message}", offset);
        }
    }

    /// <summary>
    /// Checks the layout that follows an entry against this reader's: a fingerprint must equal the local one; a member
    /// list equal to the local one (same names, same wire types, same order) reads with the ordinary codec, and any other
    /// compiles (once) or reuses a reading plan for the class.
    /// </summary>
    private void ReadLayout(Type type, WireTypeEntry kind, int layoutFlags, long offset)
    {
        LocalLayout? local = kind == WireTypeEntry.Array ? null : _owner.Layouts.Of(type);
        switch (layoutFlags)
        {
            case 0:
                if (local is not null)
                {
                    _admission.Check(type); // a type the policy refuses is reported as such, before any layout difference
                    throw LayoutThrow.NoLayoutSent(local, offset);
                }
                break;
            case TypeEntryFlags.Fingerprint:
            {
                uint fingerprint = Reader.ReadFixed32();
                if (local is null || fingerprint != local.Fingerprint)
                {
                    _admission.Check(type);
                    throw LayoutThrow.FingerprintMismatch(type, fingerprint, local, offset);
                }
                break;
            }
            default:
                if (_owner.Options.RequireStrictLayouts)
                {
                    _admission.Check(type);
                    throw LayoutThrow.MemberListRefused(type, local, offset);
                }
                ReadMemberList(type, local, offset);
                break;
        }
    }

    /// <summary>
    /// Reads a version-tolerant layout. A list whose bytes equal the last one read for the type, against the same
    /// registry state, is skipped and its effects replayed from the memo (one comparison instead of a decoding: the
    /// steady state of PerCall messages); any other is decoded, checked and remembered.
    /// </summary>
    private void ReadMemberList(Type type, LocalLayout? local, long offset)
    {
        if (local is not null && local.LastRead is { } memo && memo.Fits(_registry, _depth) && Reader.UnreadBuffered.StartsWith(memo.Bytes))
        {
            Reader.Skip(memo.Bytes.Length);
            memo.Replay(_registry);
            if (memo.Plan is not null)
            {
                _registry.SetPlan(type, memo.Plan);
            }
            return;
        }
        long start = Reader.Position;
        int countBefore = _registry.Count;
        LayoutPlan? plan = DecodeMemberList(type, local, offset);
        if (local is not null && Reader.TryGetBytesReadSince(start, out ReadOnlySpan<byte> read) && read.Length <= LayoutMemo.MaxBytes)
        {
            local.LastRead = LayoutMemo.Capture(_registry, countBefore, _depth, read, plan);
        }
    }

    /// <summary>Decodes and checks a member list; returns the reading plan it set for the type, or null when it equals the local layout.</summary>
    private LayoutPlan? DecodeMemberList(Type type, LocalLayout? local, long offset)
    {
        uint count = Reader.ReadVarUInt32();
        if (count > (uint)_limits.MaxLayoutMembers)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxLayoutMembers), count, _limits.MaxLayoutMembers, offset);
        }
        if (count * 2L > Reader.BufferedBytes)
        {
            SlimThrow.Format($"The layout of '{TypeNames.Describe(type)}' lists {count} members, more than the bytes left can hold", offset);
        }
        if (local is { Tolerable: true } && count > (uint)local.Names.Length + (uint)_limits.MaxLayoutExtraMembers)
        {
            // A plan's cost grows with the members listed: a forged list may name only a few more than this class has.
            SlimThrow.Limit($"{nameof(SlimLimits.MaxLayoutExtraMembers)} ({TypeNames.Describe(type)} has {local.Names.Length} members)",
                count, (long)local.Names.Length + _limits.MaxLayoutExtraMembers, offset);
        }
        bool identical = local is not null && count == (uint)local.Names.Length;
        RemoteMember[]? members = identical ? null : new RemoteMember[count];
        for (int i = 0; i < (int)count; i++)
        {
            long nameOffset = Reader.Position;
            if (!Reader.TryReadStringBytes(out ReadOnlySpan<byte> name) || name.Length == 0 || name.Length > MaxMemberNameBytes)
            {
                SlimThrow.Format($"A member name in the layout of '{TypeNames.Describe(type)}' is null, empty or longer than {MaxMemberNameBytes} bytes", nameOffset);
            }
            // Names are compared as raw UTF-8 against the local layout: the steady state never decodes one.
            bool sameName = identical && name.SequenceEqual(local!.Names[i]);
            byte[]? copy = sameName ? local!.Names[i] : name.ToArray();
            Type wireType = ReadTypeHandle();
            if (wireType.ContainsGenericParameters || wireType.IsByRefLike || wireType.IsPointer || wireType.IsByRef || wireType == typeof(void))
            {
                SlimThrow.Format($"Member {i} in the layout of '{TypeNames.Describe(type)}' has type '{TypeNames.Describe(wireType)}', which no member can have", nameOffset);
            }
            if (identical && (!sameName || wireType != local!.WireTypes[i]))
            {
                identical = false;
                members = new RemoteMember[count];
                for (int j = 0; j < i; j++)
                {
                    members[j] = new RemoteMember(local!.Names[j], local.WireTypes[j]);
                }
            }
            if (members is not null)
            {
                members[i] = new RemoteMember(copy, wireType);
            }
        }
        if (identical)
        {
            return null;
        }
        if (local is null || !local.Tolerable)
        {
            _admission.Check(type);
            throw LayoutThrow.NotTolerable(type, local, members!, offset);
        }
        var plan = new LayoutPlan(local, members!);
        _registry.SetPlan(type, plan);
        return plan;
    }
}
