using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>A type with a user-written <see cref="ISlimTypeSerializer"/>: written inline by it.</summary>
internal sealed class CustomCodec : SlimCodec
{
    private readonly ISlimTypeSerializer _serializer;

    public CustomCodec(ISlimTypeSerializer serializer) : base(serializer.Type)
    {
        _serializer = serializer;
        RunsProgramCode = true;
    }

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
            throw new SlimDeserializationException($"The custom serializer for '{Type}' failed at offset {reader.Position}: {e.Message}", e);
        }
        if (value is null || value.GetType() != Type)
        {
            throw new SlimDeserializationException($"The custom serializer for '{Type}' returned a '{value?.GetType().ToString() ?? "null"}'.");
        }
        return value;
    }

    /// <summary>A clone goes through the serializer's own bytes, its references through the clone session (<see cref="SerializerClone"/>).</summary>
    public override object CloneHeader(object source, CloneSession session) => SerializerClone.Clone(session, _serializer, source);
}
