using System.Collections.Concurrent;
using NFX.Slim.Cloning;
using NFX.Slim.Framing;
using NFX.Slim.CodeGen;
using NFX.Slim.Layouts;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;

namespace NFX.Slim;

/// <summary>
/// Serializes arbitrary .NET object graphs to the compact Slim binary format and back: no attributes, private and
/// readonly fields, polymorphism, shared references and cycles, and a safe type policy for untrusted input.
/// In <see cref="TypeRegistryMode.PerCall"/> mode (the default) one instance is safe to use from many threads at once.
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
    private readonly TypeRegistryTemplate _template;
    private readonly TypeAdmission _admission;
    private readonly ConcurrentDictionary<Type, TypeAdmission> _scopedAdmissions = new();
    private readonly Type[] _registeredTypes;
    private readonly TypeRegistry? _batchWriteRegistry;
    private readonly TypeRegistry? _batchReadRegistry;
    private WriteSession? _cachedWriteSession;
    private ReadSession? _cachedReadSession; // stays here once made; _readSessionLent says whether a read holds it
    private CloneSession? _cachedCloneSession;
    private int _batchWriteBusy;
    private int _batchReadBusy;
    private int _readSessionLent;
    // Messages written again, and depth-first clones made again, because a collection interrupted their unchecked
    // identity lookups (see IdentityMap.BeginUnchecked): rare by design; counted for the tests that provoke them.
    private int _writesRepeated;
    private int _clonesRepeated;

    internal int WritesRepeated => Volatile.Read(ref _writesRepeated);

    internal int ClonesRepeated => Volatile.Read(ref _clonesRepeated);

    internal void CountCloneRepeated() => Interlocked.Increment(ref _clonesRepeated);

    /// <summary>Creates a serializer with <see cref="SlimOptions.Default"/>.</summary>
    public SlimSerializer() : this(SlimOptions.Default) { }

    /// <summary>Creates a serializer with the given options.</summary>
    public SlimSerializer(SlimOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        if ((int)options.WriteFormatVersion is < MessageHeader.OldestReadableVersion or > MessageHeader.Version)
        {
            throw new ArgumentOutOfRangeException(nameof(options), options.WriteFormatVersion,
                $"SlimOptions.WriteFormatVersion must be {MessageHeader.OldestReadableVersion} or {MessageHeader.Version}.");
        }
        Options = options;
        Codecs = new CodecCache(options);
        Layouts = new LayoutCatalog(Codecs, Options.Limits.MaxPlanCacheBytes);
        Resolver = new TypeNameResolver(options.FormerNames);
        RootSlot = new ReferenceSlot(typeof(object), "the root");
        _template = new TypeRegistryTemplate(options.KnownTypes, t => Layouts.Of(t)?.Fingerprint);
        _registeredTypes = [.. options.KnownTypes, .. Codecs.CustomTypes];
        _admission = new TypeAdmission(options.TypePolicy, options.Format, _registeredTypes, scopeRoot: null);
        if (options.RegistryMode == TypeRegistryMode.Batch)
        {
            _batchWriteRegistry = new TypeRegistry(_template);
            _batchReadRegistry = new TypeRegistry(_template);
        }
    }

    /// <summary>The options this serializer was created with.</summary>
    public SlimOptions Options { get; }

    internal CodecCache Codecs { get; }

    internal LayoutCatalog Layouts { get; }

    internal TypeNameResolver Resolver { get; }

    internal ReferenceSlot RootSlot { get; }

    /// <summary>The starts of PerCall messages last read, shared by the read sessions.</summary>
    internal RootPrefixMemos RootPrefixes { get; } = new();

    /// <summary>
    /// Forgets the types a <see cref="TypeRegistryMode.Batch"/> registry learned, in both directions. Both ends of a
    /// connection must reset together (on reconnect). Does nothing in PerCall mode.
    /// </summary>
    public void ResetBatchRegistry()
    {
        _batchWriteRegistry?.Reset();
        _batchReadRegistry?.Reset();
    }

    /// <summary>The policy scope of <c>Deserialize&lt;T&gt;</c>: the default admission widened by what T reaches.</summary>
    private TypeAdmission AdmissionFor(Type? scope)
    {
        if (scope is null || scope == typeof(object))
        {
            return _admission;
        }
        return _scopedAdmissions.TryGetValue(scope, out TypeAdmission? admission)
            ? admission
            : _scopedAdmissions.GetOrAdd(scope, t => new TypeAdmission(Options.TypePolicy, Options.Format, _registeredTypes, t));
    }
}
