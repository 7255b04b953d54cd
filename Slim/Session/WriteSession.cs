using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;

namespace NFX.Slim.Session;

/// <summary>
/// The state of writing one message: the reference pool (object -> index, by reference equality, so objects that
/// override Equals never collide), the queue of announced objects whose bodies are still to be written, and the
/// type registry. Pooled and reset between messages by <see cref="SlimSerializer"/>.
/// </summary>
internal sealed partial class WriteSession : ISlimReferenceWriter
{
    private readonly SlimSerializer _owner;
    private readonly WritePool _pool = new();
    // The announced objects whose bodies are still to be written, in announce order (the order the reader reads them).
    private PendingBody[] _pending = new PendingBody[16];
    private int _pendingCount;
    private readonly List<object> _onSerialized = [];
    private readonly ReferenceSlot _customSlot = new(typeof(object), "custom serializer reference");
    private TypeRegistry _registry;
    private readonly List<int> _unfinished = []; // pool indexes of inline values whose header is being written
    private int _depth;
    private int _openBodies; // bodies being written now, nested (the reader counts the same: see BodyOrder)
    private readonly int _maxOpenBodies; // BodyOrder's limit for the format version the serializer writes
    // The innermost object whose body or inline value was being written when an exception left it, for the error
    // message; noted by exception filters, so the way without errors stores nothing per object.
    private object? _failedIn;
    private SlimCodec? _lastTypedCodec; // the codec of the last object announced with its type (codecs never change)

    public WriteSession(SlimSerializer owner, TypeRegistry registry)
    {
        _owner = owner;
        _maxOpenBodies = BodyOrder.MaxOpenBodiesOf((byte)owner.Options.WriteFormatVersion);
        _registry = registry;
        OwnRegistry = registry;
        Writer = new SlimWriter();
    }

    public SlimWriter Writer { get; }

    public CodecCache Codecs => _owner.Codecs;

    /// <summary>The session's own registry, used per message in PerCall mode.</summary>
    public TypeRegistry OwnRegistry { get; }

    /// <summary>
    /// Writes the registry stamp, the root and every body, breadth-first, into <see cref="Writer"/>. With
    /// <paramref name="unchecked"/>, the identity map does not look for a collection on every new object, only once at
    /// the end and before any code of the program runs: throws <see cref="CollectionDuringMessageException"/> when one
    /// ran, and the caller writes the message again (from <see cref="Clear"/>) without it.
    /// </summary>
    public void WriteGraph(object? root, TypeRegistry registry, bool @unchecked)
    {
        if (@unchecked)
        {
            // No limit on the keys placed by address: a collection costs this run a new attempt, not placing them again.
            _pool.BeginUnchecked();
        }
        if (!ReferenceEquals(_registry, registry))
        {
            _registry = registry;
        }
        SlimWriter writer = Writer;
        writer.WriteVarUInt32((uint)registry.Count);
        writer.WriteFixed32(registry.Checksum);
        WriteReference(root, _owner.RootSlot);
        // The bodies that did not fit the open ones, in the order they were queued. Bodies queued while this loop runs
        // are appended, so the array is read afresh each time round.
        for (int i = 0; i < _pendingCount; i++)
        {
            PendingBody body = _pending[i];
            WriteBody(body.Write, body.Value);
        }
        _pool.Confirm(); // throws when a collection interrupted the unchecked run: the caller writes the message again
        // The pool may hold raw addresses (WritePool): every key stays alive while the root does, to here.
        GC.KeepAlive(root);
        if (_onSerialized.Count != 0)
        {
            // [OnSerialized] code may change an array the writer has not copied yet: copy the large ones now.
            writer.MaterializeDeferred();
        }
        foreach (object value in _onSerialized)
        {
            SerializationCallbacks.Invoke(Codecs.Get(value.GetType()).Callbacks!.OnSerialized, value);
        }
    }

    /// <summary>
    /// True when this message was written unchecked and a collection ran since it began (see
    /// <see cref="IdentityMap{TValue}.UncheckedRunInDoubt"/>): an error it met may come from an object looked up by an
    /// address it no longer has, so the message is written again, checked, before any error is believed.
    /// </summary>
    public bool UncheckedWriteInDoubt => _pool.UncheckedRunInDoubt;

    /// <summary>The objects announced so far (strings included): what the reader counts against MaxObjects.</summary>
    public int ObjectCount => _pool.Count;

    /// <summary>The innermost object whose body (or inline value) was being written when the message failed, for error messages.</summary>
    public object? FailedIn => _failedIn;

    /// <summary>Forgets the message: pool, queue, callbacks. Keeps the buffers.</summary>
    public void Clear()
    {
        _pool.Clear();
        // Forget the objects (nothing of the message stays reachable) but keep the array. Cleared through a span: the
        // untyped Array.Clear asks the array's type what it holds on every call, which a small message notices.
        if (_pendingCount != 0)
        {
            _pending.AsSpan(0, _pendingCount).Clear();
            _pendingCount = 0;
        }
        _openBodies = 0;
        _failedIn = null;
        if (_onSerialized.Count != 0)
        {
            _onSerialized.Clear();
        }
        if (_unfinished.Count != 0)
        {
            _unfinished.Clear();
        }
        _depth = 0;
        ForgetLayoutsSent();
    }

    /// <summary>Writes a reference in a slot: null, a back-reference, or an announcement of a new object.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteReference(object? value, ReferenceSlot slot)
    {
        if (value is null)
        {
            Writer.WriteByte((byte)WireHandle.Null);
            return;
        }
        int index = _pool.IndexOfOrAdd(value);
        if (index >= 0)
        {
            if (_unfinished.Count != 0 && _unfinished.Contains(index))
            {
                ThrowCycleThroughInlineValue(value, slot);
            }
            Writer.WriteVarUInt32((uint)index + WireHandle.FirstBackReference);
            return;
        }
        Announce(value, slot);
    }

    /// <summary>
    /// The first half of <see cref="WriteReference"/> for a slot whose values are written inline by generated code
    /// (sealed native types: strings, primitive arrays): writes the back-reference and returns true when
    /// <paramref name="value"/> was seen before; otherwise adds it to the pool and returns false, and the caller
    /// writes <see cref="WireHandle.NewOfDeclaredType"/> and the value, the same bytes <see cref="Announce"/> writes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryWriteBackReference(object value)
    {
        int index = _pool.IndexOfOrAdd(value);
        if (index >= 0)
        {
            Writer.WriteVarUInt32((uint)index + WireHandle.FirstBackReference);
            return true;
        }
        return false;
    }

    /// <summary>
    /// <see cref="WriteReference"/> out of line, for generated code's fallback (an object the body is not written in place
    /// for): the inlined fast paths do not carry a second copy of the probe.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void WriteReferenceOutOfLine(object? value, ReferenceSlot slot) => WriteReference(value, slot);

    /// <summary>
    /// Writes a string in a slot whose strings are written inline (no user serializer for strings): null, a back-reference
    /// to the same string written before, or its handle and its bytes in one room check; the bytes of
    /// <see cref="WriteReference"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteInlineString(string? value)
    {
        if (value is null)
        {
            Writer.WriteByte((byte)WireHandle.Null);
        }
        else if (!TryWriteBackReference(value))
        {
            Writer.WriteTaggedString((byte)WireHandle.NewOfDeclaredType, value);
        }
    }

    /// <summary><see cref="WriteInlineStringInRoom"/>'s answer when it wrote the string.</summary>
    internal const int StringWritten = 0;

    // WriteInlineStringInRoom's other answers are WritePool.IndexOfOrAddInRoom's answer + FirstBackReference: nothing done
    // (null, or the pool not probed), the string added to the pool but not written, or a back-reference's handle itself,
    // not written. None of them is StringWritten: the pool's answers are -2, -1 or an index >= 0.
    private const int StringStatusBias = (int)WireHandle.FirstBackReference;
    private const int StringNotProbed = WritePool.NotProbed + StringStatusBias;
    private const int StringAddedNotWritten = -1 + StringStatusBias;

    /// <summary>
    /// <see cref="WriteInlineString"/>'s common case for generated bodies, without any call: a new ASCII string (of fewer
    /// than <see cref="SlimWriter.MaxTwoBytePrefixChars"/> chars), or a one-byte back-reference, in a raw run with room. Returns <see cref="StringWritten"/>, or what is left to do,
    /// which the caller passes to <see cref="WriteInlineStringRest"/>.
    /// </summary>
    /// <remarks>
    /// A leaf, so the JIT saves no registers and sets up no frame (they were ~20 of the ~100 instructions a string of the
    /// one out-of-line method that also called the slow ways). Out of line: one hot copy for every string field.
    /// </remarks>
    /// <param name="session">The session (static: the caller's call needs no null check of its own).</param>
    /// <param name="value">The string.</param>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int WriteInlineStringInRoom(WriteSession session, string? value) => session.InlineStringInRoom(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int InlineStringInRoom(string? value)
    {
        // The pool first: its load is the null check of the session (none of its own).
        WritePool pool = _pool;
        if (value is null)
        {
            return StringNotProbed;
        }
        int index = pool.IndexOfOrAddInRoom(value);
        SlimWriter writer = Writer;
        if (index == -1)
        {
            if (writer.TryWriteTaggedAscii((byte)WireHandle.NewOfDeclaredType, value))
            {
                return StringWritten;
            }
        }
        else if ((uint)index < 0x80 - WireHandle.FirstBackReference && writer.TryWriteByteInRoom((byte)(index + WireHandle.FirstBackReference)))
        {
            return StringWritten;
        }
        return index + StringStatusBias;
    }

    /// <summary>What <see cref="WriteInlineStringInRoom"/> left to do (its answer <paramref name="status"/>, not <see cref="StringWritten"/>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void WriteInlineStringRest(string? value, int status)
    {
        if (status == StringNotProbed)
        {
            WriteInlineString(value);
        }
        else if (status == StringAddedNotWritten)
        {
            Writer.WriteTaggedString((byte)WireHandle.NewOfDeclaredType, value!);
        }
        else
        {
            // The back-reference's handle: the index + FirstBackReference.
            Writer.WriteVarUInt32((uint)status);
        }
    }

    void ISlimReferenceWriter.WriteReference(object? value) => WriteReference(value, _customSlot);

    /// <summary>
    /// <see cref="WriteReference"/> for an object of exactly <paramref name="slot"/>'s declared type whose codec is
    /// <paramref name="codec"/>, a plain class codec (empty header, no callbacks) whose body generated code writes in place:
    /// writes what <see cref="WriteReference"/> writes before the body (a back-reference, or the announcement) and returns
    /// true when the body is to be written now, counted open until <see cref="EndDirectBody"/>; when the body waits in the
    /// queue (more bodies open than the format allows) it is queued here and false is returned, as for a back-reference.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool BeginDirectBody(object value, ReferenceSlot slot, SlimCodec codec)
    {
        // Inlined into every generated body at every nested object: only the new object whose body is written now stays
        // here; a back-reference, a first type entry and a queued body are out of line, which leaves the JIT's inlining
        // budget of a big body to what each object needs.
        int index = _pool.IndexOfOrAdd(value);
        if (index >= 0)
        {
            WriteBackReferenceToBody(index, value, slot);
            return false;
        }
        if (codec.HasLayout && !LayoutSentRecently(slot.DeclaredType))
        {
            return BeginBodyOfTypeNotSeenRecently(value, slot, codec);
        }
        Writer.WriteByte((byte)WireHandle.NewOfDeclaredType);
        if (_openBodies < _maxOpenBodies)
        {
            _openBodies++;
            return true;
        }
        AddPending(value, codec);
        return false;
    }

    /// <summary><see cref="BeginDirectBody"/>'s back-reference: refused into an unfinished inline value, as <see cref="WriteReference"/> does.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteBackReferenceToBody(int index, object value, ReferenceSlot slot)
    {
        if (_unfinished.Count != 0 && _unfinished.Contains(index))
        {
            ThrowCycleThroughInlineValue(value, slot);
        }
        Writer.WriteVarUInt32((uint)index + WireHandle.FirstBackReference);
    }

    /// <summary>
    /// <see cref="BeginDirectBody"/> for an object whose type is not among the last four sent: the first of its type in
    /// this message (its type entry: the chain's next one replayed, or written), or one whose layout the registry holds.
    /// One call for both answers of <see cref="LayoutSent"/> and the announcement (each was a call of its own, and the
    /// chain's test ran twice).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool BeginBodyOfTypeNotSeenRecently(object value, ReferenceSlot slot, SlimCodec codec)
    {
        Type type = slot.DeclaredType;
        TypeRegistry registry = _registry;
        if (_chainTail is { } chained && chained.NextRestored is { } next && ReferenceEquals(chained.NextType, type) &&
            registry.Holds(chained.RestoredLearned!))
        {
            // The chain's next entry, right after the last one's restore (nothing learned since): its bytes, and its
            // registry state in three stores; RestoresRightAfter checked the rest when the two were linked. Only this
            // case here, the rest in a call of its own: fewer registers to save for the common one.
            Writer.WriteTaggedRawBytes((byte)WireHandle.NewWithType, next.Recorded.Bytes);
            bool open = _openBodies < _maxOpenBodies;
            if (open)
            {
                _openBodies++;
            }
            else
            {
                QueueBody(value, codec);
            }
            // The plain stores, then the three of references (each a write barrier's call, which the values still
            // needed would otherwise be saved around).
            int slotOfType = _nextLayoutSent;
            _templateLayoutsSent &= ~(1 << slotOfType);
            _nextLayoutSent = (slotOfType + 1) & 3;
            next.RestoreOver(registry);
            _chainCount = registry.Count;
            _chainTail = next;
            _layoutsSent[slotOfType] = type;
            return open;
        }
        return BeginBodyOfTypeNotInChain(value, type, codec);
    }

    /// <summary><see cref="BeginBodyOfTypeNotSeenRecently"/> but for the chain's next restoring entry.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool BeginBodyOfTypeNotInChain(object value, Type type, SlimCodec codec)
    {
        TypeRegistry registry = _registry;
        int handle;
        EntryMemo? memo = registry.LearnedCount == 0 ? _entryFacts.FirstEntryOf(type)
            : _chainTail is { } tail && ReferenceEquals(tail.NextType, type) && _chainCount == registry.Count ? tail.Next : null;
        if (memo is not null)
        {
            // The first entry of a PerCall message, or the one its chain writes next: not in the registry yet.
            Writer.WriteByte((byte)WireHandle.NewWithType);
            handle = ReplayEntry(type, memo);
        }
        else if (registry.TryGetHandle(type, out handle))
        {
            NoteLayoutSent(type, handle);
            Writer.WriteByte((byte)WireHandle.NewOfDeclaredType);
            return OpenOrQueue(value, codec);
        }
        else
        {
            Writer.WriteByte((byte)WireHandle.NewWithType);
            handle = WriteNewOrRemembered(type);
        }
        NoteLayoutSent(type, handle);
        return OpenOrQueue(value, codec);
    }

    /// <summary>Queues a direct body (more bodies open than the format allows); false, as <see cref="OpenOrQueue"/> returns.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool QueueBody(object value, SlimCodec codec)
    {
        AddPending(value, codec);
        return false;
    }

    /// <summary>A direct body's start after its announcement: counted open (true) or queued (false).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool OpenOrQueue(object value, SlimCodec codec)
    {
        if (_openBodies < _maxOpenBodies)
        {
            _openBodies++;
            return true;
        }
        AddPending(value, codec);
        return false;
    }

    /// <summary>Closes a body <see cref="BeginDirectBody"/> opened.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndDirectBody() => _openBodies--;

    /// <summary>Notes <paramref name="value"/> as the object whose body failed (an exception filter); returns false.</summary>
    public bool NoteFailedInBody(object value) => NoteFailedIn(value);

    private void Announce(object value, ReferenceSlot slot)
    {
        // An object of exactly the declared type (every object in a sealed class's slot) is recognized by its type handle,
        // without fetching its Type.
        Type type = TypeHandles.Of(value) == slot.DeclaredTypeHandle ? slot.DeclaredType : value.GetType();
        SlimCodec codec;
        if (type == slot.DeclaredType && (!(codec = slot.ExactCodec(Codecs)).HasLayout || LayoutSent(type)))
        {
            Writer.WriteByte((byte)WireHandle.NewOfDeclaredType);
        }
        else
        {
            // The codec cache is shared and concurrent: the last codec used here answers the common repeat first.
            codec = _lastTypedCodec is { } last && last.Type == type ? last : (_lastTypedCodec = Codecs.Get(type));
            Writer.WriteByte((byte)WireHandle.NewWithType);
            // A surrogate's value is named by the type its serializer is registered for, when the slot can hold any of it.
            Type named = codec is CustomCodec custom ? custom.NamedType(slot.DeclaredType) : type;
            int handle = WriteTypeHandle(named);
            if (codec.HasLayout && ReferenceEquals(named, slot.DeclaredType))
            {
                NoteLayoutSent(named, handle); // the next object of the slot's type asks LayoutSent
            }
        }
        if (codec.HeaderIsEmpty && codec.Callbacks is null)
        {
            // An ordinary class or a list: nothing more to write now but the body.
            WriteBodyOrQueue(value, codec);
            return;
        }
        if (codec.Callbacks is not null || codec.RunsProgramCode)
        {
            // Code of the program must not run twice for one message: the message is not written again from here on (a
            // message written by raw addresses is written again now, with object keys, before that code runs).
            _pool.ConfirmBeforeProgramCode();
        }
        if (codec.Callbacks is { } callbacks)
        {
            SerializationCallbacks.Invoke(callbacks.OnSerializing, value);
            if (callbacks.OnSerialized.Length != 0)
            {
                _onSerialized.Add(value);
            }
        }
        // A header that reads references makes the reader hold this object's place with nothing in it until the header
        // is read: a reference back to it from inside cannot be rebuilt.
        bool unfinished = codec.HeaderReadsReferences;
        int openBodies = _openBodies;
        if (unfinished)
        {
            _unfinished.Add(_pool.Count - 1);
            // Nor can a body announced inside such a header be written before the header ends, since it may refer back
            // to this object (a box whose field holds a class that holds the box): every body waits in the queue.
            _openBodies = _maxOpenBodies;
        }
        if (codec.HasBody)
        {
            codec.WriteHeader(Writer, value, this);
        }
        else
        {
            if (++_depth > _owner.Options.Limits.MaxDepth)
            {
                SlimThrow.DepthOnWrite(type, _owner.Options.Limits.MaxDepth);
            }
            WriteInlineValue(codec, value);
            _depth--;
        }
        if (unfinished)
        {
            _unfinished.RemoveAt(_unfinished.Count - 1);
            _openBodies = openBodies;
        }
        if (codec.HasBody)
        {
            WriteBodyOrQueue(value, codec); // after the header: the body may refer back to its object
        }
    }

    /// <summary>
    /// Writes a new object's body right after its announcement (depth-first) while fewer bodies are open than the
    /// written format version allows (<see cref="BodyOrder.MaxOpenBodiesOf"/>: 6, or 0 for version 1), else queues it
    /// (breadth-first): the reader decides the same way, from the same count, so nesting stays bounded on both sides
    /// however deep the graph.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteBodyOrQueue(object value, SlimCodec codec)
    {
        if (_openBodies < _maxOpenBodies)
        {
            WriteBody(codec.BodyWriter, value);
        }
        else
        {
            AddPending(value, codec);
        }
    }

    private void WriteBody(Action<SlimWriter, object, WriteSession> write, object value)
    {
        _openBodies++;
        try
        {
            write(Writer, value, this);
        }
        catch (Exception) when (NoteFailedIn(value))
        {
            // Never taken: the filter only notes where the exception came from.
        }
        _openBodies--;
    }

    private void WriteInlineValue(SlimCodec codec, object value)
    {
        try
        {
            codec.WriteHeader(Writer, value, this);
        }
        catch (Exception) when (NoteFailedIn(value))
        {
            // Never taken: the filter only notes where the exception came from.
        }
    }

    // Filters run innermost first, before any stack unwinds: the first one to run names the object at fault.
    private bool NoteFailedIn(object value)
    {
        _failedIn ??= value;
        return false;
    }

    /// <summary>
    /// True after a message a collection interrupted: the next is written checked from the start, so that a session whose
    /// big messages keep meeting collections gives up at most every other one.
    /// </summary>
    public bool CheckNextMessage { get; set; }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AddPending(object value, SlimCodec codec) =>
        GrowableArray.Append(ref _pending, ref _pendingCount, new PendingBody(value, codec.BodyWriter));

    private readonly record struct PendingBody(object Value, Action<SlimWriter, object, WriteSession> Write);

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowCycleThroughInlineValue(object value, ReferenceSlot slot) =>
        SlimThrow.Unsupported(slot.Name,
            $"it refers back to the '{TypeNames.Describe(value.GetType())}' that contains it, a value written inline (a boxed struct, an " +
            "immutable collection, a comparer or a custom-serialized object) that cannot exist before its contents: such a cycle cannot be rebuilt");
}
