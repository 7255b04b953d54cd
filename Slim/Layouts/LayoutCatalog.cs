using System.Collections.Concurrent;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs;

namespace NFX.Slim.Layouts;

/// <summary>
/// The layouts of one serializer: each type's <see cref="LocalLayout"/> (or none, for types written by dedicated
/// codecs), and the reading plans compiled once per (type, remote layout) for version-tolerant messages.
/// </summary>
internal sealed class LayoutCatalog
{
    /// <summary>
    /// The most distinct remote layouts one serializer compiles plans for: each costs a compilation and stays cached,
    /// so a stream of forged member lists must not be able to grow the cache without bound.
    /// </summary>
    public const int MaxPlans = 1024;

    private readonly CodecCache _codecs;
    private readonly ConcurrentDictionary<Type, LocalLayout?> _layouts = new();
    private readonly ConcurrentDictionary<PlanKey, SlimCodec> _plans = new();

    public LayoutCatalog(CodecCache codecs) => _codecs = codecs;

    /// <summary>The layout of <paramref name="type"/>, or null when its bytes do not follow a field layout of its own.</summary>
    public LocalLayout? Of(Type type) =>
        _layouts.TryGetValue(type, out LocalLayout? layout) ? layout : _layouts.GetOrAdd(type, Create);

    private LocalLayout? Create(Type type)
    {
        if (!_codecs.WritesOwnFields(type, out bool isException))
        {
            return null;
        }
        return isException
            ? new LocalLayout(type, ExceptionCodec.OwnFields(type), tolerable: false)
            : new LocalLayout(type, FieldLayout.Of(type), tolerable: !type.IsValueType);
    }

    /// <summary>How many reading plans this serializer compiled.</summary>
    public int PlanCount => _plans.Count;

    /// <summary>The reading plan from <paramref name="remote"/> to <paramref name="local"/>, compiled on first use.</summary>
    public SlimCodec Plan(LocalLayout local, RemoteMember[] remote)
    {
        var key = new PlanKey(local.Type, remote);
        if (_plans.TryGetValue(key, out SlimCodec? plan))
        {
            return plan;
        }
        if (_plans.Count >= MaxPlans)
        {
            throw new SlimLimitExceededException($"More than {MaxPlans} distinct remote layouts (reading plans)", _plans.Count + 1L, MaxPlans, 0);
        }
        return _plans.GetOrAdd(key, k => TolerantPlan.Build(local, k.Members, (ObjectCodec)_codecs.Get(k.Type), _codecs));
    }

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
