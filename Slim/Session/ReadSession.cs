using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Layouts;
using NFX.Slim.TypeSystem.Memos;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Session;

/// <summary>
/// The state of reading one message: the pool (index -> object; an object enters it the moment it is announced,
/// before its body, so cycles resolve), the queue of bodies still to read, the work that completes objects once the
/// whole graph is read and validated (<see cref="CompletionOrder"/>: ISerializable constructors, hashed and sorted
/// collections, [OnDeserialized]) and the registry.
/// </summary>
internal sealed partial class ReadSession : ISlimReferenceReader
{
    private const int InitialCapacity = 64;

    private readonly SlimSerializer _owner;
    private readonly CompletionOrder _completion = new();
    // The pool, the queue of bodies and the back-references are plain arrays grown by hand: they take a few stores per
    // object, which is most of the session's own cost on small messages (List<T>.Add checks its version and capacity,
    // and storing into an object[] checks the array's element type on every store).
    private PoolEntry[] _pool = new PoolEntry[InitialCapacity];
    private int _poolCount;
    private PendingBody[] _pending = new PendingBody[InitialCapacity];
    private int _pendingCount;
    private int[] _backEdges = new int[InitialCapacity]; // owner, target: back-references read while reading owner
    private int _backEdgeCount;
    private object[] _structural = new object[8]; // objects whose equality, hashing or ToString follow references (StructuralReach)
    private int _structuralCount;
    private TypeRegistry _registry;
    private TypeAdmission _admission;
    private SlimLimits _limits;
    private int _depth;
    private int _openBodies;    // bodies being read now, nested (the writer counts the same: see BodyOrder)
    private int _maxOpenBodies; // BodyOrder's limit for the message's format version
    private int _current = -1; // pool index of the object whose header or body is being read
    private Type? _lastNamedType;              // the last type announced with its handle that passed the policy,
    private TypeAdmission? _lastNamedAdmission; // under this policy,
    private SlimCodec? _lastNamedCodec;         // and its codec
    private Action<CompletionStep>? _fill;
    private long _prefixStart = -1;             // where the message's stamp starts while its root entry may be remembered
    private long _declaredBytes;                // memory ISerializable members declared (capacities) in this message,
    private long _declaredAllowance;            // and what the message may declare: the limit plus 32 per payload byte

    public ReadSession(SlimSerializer owner, TypeRegistry registry, TypeAdmission admission)
    {
        _owner = owner;
        _registry = registry;
        OwnRegistry = registry;
        _admission = admission;
        _limits = owner.Options.Limits;
        Reader = new SlimReader();
        Budget = new CodegenBudget(Reader);
    }

    public SlimReader Reader { get; }

    /// <summary>The code-generation budget of the message being read (<see cref="SlimLimits.MaxCodegenNodes"/>).</summary>
    public CodegenBudget Budget { get; }

    public CodecCache Codecs => _owner.Codecs;

    /// <summary>The session's own registry, used per message in PerCall mode.</summary>
    public TypeRegistry OwnRegistry { get; }

    public SlimLimits Limits => _limits;

    /// <summary>
    /// Debits memory that a member of the message declares without paying for it in bytes (the capacity a constructor
    /// will allocate: <see cref="Codecs.DeclaredCapacities"/>) from the message's allowance, the
    /// <see cref="SlimLimits.MaxDeclaredCapacityBytes"/> limit plus 32 bytes per payload byte (the format's worst ratio
    /// of memory to wire bytes), before anything is allocated for it.
    /// </summary>
    public void DebitDeclaredCapacity(long bytes, string what, long offset)
    {
        _declaredBytes = bytes > long.MaxValue - _declaredBytes ? long.MaxValue : _declaredBytes + bytes;
        if (_declaredBytes > _declaredAllowance)
        {
            SlimThrow.Limit($"{nameof(SlimLimits.MaxDeclaredCapacityBytes)} ({what}; 32 bytes per message byte come on top of the limit)",
                _declaredBytes, _declaredAllowance, offset);
        }
    }

    private static long DeclaredAllowance(long limit, long payloadBytes) =>
        limit > long.MaxValue - 32 * payloadBytes ? long.MaxValue : limit + 32 * payloadBytes;

    /// <summary>
    /// Reads the registry stamp, the root and every body, then runs deferred fills and callbacks. <paramref name="formatVersion"/>
    /// is the message's (its header was checked): it says which bodies follow their announcement (<see cref="BodyOrder"/>).
    /// </summary>
    public object? ReadGraph(TypeRegistry registry, TypeAdmission admission, ReferenceSlot rootSlot, byte formatVersion)
    {
        _maxOpenBodies = BodyOrder.MaxOpenBodiesOf(formatVersion);
        _registry = registry;
        _admission = admission;
        SlimReader reader = Reader;
        reader.MaxLength = _limits.MaxCollectionLength;
        reader.MaxLengthName = nameof(SlimLimits.MaxCollectionLength);
        reader.MaxStringBytes = _limits.MaxStringBytes;
        _declaredBytes = 0;
        _declaredAllowance = DeclaredAllowance(_limits.MaxDeclaredCapacityBytes, reader.BufferedBytes);
        long stampOffset = reader.Position;
        object? root;
        if (registry.LearnedCount == 0 && _owner.RootPrefixes.Find(reader.UnreadBuffered, admission, rootSlot) is { } memo)
        {
            reader.Skip(memo.Prefix.Recorded.Bytes.Length);
            memo.Prefix.Replay(registry, null);
            root = AnnounceNew(memo.Codec, stampOffset + memo.RootHandleAt);
        }
        else
        {
            uint count = reader.ReadVarUInt32();
            uint checksum = reader.ReadFixed32();
            if (count != registry.Count || checksum != registry.Checksum)
            {
                SlimThrow.RegistryMismatch(count, checksum, registry.Count, registry.Checksum, stampOffset);
            }
            _prefixStart = registry.LearnedCount == 0 ? stampOffset : -1;
            root = ReadReference(rootSlot);
            _prefixStart = -1;
        }
        // The bodies that did not fit the open ones, in the order they were queued. The queue grows while it is read
        // (bodies announce objects): re-read the array and the count every time.
        for (int i = 0; i < _pendingCount; i++)
        {
            PendingBody body = _pending[i];
            object instance = _pool[body.Index].Value!;
            if (body.Codec.HeaderAllocatesBody)
            {
                reader.Release(body.Codec.BodyMinWireBytes(instance));
            }
            ReadBody(body.Codec, instance, body.Index);
        }
        // Every byte must be accounted for BEFORE any deferred work runs: hashed-collection fills call user
        // GetHashCode/Equals, ISerializable constructors and callbacks see the data, and none of them may run for a
        // message that is not valid to its end (docs/SECURITY.md, "Callbacks").
        if (reader.BufferedBytes != 0)
        {
            SlimThrow.UnreadAfterLastObject(reader.BufferedBytes, reader.Position);
        }
        if (_structuralCount != 0)
        {
            // Before any code of the program sees the graph: hashing a key, a callback, the caller's first ToString.
            StructuralGraph.Check(_structural.AsSpan(0, _structuralCount), _limits, reader.Position);
        }
        if (_completion.HasSteps)
        {
            RecordReach();
        }
        _completion.Run(_poolCount, _fill ??= Fill, reading: true);
        return root;
    }

    public void Clear()
    {
        // The graph must not stay reachable from a cached session; the queue holds only codecs, which live as long as
        // the serializer anyway. Cleared through a span, as the writer's queue: the untyped Array.Clear asks the array's
        // type what it holds on every call.
        _pool.AsSpan(0, _poolCount).Clear();
        _poolCount = 0;
        _pendingCount = 0;
        _backEdgeCount = 0;
        _structural.AsSpan(0, _structuralCount).Clear();
        _structuralCount = 0;
        _completion.Clear();
        _depth = 0;
        _openBodies = 0;
        _current = -1;
        _prefixStart = -1; // a message that failed before its root entry was remembered must not leave its start behind
    }

    /// <summary>
    /// Tells the completion order who reached whom, only when some step waits for it: every object announced while
    /// another one's header or body was read (runs of the same owner as one span, in pool order) and every
    /// back-reference, in the order read.
    /// </summary>
    private void RecordReach()
    {
        int i = 0;
        while (i < _poolCount)
        {
            int owner = _pool[i].Owner;
            int first = i;
            while (++i < _poolCount && _pool[i].Owner == owner)
            {
            }
            _completion.Announced(owner, first, i);
        }
        for (int e = 0; e < _backEdgeCount; e += 2)
        {
            _completion.BackReference(_backEdges[e], _backEdges[e + 1]);
        }
    }

    /// <summary>Adds an object to the pool, recorded as announced by the object being read.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AddToPool(object? value) => GrowableArray.Append(ref _pool, ref _poolCount, new PoolEntry { Value = value, Owner = _current });

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AddPending(SlimCodec codec, int index) => GrowableArray.Append(ref _pending, ref _pendingCount, new PendingBody(codec, index));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AddBackEdge(int target)
    {
        int owner = _current;
        if (owner < 0 || owner == target)
        {
            return;
        }
        int count = _backEdgeCount;
        if (count + 2 > _backEdges.Length)
        {
            Array.Resize(ref _backEdges, _backEdges.Length * 2);
        }
        _backEdges[count] = owner;
        _backEdges[count + 1] = target;
        _backEdgeCount = count + 2;
    }

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
        if (index >= _limits.MaxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), index + 1L, _limits.MaxObjects, offset);
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
        if (_poolCount >= _limits.MaxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), _poolCount + 1L, _limits.MaxObjects, offset);
        }
    }

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

    object? ISlimReferenceReader.ReadReference(Type declaredType) => ReadReference(Codecs.SlotFor(declaredType));

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
            Type type = ReadTypeHandle();
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
            if (_prefixStart >= 0)
            {
                RememberRootPrefix(codec, slot, offset);
            }
        }
        else
        {
            SlimThrow.BadHandle(handle, offset);
            return null!;
        }
        return AnnounceNew(codec, offset);
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
    /// Checks the value types a reading plan reads by the writer's declaration (<see cref="LayoutPlan.PayloadValueTypes"/>)
    /// against this message's policy, before the plan is compiled or reads anything: members the reader drops create
    /// objects too, and must pass the same policy as the members it keeps.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AdmitPlan(LayoutPlan plan)
    {
        foreach (Type type in plan.PayloadValueTypes)
        {
            _admission.Check(type);
        }
        plan.AdmittedBy = _admission;
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
        if (index >= _limits.MaxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), index + 1L, _limits.MaxObjects, offset);
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

    /// <summary>
    /// The codec of a type named (or declared) for a new object. The bytes choose the type, so a type that has no
    /// instances (abstract, interface, open generic, void, static class) or that Slim cannot handle is malformed input
    /// here, not a serialization error: everything is reported as a <see cref="SlimDeserializationException"/>.
    /// </summary>
    private SlimCodec CodecForReading(Type type, ReferenceSlot slot, long offset)
    {
        // The steady state: a type already read once. Reflection on the type costs more than reading a small object.
        if (Codecs.TryGetBuilt(type, out SlimCodec? built) && built.CheckedReadable)
        {
            return built;
        }
        return CheckedCodecForReading(type, slot, offset);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private SlimCodec CheckedCodecForReading(Type type, ReferenceSlot slot, long offset)
    {
        // An interface or abstract class has instances here only through a user serializer registered for it (a surrogate).
        if ((type.IsAbstract || type.IsInterface) && !Codecs.IsSerializerType(type) || type.ContainsGenericParameters || type == typeof(void) ||
            type.IsByRefLike || type.IsPointer || type.IsByRef || type.IsFunctionPointer)
        {
            SlimThrow.NoInstances(slot, type, offset);
        }
        SlimCodec codec;
        try
        {
            codec = Codecs.Get(type);
        }
        catch (Exception e) when (e is not SlimDeserializationException and not OutOfMemoryException)
        {
            throw new SlimDeserializationException(
                $"At offset {offset}, {slot.Name} announces a '{TypeNames.Describe(type)}', which Slim cannot read: {e.Message}", e);
        }
        if (type == slot.DeclaredType)
        {
            slot.ExactCodec(Codecs); // caches it in the slot (cannot fail now)
        }
        codec.CheckedReadable = true;
        return codec;
    }

    private void GuardDeclaredType(ReferenceSlot slot)
    {
        if (slot.DeniedReason is not null)
        {
            throw new SlimTypeNotAllowedException(TypeNames.Describe(slot.DeclaredType), slot.DeniedReason + " (the deny-list applies under every policy).");
        }
        if (slot.AdmitDeclaredType)
        {
            _admission.Check(slot.DeclaredType);
        }
    }

    /// <summary>Throws <see cref="SlimTypeNotAllowedException"/> unless the policy allows <paramref name="type"/>.</summary>
    public void CheckAllowed(Type type) => _admission.Check(type);

    /// <summary>
    /// Schedules work that completes the object being read (its header or body is being read now): it runs once every
    /// body is read, after everything that object reaches is complete (<see cref="CompletionOrder"/>).
    /// </summary>
    public void Defer(IDeferredFill fill, CompletionKind kind = CompletionKind.Fill) =>
        _completion.Add(new CompletionStep(_current, kind, fill, null));

    private void Fill(CompletionStep step) => ((IDeferredFill)step.Work).Fill(this);

    /// <summary>A pool slot: the object (null while its header is being read) and the object that announced it (-1: none).</summary>
    private struct PoolEntry
    {
        public object? Value;
        public int Owner;
    }

    /// <summary>
    /// A body still to read: the codec and the object's pool index. The object itself is not repeated here: on a large
    /// graph every reference stored into a long-lived array is more work for each young-generation collection.
    /// </summary>
    private readonly record struct PendingBody(SlimCodec Codec, int Index);
}
