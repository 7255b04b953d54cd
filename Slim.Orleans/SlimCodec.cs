using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Options;
using Orleans;
using Orleans.Serialization;
using Orleans.Serialization.Buffers;
using Orleans.Serialization.Cloning;
using Orleans.Serialization.Codecs;
using Orleans.Serialization.Serializers;
using Orleans.Serialization.WireProtocol;

namespace NFX.Slim.Orleans;

/// <summary>
/// Slim as Orleans' fallback codec, copier and type filter: every value whose type has no generated codec and passes
/// the <c>isSupported</c> predicate given to <see cref="SlimSerializerBuilderExtensions.AddSlimSerializer(ISerializerBuilder, Func{Type, bool}?, Action{SlimOrleansOptions}?)"/>
/// travels as one Slim message (cycles, shared references, runtime types and exceptions with their properties kept).
/// </summary>
/// <remarks>
/// <para>
/// Wire form, inside Orleans' framing (the form of Orleans' own JSON codec): a tag-delimited field whose schema type is
/// this codec (the well-known alias <c>"slim"</c>), holding field 0, the value's type through Orleans' type codec, and
/// field 1, the Slim message, length-prefixed. A reader that does not know a field skips it.
/// </para>
/// <para>
/// Reading, the type named by field 0 must pass Orleans' type filters (this class answers for the types it carries:
/// <c>isSupported</c> and Slim's policy both) and this codec's <c>isSupported</c>; every type inside the Slim message
/// must pass Slim's policy (<see cref="SlimOrleansOptions"/>). Slim's own exceptions are always carried, so that a
/// refusal on a silo reaches the caller as the <see cref="SlimTypeNotAllowedException"/> naming the refused type.
/// </para>
/// <para>Copies are Slim's <see cref="SlimSerializer.DeepClone{T}"/>: no bytes, identity and cycles kept.</para>
/// </remarks>
[Alias(WellKnownAlias)]
public sealed class SlimCodec : IGeneralizedCodec, IGeneralizedCopier, ITypeFilter
{
    /// <summary>The well-known type alias that names this codec on the wire.</summary>
    public const string WellKnownAlias = "slim";

    private static readonly Type s_selfType = typeof(SlimCodec);
    // What a message split over segments (or read from a stream) is gathered in first; it doubles as more arrives.
    private const int FirstChunkBytes = 64 * 1024;
    // Each thread writes its messages into one contiguous buffer it keeps (8-10% less CPU per small write than Orleans'
    // pooled segments, docs/orleans.md), unless a message made it larger than this: a thread keeps at most this much.
    private const int MaxKeptBufferBytes = 256 * 1024;
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_buffer;
    // The IsSupportedType of the selectors registered under this codec's name: for codecs, and for copiers.
    private readonly Func<Type, bool>[] _carries;
    private readonly Func<Type, bool>[] _copies;
    private readonly SlimSerializer _slim;
    private readonly int _maxMessageBytes;
    private readonly TypeNameReader _typeNames;
    // Verdicts per type: Orleans asks on every value read (and its framework check reads attributes by reflection).
    private readonly ConcurrentDictionary<Type, bool> _carried = new();
    private readonly ConcurrentDictionary<Type, bool> _copied = new();
    private readonly ConcurrentDictionary<Type, bool> _allowed = new();

    /// <summary>Creates the codec (Orleans' container does, once per node).</summary>
    /// <param name="codecSelectors">The predicates registered for codec name <see cref="WellKnownAlias"/> decide which types are serialized.</param>
    /// <param name="copierSelectors">The predicates registered for copier name <see cref="WellKnownAlias"/> decide which types are copied.</param>
    /// <param name="options">Slim's settings.</param>
    public SlimCodec(IEnumerable<ICodecSelector> codecSelectors, IEnumerable<ICopierSelector> copierSelectors, IOptions<SlimOrleansOptions> options)
    {
        ArgumentNullException.ThrowIfNull(options);
        _carries = [.. codecSelectors.Where(s => string.Equals(s.CodecName, WellKnownAlias, StringComparison.Ordinal)).Select(s => (Func<Type, bool>)s.IsSupportedType)];
        _copies = [.. copierSelectors.Where(s => string.Equals(s.CopierName, WellKnownAlias, StringComparison.Ordinal)).Select(s => (Func<Type, bool>)s.IsSupportedType)];
        _slim = options.Value.CreateSerializer();
        _maxMessageBytes = options.Value.Limits.MaxMessageBytes;
        _typeNames = new TypeNameReader(Admit);
    }

    /// <summary>The Slim serializer this codec writes, reads and copies with.</summary>
    public SlimSerializer Serializer => _slim;

    void IFieldCodec.WriteField<TBufferWriter>(ref Writer<TBufferWriter> writer, uint fieldIdDelta, Type? expectedType, object? value)
    {
        if (ReferenceCodec.TryWriteReferenceField(ref writer, fieldIdDelta, expectedType, value))
        {
            return;
        }
        writer.WriteFieldHeader(fieldIdDelta, expectedType, s_selfType, WireType.TagDelimited);

        ReferenceCodec.MarkValueField(writer.Session);
        writer.WriteFieldHeaderExpected(0, WireType.LengthPrefixed);
        writer.Session.TypeCodec.WriteLengthPrefixed(ref writer, value.GetType());

        // The thread's buffer, taken out while in use: a user's serializer that writes through Orleans again gets its own.
        ArrayBufferWriter<byte> buffer = t_buffer ?? new ArrayBufferWriter<byte>();
        t_buffer = null;
        try
        {
            _slim.Serialize(buffer, value);
            ReferenceCodec.MarkValueField(writer.Session);
            writer.WriteFieldHeaderExpected(1, WireType.LengthPrefixed);
            writer.WriteVarUInt32((uint)buffer.WrittenCount);
            writer.Write(buffer.WrittenSpan);
        }
        finally
        {
            if (buffer.Capacity <= MaxKeptBufferBytes)
            {
                buffer.ResetWrittenCount();
                t_buffer = buffer;
            }
        }
        writer.WriteEndObject();
    }

    object? IFieldCodec.ReadValue<TInput>(ref Reader<TInput> reader, Field field)
    {
        if (field.IsReference)
        {
            return ReferenceCodec.ReadReference(ref reader, field.FieldType);
        }
        field.EnsureWireTypeTagDelimited();

        uint placeholder = ReferenceCodec.CreateRecordPlaceholder(reader.Session);
        object? result;
        try
        {
            result = ReadFields(ref reader);
        }
        // Whatever Orleans' reader throws inside the field: for want of input ("Insufficient data present in buffer", a
        // declared length over what is left) or for field headers forged there (a wire type, a type encoding, a reference,
        // an overflowing field id). Slim's own errors pass as they are.
        catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
        {
            throw SlimErrors.Truncated(reader.Position, e);
        }
        ReferenceCodec.RecordObject(reader.Session, result!, placeholder);
        return result;
    }

    /// <summary>The fields up to the end marker: the value's type (0), then the Slim message (1); unknown fields are skipped.</summary>
    private object? ReadFields<TInput>(ref Reader<TInput> reader)
    {
        object? result = null;
        Type? type = null;
        uint fieldId = 0;
        while (true)
        {
            Field header = reader.ReadFieldHeader();
            if (header.IsEndBaseOrEndObject)
            {
                break;
            }
            fieldId += header.FieldIdDelta;
            switch (fieldId)
            {
                case 0:
                    ReferenceCodec.MarkValueField(reader.Session);
                    type = _typeNames.Read(ref reader); // admitted (Admit) before Orleans' converter saw the name
                    break;
                case 1:
                    if (type is null)
                    {
                        throw SlimErrors.MissingType();
                    }
                    ReferenceCodec.MarkValueField(reader.Session);
                    uint length = reader.ReadVarUInt32();
                    if (length > (uint)_maxMessageBytes)
                    {
                        throw SlimErrors.TooLong(length, _maxMessageBytes, reader.Position);
                    }
                    result = ReadPayload(ref reader, (int)length);
                    if (result is not null && result.GetType() != type)
                    {
                        throw SlimErrors.WrongType(type, result);
                    }
                    break;
                default:
                    reader.ConsumeUnknownField(header);
                    break;
            }
        }
        return result;
    }

    /// <summary>
    /// The Slim message: read in place when the input holds it contiguously (the common case), else gathered into rented
    /// arrays that grow as its bytes arrive, so a forged length costs no more memory than the bytes that follow it.
    /// </summary>
    private object? ReadPayload<TInput>(ref Reader<TInput> reader, int length)
    {
        if (reader.TryReadBytes(length, out ReadOnlySpan<byte> contiguous))
        {
            return _slim.Deserialize(contiguous);
        }
        byte[] buffer = ArrayPool<byte>.Shared.Rent(Math.Min(length, FirstChunkBytes));
        int filled = 0;
        try
        {
            while (true)
            {
                int chunk = Math.Min(length, buffer.Length) - filled;
                reader.ReadBytes(buffer.AsSpan(filled, chunk)); // throws when the input ends first
                filled += chunk;
                if (filled == length)
                {
                    return _slim.Deserialize(new ReadOnlyMemory<byte>(buffer, 0, length));
                }
                byte[] larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(length, 2L * buffer.Length));
                buffer.AsSpan(0, filled).CopyTo(larger);
                ArrayPool<byte>.Shared.Return(buffer);
                buffer = larger;
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    bool IGeneralizedCodec.IsSupportedType(Type type) => type == s_selfType || IsCarried(type);

    [return: NotNullIfNotNull(nameof(input))]
    object? IDeepCopier.DeepCopy(object? input, CopyContext context)
    {
        if (context.TryGetCopy(input, out object? copy))
        {
            return copy;
        }
        copy = _slim.DeepClone(input);
        context.RecordCopy(input!, copy!);
        return copy;
    }

    bool IGeneralizedCopier.IsSupportedType(Type type) => IsCopied(type);

    /// <summary>
    /// True for the types this codec carries or copies when Slim's policy admits them too (so a standalone
    /// <c>Serializer&lt;T&gt;</c> reads what grain calls read); no opinion (null) on every other type.
    /// </summary>
    bool? ITypeFilter.IsTypeAllowed(Type type)
    {
        if (type == s_selfType)
        {
            return true;
        }
        return _allowed.TryGetValue(type, out bool allowed) ? (allowed ? true : null) :
            _allowed.GetOrAdd(type, t => (IsCarried(t) || IsCopied(t)) && _slim.AllowsType(t, out _)) ? true : null;
    }

    /// <summary>
    /// Refuses a value type named by field 0 that this codec does not carry or Slim's policy does not admit: decided
    /// before Orleans' converter sees the name, so its caches hold only types this node reads.
    /// </summary>
    private void Admit(Type type)
    {
        if (!IsCarried(type))
        {
            throw SlimErrors.NotSupported(type);
        }
        if (!_slim.AllowsType(type, out string? reason))
        {
            throw new SlimTypeNotAllowedException(type.ToString(), reason!);
        }
    }

    /// <summary>Whether this codec writes and reads <paramref name="type"/>: Slim's own exceptions, and what a selector accepts.</summary>
    private bool IsCarried(Type type) => _carried.TryGetValue(type, out bool carried) ? carried : _carried.GetOrAdd(type, DecideCarried);

    private bool IsCopied(Type type) => _copied.TryGetValue(type, out bool copied) ? copied : _copied.GetOrAdd(type, DecideCopied);

    private bool DecideCarried(Type type) => Decide(type, _carries);

    private bool DecideCopied(Type type) => Decide(type, _copies);

    /// <summary>Slim's own exceptions always; never abstract or framework types (Orleans' own codecs have those); else what a selector accepts.</summary>
    private static bool Decide(Type type, Func<Type, bool>[] selectors)
    {
        if (SlimErrors.IsSlimException(type))
        {
            return true;
        }
        if (CommonCodecTypeFilter.IsAbstractOrFrameworkType(type))
        {
            return false;
        }
        foreach (Func<Type, bool> selector in selectors)
        {
            if (selector(type))
            {
                return true;
            }
        }
        return false;
    }
}
