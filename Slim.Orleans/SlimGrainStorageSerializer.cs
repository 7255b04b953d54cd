using System.Buffers.Binary;
using System.IO.Hashing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Orleans.Runtime;
using Orleans.Storage;

namespace NFX.Slim.Orleans;

/// <summary>
/// Grain state stored as Slim, behind a checksummed header: a stored state that was damaged (a flipped bit, a truncated
/// write, another serializer's bytes) is a <see cref="SlimGrainStateException"/> naming the grain and the state type,
/// never a silent misread. Give it to a storage provider's options, for example
/// <c>siloBuilder.AddMemoryGrainStorage("store", o =&gt; o.GrainStorageSerializer = ActivatorUtilities.CreateInstance&lt;SlimGrainStorageSerializer&gt;(services))</c>
/// (or register it as <see cref="IGrainStorageSerializer"/>).
/// </summary>
/// <remarks>
/// <code>
/// offset  size  field
///      0     2  magic 'S' 'G' (0x53 0x47)
///      2     1  format version (1)
///      3     8  checksum: XxHash3 64-bit of the content, little-endian
///     11     n  content: one Slim message
/// </code>
/// The state is read with <c>Deserialize&lt;T&gt;</c>: the types the state type reaches are admitted besides
/// <see cref="SlimOrleansOptions"/>'s policy. Tolerant layouts (<see cref="SlimOrleansOptions.Versioning"/>) let a
/// changed state class read state stored by its previous version.
/// </remarks>
public sealed class SlimGrainStorageSerializer : IGrainStorageSerializer
{
    private const byte Magic0 = (byte)'S';
    private const byte Magic1 = (byte)'G';
    private const byte Version = 1;
    private const int HeaderSize = 11;

    private readonly SlimSerializer _slim;
    private readonly IGrainContextAccessor? _grainContext;

    /// <summary>Creates the serializer from the container: <see cref="SlimOrleansOptions"/> and the silo's grain context (to name the grain in errors).</summary>
    [ActivatorUtilitiesConstructor]
    public SlimGrainStorageSerializer(IOptions<SlimOrleansOptions> options, IServiceProvider services)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(services);
        _slim = options.Value.CreateSerializer();
        _grainContext = services.GetService<IGrainContextAccessor>();
    }

    /// <summary>Creates the serializer with <paramref name="options"/> (outside a container).</summary>
    public SlimGrainStorageSerializer(SlimOrleansOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        _slim = options.CreateSerializer();
    }

    /// <inheritdoc/>
    public BinaryData Serialize<T>(T? input)
    {
        byte[] content = _slim.Serialize(input);
        var stored = new byte[HeaderSize + content.Length];
        stored[0] = Magic0;
        stored[1] = Magic1;
        stored[2] = Version;
        BinaryPrimitives.WriteUInt64LittleEndian(stored.AsSpan(3), XxHash3.HashToUInt64(content));
        content.CopyTo(stored, HeaderSize);
        return new BinaryData(stored);
    }

    /// <inheritdoc/>
    public T? Deserialize<T>(BinaryData input)
    {
        ArgumentNullException.ThrowIfNull(input);
        ReadOnlyMemory<byte> stored = input.ToMemory();
        ReadOnlySpan<byte> span = stored.Span;
        if (span.Length < HeaderSize)
        {
            throw Corrupt<T>($"{span.Length} byte(s) is shorter than the {HeaderSize}-byte header");
        }
        if (span[0] != Magic0 || span[1] != Magic1)
        {
            throw Corrupt<T>($"it starts with 0x{span[0]:X2} 0x{span[1]:X2}, not 'SG' (not a state written by SlimGrainStorageSerializer)");
        }
        if (span[2] != Version)
        {
            throw Corrupt<T>($"format version {span[2]} is not supported (this reader knows {Version})");
        }
        ulong expected = BinaryPrimitives.ReadUInt64LittleEndian(span[3..]);
        ulong actual = XxHash3.HashToUInt64(span[HeaderSize..]);
        if (expected != actual)
        {
            throw Corrupt<T>($"the checksum is {expected:X16} but the {span.Length - HeaderSize}-byte content hashes to {actual:X16} (corrupt or truncated)");
        }
        try
        {
            return _slim.Deserialize<T>(stored[HeaderSize..]);
        }
        catch (SlimException e)
        {
            throw new SlimGrainStateException(GrainName(), typeof(T), e.Message, e);
        }
    }

    private SlimGrainStateException Corrupt<T>(string reason) => new(GrainName(), typeof(T), reason, null);

    private string? GrainName()
    {
        try
        {
            return _grainContext?.GrainContext?.GrainId.ToString();
        }
        catch (InvalidOperationException)
        {
            return null; // not on a grain's turn (a tool reading stored state)
        }
    }
}
