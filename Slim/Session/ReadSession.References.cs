using System.Diagnostics;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
using NFX.Slim.Layouts;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;

namespace NFX.Slim.Session;

// Reading a reference: a back-reference into the pool, or a new object announced (its codec, header, pool index and
// body, now or queued).
internal sealed partial class ReadSession
{
    /// <summary>Reads a reference for a slot, validating every handle against the pool and the slot's type.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public object? ReadReference(ReferenceSlot slot)
    {
        long offset = Reader.Position;
        return ReadReferenceAfterHandle(Reader.ReadVarUInt32(), slot, offset);
    }

    /// <summary>Resolves a handle already read at <paramref name="offset"/> (see <see cref="ReadReference(ReferenceSlot)"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public object? ReadReferenceAfterHandle(uint handle, ReferenceSlot slot, long offset)
    {
        if (handle >= WireHandle.FirstBackReference)
        {
            return BackReference(handle - WireHandle.FirstBackReference, slot, offset);
        }
        if (handle == WireHandle.NewOfDeclaredType && slot.ShellCodec is { } shell && !_registry.HasPlans)
        {
            return NewShell(shell, offset);
        }
        return handle == WireHandle.Null ? null : ReadNewObject(handle, slot, offset);
    }

    /// <summary>
    /// Announces an object of a slot's declared type whose codec the slot already vouched for (<see cref="ReferenceSlot.ShellCodec"/>):
    /// what is left of <see cref="ReadNewObject"/> for it is the object limit, the shell, its pool index and its place in the queue.
    /// </summary>
    private object NewShell(SlimCodec codec, long offset)
    {
        int index = _poolCount;
        if (index >= _maxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), index + 1L, _maxObjects, offset);
        }
        object instance = codec.ReadHeader(Reader, this);
        AddToPool(instance);
        if (codec.IsStructural)
        {
            GrowableArray.Append(ref _structural, ref _structuralCount, instance);
        }
        ReadBodyOrQueue(codec, instance, index);
        return instance;
    }

    /// <summary>
    /// <see cref="NewShell"/> for a slot whose objects generated code reads in place (<paramref name="codec"/>: the slot's
    /// <see cref="ReferenceSlot.ShellCodec"/>, a plain class codec with no callbacks), announced by
    /// <see cref="WireHandle.NewOfDeclaredType"/>, the one byte just read: the object limit, the shell and its pool
    /// index; returns true when its body is to be read now, counted open and recorded as the object being read until
    /// <see cref="EndDirectBody"/> (given <paramref name="outer"/>), and false when the body was queued.
    /// </summary>
    public bool BeginDirectBody(SlimCodec codec, out object instance, out int outer)
    {
        int index = _poolCount;
        if (index >= _maxObjects)
        {
            ThrowTooManyAfterHandle();
        }
        instance = codec.ReadHeader(Reader, this);
        return OpenDirectBody(codec, instance, out outer);
    }

    /// <summary>
    /// What <see cref="BeginDirectBody"/> does after the shell: its pool index, and the body now (counted open, true) or
    /// queued (false); <paramref name="codec"/> is the slot's shell codec.
    /// </summary>
    public bool OpenDirectBody(SlimCodec codec, object instance, out int outer)
    {
        int index = _poolCount;
        AddToPool(instance);
        if (codec.IsStructural)
        {
            GrowableArray.Append(ref _structural, ref _structuralCount, instance);
        }
        outer = _current;
        if (_openBodies < _maxOpenBodies)
        {
            _openBodies++;
            _current = index; // what the body announces is recorded as reached from this object
            return true;
        }
        AddPending(codec, index); // an ordinary class's header allocates nothing for its body: nothing to reserve
        return false;
    }

    /// <summary>Closes a body <see cref="BeginDirectBody"/> opened.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndDirectBody(int outer)
    {
        _current = outer;
        _openBodies--;
    }

    /// <summary>True when a reader may take the way of <see cref="BeginDirectBody"/> (no reading plans of another layout).</summary>
    public bool ReadsDirect => !_registry.HasPlans;

    /// <summary>
    /// Reads a new object's body right after its announcement while fewer than the message's open-body limit are
    /// open, else queues it: the writer's decision (<see cref="BodyOrder"/>), taken from the same count. The count is
    /// the reader's own, never the input's, so hostile bytes cannot nest bodies deeper.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void ReadBodyOrQueue(SlimCodec codec, object instance, int index)
    {
        if (_openBodies < _maxOpenBodies)
        {
            ReadBody(codec, instance, index);
        }
        else
        {
            if (codec.HeaderAllocatesBody && !Reader.TryReserve(codec.BodyMinWireBytes(instance)))
            {
                Reader.ThrowCannotReserve($"the body of {TypeNames.Describe(codec.Type)} (pool index {index}, queued)", codec.BodyMinWireBytes(instance));
            }
            AddPending(codec, index);
        }
    }

    private void ReadBody(SlimCodec codec, object instance, int index)
    {
        if (codec.Callbacks is { OnDeserializing.Length: > 0 } callbacks)
        {
            SerializationCallbacks.Invoke(callbacks.OnDeserializing, instance, reading: true);
        }
        _openBodies++;
        int outer = _current;
        _current = index; // what the body announces is recorded as reached from this object
        codec.ReadBody(Reader, instance, this);
        _current = outer;
        _openBodies--;
    }

    /// <summary>
    /// Checks that one more object fits <see cref="SlimLimits.MaxObjects"/> before generated code reads a value of a
    /// sealed native slot inline (the handle <see cref="WireHandle.NewOfDeclaredType"/> at <paramref name="offset"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BeginInline(long offset)
    {
        if (_poolCount >= _maxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), _poolCount + 1L, _maxObjects, offset);
        }
    }

    /// <summary>
    /// <see cref="BeginInline"/> right after the one-byte handle <see cref="WireHandle.NewOfDeclaredType"/> (where its
    /// offset is found if the limit is reached).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BeginInlineAfterHandle()
    {
        if (_poolCount >= _maxObjects)
        {
            ThrowTooManyAfterHandle();
        }
    }

    /// <summary>The object limit reached by an object announced with the one-byte handle just read.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowTooManyAfterHandle() =>
        SlimThrow.Limit(nameof(SlimLimits.MaxObjects), _poolCount + 1L, _maxObjects, Reader.Position - 1);

    /// <summary>Adds a value read inline after <see cref="BeginInline"/> to the pool; a null one is malformed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public object EndInline(object? value, Type declaredType)
    {
        if (value is null)
        {
            SlimThrow.NullInlineValue(declaredType, Reader.Position);
        }
        AddToPool(value);
        return value;
    }

    /// <summary>
    /// Reads a string of a slot whose strings are written inline (<see cref="WriteSession.WriteInlineString"/>), or any
    /// other handle the general way, with every check of <see cref="ReadReference(ReferenceSlot)"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public string? ReadInlineString(ReferenceSlot slot)
    {
        // The common case (a new string of under 16 KB, one more object allowed) in one call of the reader; it reads
        // nothing otherwise, and the checked way below reads the handle and the string again.
        if (_poolCount < _maxObjects && Reader.TryReadTaggedString((byte)WireHandle.NewOfDeclaredType) is { } value)
        {
            AddToPool(value);
            return value;
        }
        return ReadInlineStringChecked(slot);
    }

    /// <summary>
    /// Reads a reference to an array of <typeparamref name="T"/> that the format writes natively, in a slot whose values the
    /// cache reads inline (<see cref="ReferenceSlot.IsInlineNative"/>): the common case (a new array of under 127
    /// elements, one more object allowed) in one call of the reader, as <see cref="ReadInlineString"/>; anything else the
    /// checked way, which reads the handle and the array again.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T[]? ReadInlineArray<T>(ReferenceSlot slot) where T : unmanaged
    {
        if (_poolCount < _maxObjects && slot.IsInlineNative && Reader.TryReadTaggedBlittableArray<T>((byte)WireHandle.NewOfDeclaredType) is { } value)
        {
            AddToPool(value);
            return value;
        }
        return ReadInlineArrayChecked<T>(slot);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private T[]? ReadInlineArrayChecked<T>(ReferenceSlot slot) where T : unmanaged
    {
        long offset = Reader.Position;
        uint handle = Reader.ReadVarUInt32();
        if (handle == WireHandle.NewOfDeclaredType && slot.IsInlineNative)
        {
            BeginInline(offset);
            return (T[])EndInline(Reader.ReadBlittableArray<T>(), slot.DeclaredType);
        }
        return (T[]?)ReadReferenceAfterHandle(handle, slot, offset);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private string? ReadInlineStringChecked(ReferenceSlot slot)
    {
        long offset = Reader.Position;
        uint handle = Reader.ReadVarUInt32();
        if (handle == WireHandle.NewOfDeclaredType)
        {
            BeginInline(offset);
            return (string)EndInline(Reader.ReadString(), typeof(string));
        }
        return (string?)ReadReferenceAfterHandle(handle, slot, offset);
    }

    object? ISlimReferenceReader.ReadReference(Type declaredType) => ReadReference(Codecs.SlotFor(declaredType));

    /// <summary>
    /// <see cref="ReadReferenceAfterHandle"/> for a back-reference handle (at least <see cref="WireHandle.FirstBackReference"/>)
    /// read at <paramref name="offset"/>: every check of the general way.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public object BackReferenceAfterHandle(uint handle, ReferenceSlot slot, long offset) =>
        BackReference(handle - WireHandle.FirstBackReference, slot, offset);

    private object BackReference(uint index, ReferenceSlot slot, long offset)
    {
        if (index >= (uint)_poolCount)
        {
            SlimThrow.BadBackReference(index, _poolCount, offset);
        }
        object? value = _pool[(int)index].Value;
        if (value is null)
        {
            SlimThrow.ReferenceToUnfinished(index, offset);
        }
        AddBackEdge((int)index);
        if (!slot.Accepts(value))
        {
            SlimThrow.SlotTypeMismatch(slot, value.GetType(), offset);
        }
        return value;
    }

    private object ReadNewObject(uint handle, ReferenceSlot slot, long offset)
    {
        SlimCodec codec;
        if (handle == WireHandle.NewOfDeclaredType)
        {
            if (!slot.IsInstantiable)
            {
                SlimThrow.NotInstantiable(slot, offset);
            }
            if (slot.IsGuarded)
            {
                GuardDeclaredType(slot);
            }
            codec = slot.BuiltExactCodec ?? CodecForReading(slot.DeclaredType, slot, offset);
            slot.RememberShell(codec);
        }
        else if (handle == WireHandle.NewWithType)
        {
            _entryLink = null;
            return ReadNewWithType(ReadTypeHandle(), slot, offset);
        }
        else
        {
            SlimThrow.BadHandle(handle, offset);
            return null!;
        }
        return AnnounceNew(codec, offset);
    }

    /// <summary>
    /// <see cref="ReadNewObject"/> for <see cref="WireHandle.NewWithType"/> at <paramref name="offset"/>, its type handle
    /// (<paramref name="type"/>) just read with <see cref="_entryLink"/> cleared before it: the policy's verdict, the
    /// slot's check, the codec, then the object.
    /// </summary>
    private object ReadNewWithType(Type type, ReferenceSlot slot, long offset)
    {
        SlimCodec codec;
        if (_entryLink is { } link && link.VerdictAdmission == _admission && link.VerdictSlot == slot)
        {
            // An entry of the chain (see ReadChainedEntry) whose type passed this policy scope, fitted this slot and
            // found its codec once: the same type, scope and slot give the same answers.
            codec = link.VerdictCodec!;
        }
        else
        {
            codec = CheckNamedType(type, slot, offset);
            if (_entryLink is { } read)
            {
                (read.VerdictAdmission, read.VerdictSlot, read.VerdictCodec) = (_admission, slot, codec);
            }
            if (type == slot.DeclaredType)
            {
                // What the slot's first object announced as of the declared type would remember (the same codec, as
                // the policy never sees such objects): a PerCall message announces the first object of each type with
                // its type, so a slot that holds one object a message would otherwise never read one in place.
                slot.RememberShell(codec);
            }
        }
        if (_prefixStart >= 0)
        {
            RememberRootPrefix(codec, slot, offset);
        }
        return AnnounceNew(codec, offset);
    }

    /// <summary>
    /// For generated code reading <paramref name="slot"/> in place, which met <see cref="WireHandle.NewWithType"/> (the
    /// one byte just read; errors name its offset): reads the type handle. When its entry came through the chain of remembered entries
    /// (<see cref="ReadChainedEntry"/>: the same bytes from the same registry state) with the verdict of this policy scope
    /// and slot, and that verdict's codec is <paramref name="shell"/> (the slot's own, which it reads in place; so the
    /// type is the declared one), checks the object limit and returns true: the caller reads the object in place, as one
    /// announced of the declared type. Otherwise reads the object the general way into <paramref name="value"/> and
    /// returns false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadTypedInPlace(ReferenceSlot slot, SlimCodec shell, out object? value)
    {
        // The common case first, without the calls and stores of ReadTypeHandle and ReadChainedEntry: the chain's next
        // link was recorded right after the step the registry still holds (its InPlaceKey: that step's restored
        // snapshot, which stands for ReadChainedEntry's count and checksum tests and the handle's one byte), at this
        // depth (the depth limit is readonly, so the link's depth passed it when recorded), with this scope's and slot's
        // verdict for the slot's own codec; the next bytes are its handle and its entry. No message start is being
        // remembered here: _prefixStart is set only while a registry that learned nothing reads its root, and such a
        // registry holds no snapshot until a link restores one.
        int next = _chainAtIndex + 1;
        if (next < _chainLinkCount && _chainLinks![next] is { } link && _registry.Holds(link.InPlaceKey) &&
            ReferenceEquals(link.VerdictCodec, shell) && link.VerdictSlot == slot && link.VerdictAdmission == _admission &&
            link.Depth == _depth + 1)
        {
            Debug.Assert(_prefixStart < 0 && link.HandleByte == _registry.Count && link.Entries.ChecksumBefore == _registry.RunningChecksum);
            if (Reader.TrySkip(link.HandleAndEntry))
            {
                link.Entries.RestoreOver(_registry);
                _chainAtIndex = next;
                _chainCount = link.CountAfter;
                Debug.Assert(_chainCount == _registry.Count);
                if (!_registry.HasPlans)
                {
                    if (_poolCount >= _maxObjects)
                    {
                        ThrowTooManyAfterTypedEntry(link);
                    }
                    value = null;
                    return true;
                }
                // The entry brought a reading plan (a tolerant reader of another layout): the general way reads through it.
                _entryLink = link;
                value = ReadNewWithType(link.Type, slot, Reader.Position - 1 - link.HandleAndEntry.Length);
                return false;
            }
        }
        return TryReadTypedInPlaceAfterChainTest(slot, shell, Reader.Position - 1, out value);
    }

    /// <summary>
    /// The object limit reached by an object read in place after <see cref="WireHandle.NewWithType"/> and
    /// <paramref name="link"/>'s handle and entry, just skipped: the offset is its handle's (not kept in a register for it).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowTooManyAfterTypedEntry(ReadEntryLink link) =>
        SlimThrow.Limit(nameof(SlimLimits.MaxObjects), _poolCount + 1L, _maxObjects, Reader.Position - 1 - link.HandleAndEntry.Length);

    /// <summary><see cref="TryReadTypedInPlace"/> past its common case: the type handle read in full.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TryReadTypedInPlaceAfterChainTest(ReferenceSlot slot, SlimCodec shell, long offset, out object? value)
    {
        _entryLink = null;
        Type type = ReadTypeHandle();
        // No reading plan either: the entry just read may have brought one (a tolerant reader of another layout), which
        // the general way reads the body through.
        if (_entryLink is { } link && ReferenceEquals(link.VerdictCodec, shell) && link.VerdictAdmission == _admission &&
            link.VerdictSlot == slot && _prefixStart < 0 && !_registry.HasPlans)
        {
            if (_poolCount >= _maxObjects)
            {
                SlimThrow.Limit(nameof(SlimLimits.MaxObjects), _poolCount + 1L, _maxObjects, offset);
            }
            value = null;
            return true;
        }
        value = ReadNewWithType(type, slot, offset);
        return false;
    }

    /// <summary>
    /// <see cref="BeginDirectBody"/> after <see cref="TryReadTypedInPlace"/> returned true (the object limit checked
    /// there): the shell, its pool index, the body now or queued.
    /// </summary>
    public bool OpenTypedDirectBody(SlimCodec codec, out object instance, out int outer)
    {
        instance = codec.ReadHeader(Reader, this);
        return OpenDirectBody(codec, instance, out outer);
    }

    /// <summary>
    /// The policy's verdict on a type announced with its handle for <paramref name="slot"/>, the slot's check and the
    /// type's codec for reading.
    /// </summary>
    private SlimCodec CheckNamedType(Type type, ReferenceSlot slot, long offset)
    {
        SlimCodec codec;
        if (type == _lastNamedType && _admission == _lastNamedAdmission)
        {
            // The same type under the same policy as the last object announced with its type (objects of one
            // type in object slots; a PerCall root whose message start is not remembered): the verdict and the
            // codec cannot have changed.
            codec = _lastNamedCodec!;
        }
        else
        {
            _admission.Check(type);
            codec = null!;
        }
        if (!slot.DeclaredType.IsAssignableFrom(type))
        {
            SlimThrow.SlotTypeMismatch(slot, type, offset);
        }
        if (codec is null)
        {
            codec = CodecForReading(type, slot, offset);
            (_lastNamedType, _lastNamedAdmission, _lastNamedCodec) = (type, _admission, codec);
        }
        return codec;
    }

    /// <summary>
    /// The root's type entry was just read, checked and resolved, from a registry that was its template: remembers
    /// the message's bytes up to here (<see cref="RootPrefixMemo"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void RememberRootPrefix(SlimCodec codec, ReferenceSlot slot, long handleOffset)
    {
        if (Reader.TryGetBytesReadSince(_prefixStart, out ReadOnlySpan<byte> prefix))
        {
            _owner.RootPrefixes.Add(prefix, (int)(handleOffset - _prefixStart), _registry, codec, _admission, slot);
        }
        _prefixStart = -1;
    }

    /// <summary>
    /// Creates a new object of <paramref name="codec"/>'s type, announced by the handle at <paramref name="offset"/>
    /// (its type entry read and checked): reads its header, gives it the next pool index and queues its body.
    /// </summary>
    private object AnnounceNew(SlimCodec codec, long offset)
    {
        if (_registry.HasPlans && _registry.TryGetPlan(codec.Type, out LayoutPlan? plan))
        {
            // The writer had another layout of this class: read its body through the plan, compiled on first use, so
            // only after the type passed the policy.
            if (plan.AdmittedBy != _admission)
            {
                AdmitPlan(plan);
            }
            codec = plan.Codec ??= LayoutThrow.PlanOrThrow(_owner.Layouts, plan.Local, plan.Members);
        }
        int index = _poolCount;
        if (index >= _maxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), index + 1L, _maxObjects, offset);
        }
        object instance;
        if (!codec.HeaderIsEmpty && codec.HeaderReadsReferences)
        {
            // The header announces objects of its own, which take the following indexes: hold this one's place.
            AddToPool(null);
            if (++_depth > _limits.MaxDepth)
            {
                SlimThrow.Limit(nameof(SlimLimits.MaxDepth), _depth, _limits.MaxDepth, offset);
            }
            int outer = _current, openBodies = _openBodies;
            _current = index; // what the header announces is recorded as reached from this object
            _openBodies = _maxOpenBodies; // and its bodies wait in the queue, as the writer's did (they may refer back)
            instance = codec.ReadHeader(Reader, this);
            _current = outer;
            _openBodies = openBodies;
            _depth--;
            _pool[index].Value = instance;
        }
        else
        {
            instance = codec.ReadHeader(Reader, this);
            AddToPool(instance);
        }
        if (codec.IsStructural)
        {
            GrowableArray.Append(ref _structural, ref _structuralCount, instance);
        }
        if (codec.Callbacks is { HasAfterRead: true } afterRead)
        {
            // Registered at announcement, before the body announces more: [OnDeserialized] ties run in this order.
            _completion.AddCallbacks(index, instance, codec, afterRead);
        }
        if (codec.HeaderIsEmpty || codec.HasBody)
        {
            ReadBodyOrQueue(codec, instance, index);
        }
        return instance;
    }
}
