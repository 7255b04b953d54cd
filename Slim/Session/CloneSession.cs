using NFX.Slim.CodeGen;

namespace NFX.Slim.Session;

/// <summary>
/// The state of one deep clone: source -> clone by reference identity, and the queue of clones whose bodies are
/// still to copy (breadth-first, like serialization, so a long chain never recurses). Immutable values (strings,
/// boxed primitives) are shared, not copied.
/// </summary>
internal sealed class CloneSession
{
    private readonly SlimSerializer _owner;
    private readonly IdentityMap<object?> _map = new();
    private readonly List<(object Source, object Clone, SlimCodec Codec)> _pending = [];
    private readonly List<(object Clone, SlimCodec Codec)> _afterClone = [];
    private readonly List<IDeferredCloneFill> _fills = [];
    private int _depth;

    public CloneSession(SlimSerializer owner) => _owner = owner;

    public CodecCache Codecs => _owner.Codecs;

    public object? CloneGraph(object? root)
    {
        object? clone = CloneReference(root);
        for (int i = 0; i < _pending.Count; i++)
        {
            (object source, object target, SlimCodec codec) = _pending[i];
            if (codec.Callbacks is { OnDeserializing.Length: > 0 } callbacks)
            {
                SerializationCallbacks.Invoke(callbacks.OnDeserializing, target);
            }
            codec.CloneBody(source, target, this);
        }
        for (int i = _fills.Count - 1; i >= 0; i--)
        {
            _fills[i].Fill();
        }
        foreach ((object target, SlimCodec codec) in _afterClone)
        {
            SerializationCallbacks.Invoke(codec.Callbacks!.OnDeserialized, target);
        }
        foreach ((object target, SlimCodec codec) in _afterClone)
        {
            if (codec.Callbacks!.IsDeserializationCallback)
            {
                ((System.Runtime.Serialization.IDeserializationCallback)target).OnDeserialization(null);
            }
        }
        return clone;
    }

    public void Clear()
    {
        _map.Clear();
        _pending.Clear();
        _afterClone.Clear();
        _fills.Clear();
        _depth = 0;
    }

    /// <summary>The clone of <paramref name="source"/>: the one already made, or a new one (shell first).</summary>
    public object? CloneReference(object? source) => source is null or string ? source : CloneNew(source, null);

    /// <summary>The clone of a reference held in <paramref name="slot"/> (whose exact-type codec is cached).</summary>
    public object? CloneReference(object? source, ReferenceSlot slot) => source is null or string ? source : CloneNew(source, slot);

    /// <summary>
    /// The clone of a reference in a slot of a sealed native type (primitive arrays), whose codec copies the value
    /// without cloning anything else: one map lookup instead of the two an inline value with parts needs.
    /// </summary>
    public object? CloneNative(object? source, ReferenceSlot slot)
    {
        if (source is null)
        {
            return null;
        }
        if (source.GetType() != slot.DeclaredType)
        {
            return CloneNew(source, slot);
        }
        ref object? mapped = ref _map.GetValueRefOrAddDefault(source, out bool exists);
        if (!exists)
        {
            mapped = slot.ExactCodec(Codecs).CloneHeader(source, this);
        }
        return mapped;
    }

    private object CloneNew(object source, ReferenceSlot? slot)
    {
        ref object? mapped = ref _map.GetValueRefOrAddDefault(source, out bool exists);
        if (exists)
        {
            return mapped!;
        }
        Type type = source.GetType();
        SlimCodec codec = slot is not null && type == slot.DeclaredType ? slot.ExactCodec(Codecs) : Codecs.Get(type);
        object clone;
        if (codec.HasBody)
        {
            // A shell's header never clones anything else, so the map is untouched and the reference still valid.
            clone = codec.CloneHeader(source, this);
            mapped = clone;
            _pending.Add((source, clone, codec));
        }
        else
        {
            // An inline value clones its parts first (which may grow the map): store through a fresh lookup.
            if (++_depth > _owner.Options.Limits.MaxDepth)
            {
                SlimThrow.DepthOnWrite(type, _owner.Options.Limits.MaxDepth);
            }
            clone = codec.CloneHeader(source, this);
            _depth--;
            _map.GetValueRefOrAddDefault(source, out _) = clone;
        }
        if (codec.Callbacks is { HasAfterRead: true })
        {
            _afterClone.Add((clone, codec));
        }
        return clone;
    }


    public void Defer(IDeferredCloneFill fill) => _fills.Add(fill);

    /// <summary>Clones one object through its own bytes (types with a user serializer).</summary>
    public object CloneThroughBytes(object source) => _owner.CloneThroughBytes(source);
}
