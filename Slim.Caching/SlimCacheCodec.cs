using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace NFX.Slim.Caching;

/// <summary>
/// Turns cache values into bytes and back: a 19-byte header (magic, format version, layout fingerprint of the
/// declared type, checksum of the content) followed by a Slim message. Reading checks the header, then reads with
/// <c>SlimSerializer.Deserialize&lt;T&gt;</c>, so the safe type policy applies with T as its scope.
/// Thread-safe; create one per application (or take it from DI) and share it.
/// </summary>
/// <remarks>
/// An invalid value (not a cache value, unsupported version, checksum mismatch, stale layout, type outside the
/// policy, a message Slim refuses) is a <see cref="SlimCacheValueException"/>. <see cref="TryDeserialize{T}(in ReadOnlySequence{byte}, string?, out T)"/>
/// turns it into a logged warning and a miss unless <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set.
/// </remarks>
public sealed class SlimCacheCodec
{
    private readonly SlimSerializer _slim;
    private readonly ILogger _logger;
    private readonly ConcurrentDictionary<Type, ulong> _fingerprints = new();

    /// <summary>A codec with default options that logs nowhere.</summary>
    public static SlimCacheCodec Default { get; } = new();

    /// <summary>Creates a codec with default options that logs nowhere.</summary>
    public SlimCacheCodec() : this(new SlimCacheOptions()) { }

    /// <summary>Creates a codec with a copy of <paramref name="options"/>; invalid values are logged to <paramref name="logger"/> as warnings.</summary>
    /// <exception cref="ArgumentException">The serializer options use a Batch registry (cache values must stand alone).</exception>
    public SlimCacheCodec(SlimCacheOptions options, ILogger? logger = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(options.Serializer, nameof(options));
        if (options.Serializer.RegistryMode != TypeRegistryMode.PerCall)
        {
            throw new ArgumentException("Cache values must stand alone: use TypeRegistryMode.PerCall in SlimCacheOptions.Serializer.", nameof(options));
        }
        Options = options with { };
        _slim = new SlimSerializer(options.Serializer);
        _logger = logger ?? NullLogger.Instance;
    }

    /// <summary>The copy of the options this codec was created with (changing it changes nothing).</summary>
    public SlimCacheOptions Options { get; }

    /// <summary>The layout fingerprint written for values of <paramref name="type"/> (see <see cref="TypeLayoutFingerprint"/>).</summary>
    public ulong FingerprintOf(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _fingerprints.TryGetValue(type, out ulong cached) ? cached : _fingerprints.GetOrAdd(type, TypeLayoutFingerprint.Compute);
    }

    /// <summary>Writes the header and <paramref name="value"/> (the whole graph it references) to <paramref name="destination"/>.</summary>
    /// <exception cref="SlimSerializationException">A type in the graph cannot be serialized.</exception>
    public void Serialize<T>(T value, IBufferWriter<byte> destination)
    {
        ArgumentNullException.ThrowIfNull(destination);
        using PooledBufferWriter buffer = Write(value);
        ReadOnlySpan<byte> written = buffer.WrittenSpan;
        written.CopyTo(destination.GetSpan(written.Length));
        destination.Advance(written.Length);
    }

    /// <summary>Writes the header and <paramref name="value"/> into a new array.</summary>
    /// <exception cref="SlimSerializationException">A type in the graph cannot be serialized.</exception>
    public byte[] Serialize<T>(T value)
    {
        using PooledBufferWriter buffer = Write(value);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>
    /// The whole cache value in a pooled buffer (dispose it): the message is written after room for the header, then
    /// the header is filled in, because its checksum covers the message and an <see cref="IBufferWriter{T}"/> cannot
    /// be patched once advanced.
    /// </summary>
    internal PooledBufferWriter Write<T>(T value)
    {
        var buffer = new PooledBufferWriter();
        try
        {
            buffer.Advance(CacheValueHeader.Size);
            _slim.Serialize(buffer, value);
            CacheValueHeader.Write(buffer.WrittenSpanForPatching, FingerprintOf(typeof(T)),
                tolerant: Options.Serializer.Versioning == SlimVersioning.Tolerant);
            return buffer;
        }
        catch
        {
            buffer.Dispose();
            throw;
        }
    }

    /// <summary>Reads a value written by <see cref="Serialize{T}(T, IBufferWriter{byte})"/> for the same <typeparamref name="T"/>.</summary>
    /// <exception cref="SlimCacheValueException">The bytes are not a valid value of <typeparamref name="T"/> (always thrown, whatever the options).</exception>
    public T Deserialize<T>(in ReadOnlySequence<byte> value)
    {
        var header = CacheValueHeader.Check(value, FingerprintOf(typeof(T)));
        if (header is { } problem)
        {
            ThrowInvalid(problem.Problem, typeof(T), problem.Reason, this);
        }
        return ReadMessage<T>(value.Slice(CacheValueHeader.Size));
    }

    /// <summary>Reads a value written by <see cref="Serialize{T}(T, IBufferWriter{byte})"/> for the same <typeparamref name="T"/>.</summary>
    /// <exception cref="SlimCacheValueException">The bytes are not a valid value of <typeparamref name="T"/> (always thrown, whatever the options).</exception>
    public T Deserialize<T>(ReadOnlyMemory<byte> value) => Deserialize<T>(new ReadOnlySequence<byte>(value));

    /// <summary>
    /// Reads a value, or reports a miss: an invalid value is logged as a warning (naming <paramref name="key"/>) and
    /// returns false, unless <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set.
    /// </summary>
    /// <exception cref="SlimCacheValueException">The value is invalid and <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set.</exception>
    public bool TryDeserialize<T>(in ReadOnlySequence<byte> value, string? key, [MaybeNullWhen(false)] out T result)
    {
        try
        {
            result = Deserialize<T>(value);
            return true;
        }
        catch (SlimCacheValueException e)
        {
            LogInvalid(e, key);
            if (Options.ThrowOnInvalidValue)
            {
                throw;
            }
            result = default;
            return false;
        }
    }

    /// <summary>Reads a value, or reports a miss (see <see cref="TryDeserialize{T}(in ReadOnlySequence{byte}, string?, out T)"/>).</summary>
    /// <exception cref="SlimCacheValueException">The value is invalid and <see cref="SlimCacheOptions.ThrowOnInvalidValue"/> is set.</exception>
    public bool TryDeserialize<T>(ReadOnlyMemory<byte> value, string? key, [MaybeNullWhen(false)] out T result) =>
        TryDeserialize(new ReadOnlySequence<byte>(value), key, out result);

    /// <summary>Logs the one warning for an invalid value, naming its key (callers that know the key log it).</summary>
    internal void LogInvalid(SlimCacheValueException e, string? key) =>
        CacheLog.InvalidValue(_logger, key ?? "(key unknown)", TypeLabel(e.ValueType), e.Problem,
            Options.ThrowOnInvalidValue ? "thrown to the caller" : "treated as a miss", e.Message, e.InnerException);

    private T ReadMessage<T>(in ReadOnlySequence<byte> message)
    {
        try
        {
            return _slim.Deserialize<T>(message);
        }
        catch (SlimTypeNotAllowedException e)
        {
            throw Invalid(SlimCacheValueProblem.TypeNotAllowed, typeof(T), e.Message, e, this);
        }
        catch (SlimLayoutMismatchException e)
        {
            throw Invalid(SlimCacheValueProblem.LayoutChanged, typeof(T), e.Message, e, this);
        }
        catch (SlimException e)
        {
            throw Invalid(SlimCacheValueProblem.Malformed, typeof(T), e.Message, e, this);
        }
    }

    [DoesNotReturn]
    private static void ThrowInvalid(SlimCacheValueProblem problem, Type type, string reason, SlimCacheCodec codec) =>
        throw Invalid(problem, type, reason, null, codec);

    private static SlimCacheValueException Invalid(SlimCacheValueProblem problem, Type type, string reason, Exception? inner, SlimCacheCodec codec) =>
        new(problem, type, $"Not a valid cache value of {TypeLabel(type)}: {reason}", inner) { Codec = codec };

    private static string TypeLabel(Type type) => type.FullName ?? type.Name;
}
