using NFX.IO;

namespace NFX.Slim.Cloning;

/// <summary>
/// The deep clone of a value with a user serializer (<see cref="ISlimTypeSerializer"/>), which alone knows what the
/// value is made of: the serializer writes it into scratch bytes and reads it back. The references it writes do not
/// travel as bytes: each is recorded and written as its index, and reading the index back yields that object's clone
/// from the session, so identity and cycles with the rest of the graph hold exactly as in a round trip through bytes
/// (a reference back to the value being cloned is refused, as the reader refuses it).
/// </summary>
internal sealed class SerializerClone : ISlimReferenceWriter, ISlimReferenceReader, IDisposable
{
    private readonly CloneSession _session;
    private readonly ISlimTypeSerializer _serializer;
    private readonly List<object?> _references = [];
    private readonly SlimWriter _writer = new(256);
    private readonly SlimReader _reader = new();

    private SerializerClone(CloneSession session, ISlimTypeSerializer serializer)
    {
        _session = session;
        _serializer = serializer;
    }

    /// <summary>Clones <paramref name="source"/>; a fresh instance per value, because cloning a reference may clone another such value.</summary>
    public static object Clone(CloneSession session, ISlimTypeSerializer serializer, object source, Type served)
    {
        using var clone = new SerializerClone(session, serializer);
        return clone.Run(source, served);
    }

    /// <summary>Clones <paramref name="source"/>; the copy must be a <paramref name="served"/> (the source's type), which any slot that held the source can hold.</summary>
    private object Run(object source, Type served)
    {
        Type type = _serializer.Type;
        object? value;
        try
        {
            _serializer.Write(source, _writer, this);
            _reader.Reset(_writer.WrittenMemory);
            value = _serializer.Read(_reader, this);
        }
        catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
        {
            throw new SlimSerializationException($"The custom serializer for '{type}' failed while cloning: {e.Message}", e);
        }
        if (!served.IsInstanceOfType(value))
        {
            throw new SlimSerializationException($"The custom serializer for '{type}' returned a '{value?.GetType().ToString() ?? "null"}' " +
                $"while cloning a '{served}'; a copy must be an instance of the source's type.");
        }
        if (_reader.BufferedBytes != 0)
        {
            throw new SlimSerializationException($"The custom serializer for '{type}' read {_reader.BufferedBytes} byte(s) fewer than it wrote.");
        }
        return value;
    }

    void ISlimReferenceWriter.WriteReference(object? value)
    {
        _writer.WriteVarUInt32((uint)_references.Count);
        _references.Add(value);
    }

    object? ISlimReferenceReader.ReadReference(Type declaredType)
    {
        uint index = _reader.ReadVarUInt32();
        if (index >= (uint)_references.Count)
        {
            throw new SlimSerializationException($"The custom serializer for '{_serializer.Type}' read a reference it did not write.");
        }
        object? clone = _session.CloneReference(_references[(int)index]);
        if (clone is not null && !declaredType.IsInstanceOfType(clone))
        {
            throw new SlimSerializationException($"The custom serializer for '{_serializer.Type}' read a '{clone.GetType()}' as a '{declaredType}'.");
        }
        return clone;
    }

    public void Dispose()
    {
        _writer.Dispose();
        _reader.Dispose();
    }
}
