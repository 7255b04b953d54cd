namespace NFX.Perf.Contenders;

/// <summary>
/// A serializer bound to one root type: the generic peers (MemoryPack, MessagePack, protobuf-net, Orleans) are called
/// through their typed API, as their users call them, and the harness reaches them through this object-typed face.
/// </summary>
public abstract class TypedCodec
{
    /// <summary>Serializes <paramref name="value"/>; the result may live in a reused buffer.</summary>
    public abstract ReadOnlyMemory<byte> Serialize(object value);

    /// <summary>Deserializes a payload produced by <see cref="Serialize"/>.</summary>
    public abstract object? Deserialize(ReadOnlyMemory<byte> payload);

    /// <summary>Creates <paramref name="open"/> closed over <paramref name="rootType"/> with the given constructor arguments.</summary>
    public static TypedCodec Create(Type open, Type rootType, params object[] args) =>
        (TypedCodec)(Activator.CreateInstance(open.MakeGenericType(rootType), args)
            ?? throw new InvalidOperationException($"Could not create {open.Name} for {rootType}."));
}
