using System.Buffers;

namespace NFX.Slim;

/// <summary>
/// Serializes arbitrary .NET object graphs to the compact Slim binary format and back: no attributes, private and
/// readonly fields, polymorphism, shared references and cycles. In <see cref="TypeRegistryMode.PerCall"/> mode
/// (the default) one instance is safe to use from many threads at once.
/// </summary>
/// <example>
/// <code>
/// var slim = new SlimSerializer();
/// byte[] bytes = slim.Serialize(order);
/// Order copy = slim.Deserialize&lt;Order&gt;(bytes);
/// Order clone = slim.DeepClone(order);
/// </code>
/// </example>
public sealed partial class SlimSerializer
{
    /// <summary>Creates a serializer with <see cref="SlimOptions.Default"/>.</summary>
    public SlimSerializer() : this(SlimOptions.Default) { }

    /// <summary>Creates a serializer with the given options.</summary>
    public SlimSerializer(SlimOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        Options = options;
    }

    /// <summary>The options this serializer was created with.</summary>
    public SlimOptions Options { get; }

    /// <summary>Writes <paramref name="root"/> and everything it references into a new array.</summary>
    public byte[] Serialize(object? root) => throw new NotImplementedException();

    /// <summary>Writes one message to <paramref name="stream"/>; several messages may follow one another.</summary>
    public void Serialize(Stream stream, object? root) => throw new NotImplementedException();

    /// <summary>Writes one message to <paramref name="writer"/>.</summary>
    public void Serialize(IBufferWriter<byte> writer, object? root) => throw new NotImplementedException();

    /// <summary>Reads one message.</summary>
    public object? Deserialize(ReadOnlySpan<byte> bytes) => throw new NotImplementedException();

    /// <summary>Reads one message (array-backed memory is not copied).</summary>
    public object? Deserialize(ReadOnlyMemory<byte> bytes) => throw new NotImplementedException();

    /// <summary>Reads one message.</summary>
    public object? Deserialize(ReadOnlySequence<byte> bytes) => throw new NotImplementedException();

    /// <summary>Reads the next message from <paramref name="stream"/>, consuming exactly its bytes.</summary>
    public object? Deserialize(Stream stream) => throw new NotImplementedException();

    /// <summary>Reads one message whose root must be a <typeparamref name="T"/>.</summary>
    public T Deserialize<T>(ReadOnlySpan<byte> bytes) => throw new NotImplementedException();

    /// <summary>Reads one message whose root must be a <typeparamref name="T"/>.</summary>
    public T Deserialize<T>(ReadOnlyMemory<byte> bytes) => throw new NotImplementedException();

    /// <summary>Reads one message whose root must be a <typeparamref name="T"/>.</summary>
    public T Deserialize<T>(ReadOnlySequence<byte> bytes) => throw new NotImplementedException();

    /// <summary>Reads the next message from <paramref name="stream"/>; its root must be a <typeparamref name="T"/>.</summary>
    public T Deserialize<T>(Stream stream) => throw new NotImplementedException();

    /// <summary>Copies <paramref name="value"/> and its whole graph in memory, without going through bytes.</summary>
    public T DeepClone<T>(T value) => throw new NotImplementedException();

    /// <summary>Forgets the types a <see cref="TypeRegistryMode.Batch"/> registry learned; both ends must reset together.</summary>
    public void ResetBatchRegistry() => throw new NotImplementedException();
}
