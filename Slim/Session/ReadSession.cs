using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;

namespace NFX.Slim.Session;

/// <summary>
/// The state of reading one message: the pool (index -> object; an object enters it the moment it is announced,
/// before its body, so cycles resolve), the queue of bodies still to read, the work that completes objects once the
/// whole graph is read and validated (<see cref="CompletionOrder"/>: ISerializable constructors, hashed and sorted
/// collections, [OnDeserialized]) and the registry. Its parts: reading references and announcing objects
/// (ReadSession.References.cs), what a message may name and declare (ReadSession.Checks.cs), type entries and layouts
/// (ReadSession.TypeEntries.cs).
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
    private readonly SlimLimits _limits;
    private readonly int _maxObjects; // _limits.MaxObjects, checked before every object and string
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
        _maxObjects = _limits.MaxObjects;
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
    /// Reads the registry stamp, the root and every body, then runs deferred fills and callbacks. <paramref name="formatVersion"/>
    /// is the message's (its header was checked): it says which bodies follow their announcement (<see cref="BodyOrder"/>).
    /// </summary>
    public object? ReadGraph(TypeRegistry registry, TypeAdmission admission, ReferenceSlot rootSlot, byte formatVersion)
    {
        _maxOpenBodies = BodyOrder.MaxOpenBodiesOf(formatVersion);
        // Mostly the same registry and policy as the last message: their stores' write barriers only when they change.
        if (!ReferenceEquals(_registry, registry))
        {
            _registry = registry;
        }
        if (!ReferenceEquals(_admission, admission))
        {
            _admission = admission;
        }
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
            EntryMemo prefix = memo.Prefix;
            reader.Skip(prefix.Recorded.Bytes.Length);
            if (prefix.RestoresFromNothingIn(registry))
            {
                // What Replay would check and do from a registry that learned nothing (the checksum stands for the
                // template): its snapshot in three stores, as the writer's first entry (the chain's links then find
                // the registry holding it: ReplayLink).
                prefix.RestoreOver(registry);
            }
            else
            {
                prefix.Replay(registry, null);
            }
            if (memo != _chainRoot)
            {
                _chainRoot = memo;
                ForgetChain();
            }
            _chainAtIndex = -1;
            _chainCount = registry.Count;
            root = memo.RootBody is { } body && !registry.HasPlans
                ? ReadRootInPlace(memo.Codec, body, stampOffset + memo.RootHandleAt)
                : AnnounceNew(memo.Codec, stampOffset + memo.RootHandleAt);
        }
        else
        {
            _chainCount = -1;
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
            StructuralGraph.Check(_structural.AsSpan(0, _structuralCount), Codecs.Structural, _limits, reader.Position);
        }
        if (_completion.HasSteps)
        {
            RecordReach();
        }
        _completion.Run(_poolCount, _fill ??= Fill, reading: true);
        return root;
    }

    /// <summary>
    /// <see cref="AnnounceNew"/> for a replayed message start's root whose generated body the memo found may be read in
    /// place (<see cref="RootPrefixMemo.RootBody"/>: no callbacks, no header, no structural reach; the caller checked that no
    /// reading plan is in use): the object limit, the shell, its pool index, then its generated body called directly
    /// (not through the codec's delegate) or queued, as <see cref="ReadBodyOrQueue"/> decides.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private object ReadRootInPlace(SlimCodec codec, Generated.GeneratedBody body, long offset)
    {
        int index = _poolCount;
        if (index >= _maxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), index + 1L, _maxObjects, offset);
        }
        object instance = codec.ReadHeader(Reader, this);
        AddToPool(instance);
        if (_openBodies < _maxOpenBodies)
        {
            _openBodies++;
            int outer = _current;
            _current = index; // what the body announces is recorded as reached from this object
            body.Codec.ReadBody(Reader, instance, new Generated.SlimGeneratedReader(this, body.Slots));
            _current = outer;
            _openBodies--;
        }
        else
        {
            ReadBodyOrQueue(codec, instance, index);
        }
        return instance;
    }

    public void Clear()
    {
        // The graph must not stay reachable from a cached session; the queue holds only codecs, which live as long as
        // the serializer anyway. Cleared through a span, as the writer's queue: the untyped Array.Clear asks the array's
        // type what it holds on every call (a loop over the objects alone is dearer once the pool has ~20 entries).
        PoolEntry[] pool = _pool;
        if (YoungTable.ShouldReplace(pool, _poolCount))
        {
            // Every object and string read is stored in the pool (see YoungTable).
            _pool = new PoolEntry[pool.Length];
        }
        else
        {
            pool.AsSpan(0, _poolCount).Clear();
        }
        _poolCount = 0;
        _pendingCount = 0;
        _backEdgeCount = 0;
        if (_structuralCount != 0)
        {
            _structural.AsSpan(0, _structuralCount).Clear();
            _structuralCount = 0;
        }
        _completion.Clear();
        _depth = 0;
        _openBodies = 0;
        _current = -1;
        _prefixStart = -1; // a message that failed before its root entry was remembered must not leave its start behind
        _chainCount = -1;
        _chainAtIndex = -1;
        _entryLink = null;
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
    /// <remarks>
    /// Not <see cref="GrowableArray.Append"/>: inlined for every object and string a generated body reads, its references
    /// to the fields made the JIT keep them in memory and check the array's bounds twice.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AddToPool(object? value)
    {
        PoolEntry[] pool = _pool;
        int index = _poolCount;
        if ((uint)index < (uint)pool.Length)
        {
            // One element reference for both fields: indexing for each cost a bounds check each, on top of the test above
            // (a reference made with Unsafe.Add instead would cost the barrier that checks whether it points into the heap).
            ref PoolEntry entry = ref pool[index];
            entry.Value = value;
            entry.Owner = _current;
            _poolCount = index + 1;
            return;
        }
        AddToGrownPool(value);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AddToGrownPool(object? value) => GrowableArray.Append(ref _pool, ref _poolCount, new PoolEntry { Value = value, Owner = _current });

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
