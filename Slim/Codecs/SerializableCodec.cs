#pragma warning disable SYSLIB0050, SYSLIB0051 // ISerializable is how these types define their state; honouring it is the point.
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A class that implements <see cref="ISerializable"/> with the (SerializationInfo, StreamingContext) constructor:
/// its GetObjectData entries are written as name/reference pairs, so values keep identity and cycles with the rest of
/// the graph (the ancestor wrote them inline and lost both). The object exists from first sight (uninitialized) and
/// its constructor runs on it after the whole graph is read, once everything its members reach is complete
/// (<see cref="CompletionOrder"/>), so a dictionary keyed by it is filled only after it is constructed.
/// </summary>
internal sealed class SerializableCodec : SlimCodec
{
    private static readonly StreamingContext s_context = default;
    private readonly ConstructorInfo _constructor;
    private readonly ReferenceSlot _nameSlot;
    private readonly ReferenceSlot _valueSlot;
    private readonly (string Member, int UnitBytes)[] _capacities;
    private readonly bool _isCultureComparer;

    [RequiresUnreferencedCode("Allocates the type uninitialized and runs its ISerializable constructor found by reflection.")]
    public SerializableCodec(Type type, ConstructorInfo constructor, CodecCache codecs) : base(type)
    {
        _constructor = constructor;
        Callbacks = SerializationCallbacks.For(type);
        RunsProgramCode = true;
        _nameSlot = codecs.SlotFor(typeof(string), type.Name + " member name");
        _valueSlot = codecs.SlotFor(typeof(object), type.Name + " member");
        _capacities = DeclaredCapacities.Of(type);
        _isCultureComparer = type == CultureComparerOptions.ComparerType;
    }

    /// <summary>The special constructor of <paramref name="type"/>, or null when it has none.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A generated codec keeps every constructor of its type (LayoutMembers), so the choice of codec is the JIT build's; where members may be trimmed, a type without one is refused.")]
    public static ConstructorInfo? FindConstructor(Type type) =>
        typeof(ISerializable).IsAssignableFrom(type) && !type.IsValueType
            ? type.GetConstructor(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, [typeof(SerializationInfo), typeof(StreamingContext)])
            : null;

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        SerializationInfo info = Capture(value);
        writer.WriteVarUInt32((uint)info.MemberCount);
        foreach (SerializationEntry entry in info)
        {
            session.WriteReference(entry.Name, _nameSlot);
            session.WriteReference(entry.Value, _valueSlot);
        }
    }

    [UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "Instances come only from the constructor, which requires unreferenced code.")]
    public override object ReadHeader(SlimReader reader, ReadSession session) => RuntimeHelpers.GetUninitializedObject(Type);

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        int count = reader.ReadLength(Type.Name + " members", 2);
        var members = new (string Name, object? Value)[count];
        for (int i = 0; i < count; i++)
        {
            string name = (string?)session.ReadReference(_nameSlot) ?? throw new SlimFormatException($"A null member name of {Type.Name} at offset {reader.Position}.", reader.Position);
            members[i] = (name, session.ReadReference(_valueSlot));
        }
        if (_capacities.Length != 0)
        {
            DebitCapacities(members, session, reader.Position);
        }
        if (_isCultureComparer)
        {
            CultureComparerOptions.Check(members, reader.Position); // before its constructor can make a collator for them
        }
        session.Defer(new Construction(this, instance, members), CompletionKind.Construct);
    }

    // Before the constructor can allocate what a member declares: a capacity is memory the bytes did not pay for.
    private void DebitCapacities((string Name, object? Value)[] members, ReadSession session, long offset)
    {
        foreach ((string member, int unitBytes) in _capacities)
        {
            foreach ((string name, object? value) in members)
            {
                if (name == member && DeclaredCapacities.AsCount(value) is > 0 and long count)
                {
                    session.DebitDeclaredCapacity(count > long.MaxValue / unitBytes ? long.MaxValue : count * unitBytes, $"{Type.Name}.{member} = {count}", offset);
                }
            }
        }
    }

    [UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "Instances come only from the constructor, which requires unreferenced code.")]
    public override object CloneHeader(object source, CloneSession session) => RuntimeHelpers.GetUninitializedObject(Type);

    public override void CloneBody(object source, object target, CloneSession session)
    {
        SerializationInfo info = Capture(source);
        var members = new (string Name, object? Value)[info.MemberCount];
        int i = 0;
        foreach (SerializationEntry entry in info)
        {
            members[i++] = (entry.Name, session.CloneReference(entry.Value));
        }
        session.Defer(new Construction(this, target, members), CompletionKind.Construct);
    }

    private SerializationInfo Capture(object value)
    {
        var info = new SerializationInfo(Type, new FormatterConverter());
        try
        {
            ((ISerializable)value).GetObjectData(info, s_context);
        }
        catch (PlatformNotSupportedException e)
        {
            // The BCL's types whose binary serialization was removed (docs/FORMAT.md, "ISerializable types of the BCL").
            SlimThrow.UnsupportedType(Type, $"its ISerializable.GetObjectData is not supported on this platform ({e.Message}); " +
                "register an ISlimTypeSerializer for it, or mark the field [NonSerialized] and keep the data it holds instead");
        }
        if (info.ObjectType != Type)
        {
            SlimThrow.Unsupported(Type.Name, "ISerializable.GetObjectData switches to another type (SetType), which Slim does not support");
        }
        return info;
    }

    private void Construct(object instance, (string Name, object? Value)[] members)
    {
        var info = new SerializationInfo(Type, new FormatterConverter());
        try
        {
            foreach ((string name, object? value) in members)
            {
                info.AddValue(name, value, value?.GetType() ?? typeof(object));
            }
            _constructor.Invoke(instance, [info, s_context]);
        }
        catch (Exception e) when (e is not SlimException)
        {
            Exception cause = e is TargetInvocationException { InnerException: { } inner } ? inner : e;
            throw new SlimDeserializationException($"The ISerializable constructor of '{Type}' failed: {cause.Message}", cause);
        }
    }

    private sealed class Construction(SerializableCodec codec, object instance, (string Name, object? Value)[] members) : IDeferredFill, IDeferredCloneFill
    {
        public void Fill(ReadSession session) => codec.Construct(instance, members);

        public void Fill() => codec.Construct(instance, members);
    }
}
