using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Layouts;
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
    private readonly SlimSerializer _owner;
    private readonly List<object?> _pool = [];
    private readonly List<(object Instance, SlimCodec Codec, int Index)> _pending = [];
    private readonly CompletionOrder _completion = new();
    private TypeRegistry _registry;
    private TypeAdmission _admission;
    private SlimLimits _limits;
    private int _depth;
    private int _current = -1; // pool index of the object whose header or body is being read
    private Action<CompletionStep>? _fill;

    public ReadSession(SlimSerializer owner, TypeRegistry registry, TypeAdmission admission)
    {
        _owner = owner;
        _registry = registry;
        OwnRegistry = registry;
        _admission = admission;
        _limits = owner.Options.Limits;
        Reader = new SlimReader();
    }

    public SlimReader Reader { get; }

    public CodecCache Codecs => _owner.Codecs;

    /// <summary>The session's own registry, used per message in PerCall mode.</summary>
    public TypeRegistry OwnRegistry { get; }

    public SlimLimits Limits => _limits;

    /// <summary>Reads the registry stamp, the root and every body, then runs deferred fills and callbacks.</summary>
    public object? ReadGraph(TypeRegistry registry, TypeAdmission admission, ReferenceSlot rootSlot)
    {
        _registry = registry;
        _admission = admission;
        SlimReader reader = Reader;
        reader.MaxLength = _limits.MaxCollectionLength;
        reader.MaxLengthName = nameof(SlimLimits.MaxCollectionLength);
        reader.MaxStringBytes = _limits.MaxStringBytes;
        long stampOffset = reader.Position;
        uint count = reader.ReadVarUInt32();
        uint checksum = reader.ReadFixed32();
        if (count != registry.Count || checksum != registry.Checksum)
        {
            SlimThrow.RegistryMismatch(count, checksum, registry.Count, registry.Checksum, stampOffset);
        }
        object? root = ReadReference(rootSlot);
        List<(object Instance, SlimCodec Codec, int Index)> pending = _pending;
        for (int i = 0; i < pending.Count; i++)
        {
            (object instance, SlimCodec codec, int index) = pending[i];
            if (codec.Callbacks is { OnDeserializing.Length: > 0 } callbacks)
            {
                SerializationCallbacks.Invoke(callbacks.OnDeserializing, instance, reading: true);
            }
            _current = index;
            int announced = _pool.Count;
            codec.ReadBody(reader, instance, this);
            _completion.Announced(index, announced, _pool.Count);
        }
        _current = -1;
        // Every byte must be accounted for BEFORE any deferred work runs: hashed-collection fills call user
        // GetHashCode/Equals, ISerializable constructors and callbacks see the data, and none of them may run for a
        // message that is not valid to its end (docs/SECURITY.md, "Callbacks").
        if (reader.BufferedBytes != 0)
        {
            SlimThrow.Format($"The message payload has {reader.BufferedBytes} unread byte(s) after its last object", reader.Position);
        }
        _completion.Run(_pool.Count, _fill ??= Fill, reading: true);
        return root;
    }

    public void Clear()
    {
        _pool.Clear();
        _pending.Clear();
        _completion.Clear();
        _depth = 0;
        _current = -1;
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
        return handle == WireHandle.Null ? null : ReadNewObject(handle, slot, offset);
    }

    /// <summary>
    /// Checks that one more object fits <see cref="SlimLimits.MaxObjects"/> before generated code reads a value of a
    /// sealed native slot inline (the handle <see cref="WireHandle.NewOfDeclaredType"/> at <paramref name="offset"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BeginInline(long offset)
    {
        if (_pool.Count >= _limits.MaxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), _pool.Count + 1L, _limits.MaxObjects, offset);
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
        _pool.Add(value);
        return value;
    }

    object? ISlimReferenceReader.ReadReference(Type declaredType) => ReadReference(Codecs.SlotFor(declaredType));

    private object BackReference(uint index, ReferenceSlot slot, long offset)
    {
        if (index >= (uint)_pool.Count)
        {
            SlimThrow.BadBackReference(index, _pool.Count, offset);
        }
        object? value = _pool[(int)index];
        if (value is null)
        {
            SlimThrow.ReferenceToUnfinished(index, offset);
        }
        _completion.BackReference(_current, (int)index);
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
        }
        else if (handle == WireHandle.NewWithType)
        {
            Type type = ReadTypeHandle();
            _admission.Check(type);
            if (!slot.DeclaredType.IsAssignableFrom(type))
            {
                SlimThrow.SlotTypeMismatch(slot, type, offset);
            }
            codec = CodecForReading(type, slot, offset);
        }
        else
        {
            SlimThrow.BadHandle(handle, offset);
            return null!;
        }
        if (_registry.HasPlans && _registry.TryGetPlan(codec.Type, out LayoutPlan? plan))
        {
            // The writer had another layout of this class: read its body through the plan, compiled on first use, so
            // only after the type passed the policy.
            codec = plan.Codec ??= LayoutThrow.PlanOrThrow(_owner.Layouts, plan.Local, plan.Members);
        }
        int index = _pool.Count;
        if (index >= _limits.MaxObjects)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxObjects), index + 1L, _limits.MaxObjects, offset);
        }
        object instance;
        if (!codec.HeaderIsEmpty && codec.HeaderReadsReferences)
        {
            // The header announces objects of its own, which take the following indexes: hold this one's place.
            _pool.Add(null);
            if (++_depth > _limits.MaxDepth)
            {
                SlimThrow.Limit(nameof(SlimLimits.MaxDepth), _depth, _limits.MaxDepth, offset);
            }
            int outer = _current;
            _current = index;
            instance = codec.ReadHeader(Reader, this);
            _current = outer;
            _depth--;
            _pool[index] = instance;
            _completion.Announced(index, index + 1, _pool.Count);
        }
        else
        {
            instance = codec.ReadHeader(Reader, this);
            _pool.Add(instance);
        }
        if (codec.HeaderIsEmpty || codec.HasBody)
        {
            _pending.Add((instance, codec, index));
        }
        if (codec.Callbacks is { HasAfterRead: true } afterRead)
        {
            _completion.AddCallbacks(index, instance, codec, afterRead);
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
        if (type.IsAbstract || type.IsInterface || type.ContainsGenericParameters || type == typeof(void) || type.IsByRefLike ||
            type.IsPointer || type.IsByRef || type.IsFunctionPointer)
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
}
