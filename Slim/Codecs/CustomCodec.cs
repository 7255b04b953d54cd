using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A type with a user-written <see cref="ISlimTypeSerializer"/>: written inline by it. <see cref="SlimCodec.Type"/> is
/// the type this codec serves (the runtime type written, or the type a message names for reading);
/// <see cref="SerializerType"/> the one the serializer is registered for, which differs when the serializer is a
/// surrogate: registered for a base type or interface of the served type.
/// </summary>
internal sealed class CustomCodec : SlimCodec
{
    private readonly ISlimTypeSerializer _serializer;

    public CustomCodec(ISlimTypeSerializer serializer, Type served) : base(served)
    {
        _serializer = serializer;
        SerializerType = serializer.Type;
        RunsProgramCode = true;
    }

    /// <summary>The type the serializer is registered for (<see cref="ISlimTypeSerializer.Type"/>).</summary>
    public Type SerializerType { get; }

    /// <summary>
    /// The type a message names for a value of the served type held in a slot declared as <paramref name="declared"/>:
    /// the serializer's type when the slot can hold any value of it (so the reader may get back another concrete type,
    /// and the bytes never name the concrete one), else the served type itself.
    /// </summary>
    public Type NamedType(Type declared) => SerializerType != Type && declared.IsAssignableFrom(SerializerType) ? SerializerType : Type;

    public override bool HasBody => false;

    public override bool HeaderReadsReferences => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _serializer.Write(value, writer, session);

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        object value;
        try
        {
            value = _serializer.Read(reader, session);
        }
        catch (Exception e) when (e is not SlimException)
        {
            throw new SlimDeserializationException($"The custom serializer for '{SerializerType}' failed at offset {reader.Position}: {e.Message}", e);
        }
        if (!Type.IsInstanceOfType(value))
        {
            // A surrogate may return another concrete type than the one written, but never one the slot cannot hold.
            throw new SlimDeserializationException($"The custom serializer for '{SerializerType}' returned a " +
                $"'{value?.GetType().ToString() ?? "null"}' where the message announces a '{Type}'; its Read must return an instance of that type.");
        }
        return value;
    }

    /// <summary>A clone goes through the serializer's own bytes, its references through the clone session (<see cref="SerializerClone"/>).</summary>
    public override object CloneHeader(object source, CloneSession session) => SerializerClone.Clone(session, _serializer, source, Type);
}
