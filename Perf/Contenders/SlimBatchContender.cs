using System.Buffers;
using NFX.Slim;

namespace NFX.Perf.Contenders;

/// <summary>
/// Slim in Batch mode, as on a connection: one serializer writes, another reads, both reused, the output written
/// into one reused buffer. <see cref="Prepare"/> sends each root once first, so timing sees the steady state (type
/// names already known on both ends).
/// </summary>
public class SlimBatchContender : Contender
{
    private readonly SlimSerializer _writer;
    private readonly SlimSerializer _reader;
    private readonly ArrayBufferWriter<byte> _buffer = new(64 * 1024);
    private readonly string _name;
    private readonly string _notes;

    /// <summary>Strict layouts.</summary>
    public SlimBatchContender()
        : this(SlimVersioning.Strict, "Slim (Batch)", "steady state of a connection: registry primed, output into a reused IBufferWriter.")
    {
    }

    /// <summary>The same contender writing <paramref name="versioning"/> layouts, under its own name.</summary>
    protected SlimBatchContender(SlimVersioning versioning, string name, string notes)
    {
        _writer = new SlimSerializer(SlimPerfOptions.For(TypeRegistryMode.Batch, versioning));
        _reader = new SlimSerializer(SlimPerfOptions.For(TypeRegistryMode.Batch));
        _name = name;
        _notes = notes;
    }

    /// <inheritdoc/>
    public override string Name => _name;

    /// <inheritdoc/>
    public override string Notes => _notes;

    /// <inheritdoc/>
    public override object Prepare(object root)
    {
        _reader.Deserialize(Serialize(root));
        return root;
    }

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        _buffer.ResetWrittenCount();
        _writer.Serialize(_buffer, prepared);
        return _buffer.WrittenMemory;
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload) => _reader.Deserialize(payload);
}
