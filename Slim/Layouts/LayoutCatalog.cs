using System.Collections.Concurrent;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs;
using NFX.Slim.Codecs.Collections;

namespace NFX.Slim.Layouts;

/// <summary>
/// The layouts of one serializer: each type's <see cref="LocalLayout"/> (or none, for types written by dedicated
/// codecs), and the reading plans compiled once per (type, remote layout) for version-tolerant messages.
/// </summary>
internal sealed class LayoutCatalog
{
    /// <summary>What one reading plan is counted to retain besides its members (codec, compiled method, key, entry).</summary>
    public const int PlanBaseBytes = 2048;

    /// <summary>
    /// What one member of a plan is counted to retain besides its name: its step of the compiled method, its slot or
    /// conversion and its key entry (a measured plan's figure, rounded up: docs/perf/notes.md).
    /// </summary>
    public const int PlanMemberBytes = 256;

    private readonly CodecCache _codecs;
    private readonly long _maxPlanBytes;
    private readonly ConcurrentDictionary<Type, LocalLayout?> _layouts = new();
    private readonly object _gate = new();
    private readonly Dictionary<PlanKey, LinkedListNode<PlanEntry>> _plans = [];
    private readonly LinkedList<PlanEntry> _recent = new(); // most recently used first
    private long _planBytes;

    public LayoutCatalog(CodecCache codecs, long maxPlanBytes)
    {
        _codecs = codecs;
        _maxPlanBytes = maxPlanBytes;
    }

    /// <summary>The layout of <paramref name="type"/>, or null when its bytes do not follow a field layout of its own.</summary>
    public LocalLayout? Of(Type type) =>
        _layouts.TryGetValue(type, out LocalLayout? layout) ? layout : _layouts.GetOrAdd(type, Create);

    private LocalLayout? Create(Type type)
    {
        if (!_codecs.WritesOwnFields(type, out bool isException))
        {
            return null;
        }
        if (isException)
        {
            return new LocalLayout(type, ExceptionCodec.OwnFields(type), tolerable: false);
        }
        // A collection subclass's body is its entries, then its own fields: those must match exactly, like an exception's.
        return CollectionCodecs.CollectionBaseOf(type) is not null
            ? new LocalLayout(type, CollectionSubclassCodec.OwnFields(type), tolerable: false)
            : new LocalLayout(type, FieldLayout.Of(type), tolerable: !type.IsValueType);
    }

    /// <summary>How many reading plans this serializer holds.</summary>
    public int PlanCount
    {
        get
        {
            lock (_gate)
            {
                return _plans.Count;
            }
        }
    }

    /// <summary>The bytes the held plans are counted to retain (<see cref="SlimLimits.MaxPlanCacheBytes"/> bounds it).</summary>
    public long PlanBytes
    {
        get
        {
            lock (_gate)
            {
                return _planBytes;
            }
        }
    }

    /// <summary>What a plan for <paramref name="remote"/> is counted to retain.</summary>
    public static long CountedBytes(RemoteMember[] remote)
    {
        long bytes = PlanBaseBytes;
        foreach (RemoteMember member in remote)
        {
            bytes += PlanMemberBytes + member.Name.Length;
        }
        return bytes;
    }

    /// <summary>
    /// The reading plan from <paramref name="remote"/> to <paramref name="local"/>, compiled on first use. Plans are kept
    /// while the bytes they are counted to retain fit <see cref="SlimLimits.MaxPlanCacheBytes"/>; past it the least
    /// recently used are dropped (a layout met again is compiled again), so a stream of forged member lists costs time
    /// in proportion to its bytes and never grows the serializer.
    /// </summary>
    public SlimCodec Plan(LocalLayout local, RemoteMember[] remote)
    {
        var key = new PlanKey(local.Type, remote);
        lock (_gate)
        {
            if (_plans.TryGetValue(key, out LinkedListNode<PlanEntry>? node))
            {
                _recent.Remove(node);
                _recent.AddFirst(node);
                return node.Value.Codec;
            }
        }
        if (!RuntimeCodecs.IsSupported)
        {
            // A plan from another layout to this one is compiled; a native app reads only the layout it was built with.
            throw TolerantPlan.Mismatch(local, null, "reading another layout of the type needs a plan compiled at run time, which this app " +
                "does not build (" + RuntimeCodecs.Reason + "): both ends must run the same build of the type");
        }
        SlimCodec built = TolerantPlan.Build(local, remote, (ObjectCodec)_codecs.Get(local.Type), _codecs);
        lock (_gate)
        {
            if (_plans.TryGetValue(key, out LinkedListNode<PlanEntry>? raced))
            {
                return raced.Value.Codec; // another thread compiled the same layout meanwhile
            }
            var entry = new PlanEntry(key, built, CountedBytes(remote));
            _plans.Add(key, _recent.AddFirst(entry));
            _planBytes += entry.Bytes;
            while (_planBytes > _maxPlanBytes && _recent.Last is { } oldest && oldest.Value != entry)
            {
                _recent.RemoveLast();
                _plans.Remove(oldest.Value.Key);
                _planBytes -= oldest.Value.Bytes;
            }
        }
        return built;
    }

    private sealed record PlanEntry(PlanKey Key, SlimCodec Codec, long Bytes);

    private sealed class PlanKey : IEquatable<PlanKey>
    {
        private readonly int _hash;

        public PlanKey(Type type, RemoteMember[] members)
        {
            Type = type;
            Members = members;
            var hash = new HashCode();
            hash.Add(type);
            foreach (RemoteMember member in members)
            {
                hash.AddBytes(member.Name);
                hash.Add(member.WireType);
            }
            _hash = hash.ToHashCode();
        }

        public Type Type { get; }

        public RemoteMember[] Members { get; }

        public bool Equals(PlanKey? other)
        {
            if (other is null || other._hash != _hash || other.Type != Type || other.Members.Length != Members.Length)
            {
                return false;
            }
            for (int i = 0; i < Members.Length; i++)
            {
                if (Members[i].WireType != other.Members[i].WireType || !Members[i].Name.AsSpan().SequenceEqual(other.Members[i].Name))
                {
                    return false;
                }
            }
            return true;
        }

        public override bool Equals(object? obj) => Equals(obj as PlanKey);

        public override int GetHashCode() => _hash;
    }
}
