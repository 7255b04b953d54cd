using System.Collections;
using System.Collections.Concurrent;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace NFX.Perf.Contenders.Mirrors;

/// <summary>
/// Maps a workload graph to its contract copy (the types in this folder, or in Referenced for the copies with reference
/// tracking) and back, outside timing: field by field by name, through arrays, lists and dictionaries, keeping shared
/// references shared and cycles cycles. Iterative (an explicit work stack), so the 1M-node linked list does not overflow
/// the stack. Types that contain no mapped type (strings, primitive arrays, <c>List&lt;string&gt;</c>) are passed through
/// as the same instance. Each mapper has its own list of (model, copy) pairs; the mapping logic is shared.
/// </summary>
public sealed class MirrorMapper
{
    private static readonly Type[] s_mirrors =
        [typeof(Perzon), typeof(Question), typeof(Answer), typeof(Comment), typeof(User), typeof(Company), typeof(Department),
         typeof(Employee), typeof(Address), typeof(Project), typeof(Node), typeof(Order), typeof(Customer), typeof(OrderLine), typeof(PostalAddress)];

    private static readonly Type[] s_models =
        [typeof(Workloads.Perzons.Perzon), typeof(Workloads.Dto.Question), typeof(Workloads.Dto.Answer), typeof(Workloads.Dto.Comment),
         typeof(Workloads.Dto.User), typeof(Workloads.Graph.Company), typeof(Workloads.Graph.Department), typeof(Workloads.Graph.Employee),
         typeof(Workloads.Graph.Address), typeof(Workloads.Graph.Project), typeof(Workloads.LinkedList.Node), typeof(Workloads.Orders.Order),
         typeof(Workloads.Orders.Customer), typeof(Workloads.Orders.OrderLine), typeof(Workloads.Orders.PostalAddress)];

    // The copies with reference tracking (Mirrors/Referenced) exist for the Perzon and DTO types only.
    private static readonly Type[] s_referencedMirrors =
        [typeof(Referenced.Perzon), typeof(Referenced.Question), typeof(Referenced.Answer), typeof(Referenced.Comment), typeof(Referenced.User)];

    private static readonly Type[] s_referencedModels =
        [typeof(Workloads.Perzons.Perzon), typeof(Workloads.Dto.Question), typeof(Workloads.Dto.Answer), typeof(Workloads.Dto.Comment),
         typeof(Workloads.Dto.User)];

    private readonly Dictionary<Type, Type> _pairs = [];
    private readonly ConcurrentDictionary<Type, Type> _targets = new();
    private readonly ConcurrentDictionary<Type, (FieldInfo From, FieldInfo To)[]> _fields = new();
    private readonly bool _nullListsAsEmpty;

    private MirrorMapper(Type[] models, Type[] mirrors, bool toMirror, bool nullListsAsEmpty)
    {
        for (int i = 0; i < models.Length; i++)
        {
            _pairs.Add(toMirror ? models[i] : mirrors[i], toMirror ? mirrors[i] : models[i]);
        }
        _nullListsAsEmpty = nullListsAsEmpty;
    }

    /// <summary>Model -> contract copy.</summary>
    public static MirrorMapper ToMirror { get; } = new(s_models, s_mirrors, toMirror: true, nullListsAsEmpty: false);

    /// <summary>Contract copy -> model.</summary>
    public static MirrorMapper ToModel { get; } = new(s_models, s_mirrors, toMirror: false, nullListsAsEmpty: false);

    /// <summary>
    /// Contract copy -> model for protobuf, whose wire format cannot tell an empty repeated field from an absent one: a
    /// null list becomes an empty one (the workloads have no null lists, so nothing is hidden).
    /// </summary>
    public static MirrorMapper ToModelNullListsAsEmpty { get; } = new(s_models, s_mirrors, toMirror: false, nullListsAsEmpty: true);

    /// <summary>Model -> contract copy with reference tracking (Mirrors/Referenced: the Perzon and DTO types only).</summary>
    public static MirrorMapper ToReferencedMirror { get; } = new(s_referencedModels, s_referencedMirrors, toMirror: true, nullListsAsEmpty: false);

    /// <summary>Contract copy with reference tracking -> model.</summary>
    public static MirrorMapper FromReferencedMirror { get; } = new(s_referencedModels, s_referencedMirrors, toMirror: false, nullListsAsEmpty: false);

    /// <summary>The type <paramref name="type"/> maps to (itself when it contains no mapped type).</summary>
    public Type TargetOf(Type type) => _targets.GetOrAdd(type, Resolve);

    /// <summary>Maps a whole graph.</summary>
    public object? Map(object? root)
    {
        if (root is null)
        {
            return null;
        }
        var session = new Session(this);
        object? result = session.Convert(root, TargetOf(root.GetType()));
        session.Drain();
        return result;
    }

    private Type Resolve(Type type)
    {
        if (_pairs.TryGetValue(type, out Type? pair))
        {
            return pair;
        }
        if (type.IsArray)
        {
            Type element = TargetOf(type.GetElementType()!);
            return element == type.GetElementType() ? type : element.MakeArrayType();
        }
        if (type.IsGenericType && !type.IsValueType)
        {
            Type[] args = type.GetGenericArguments();
            Type[] mapped = Array.ConvertAll(args, TargetOf);
            return mapped.SequenceEqual(args) ? type : type.GetGenericTypeDefinition().MakeGenericType(mapped);
        }
        return type;
    }

    private (FieldInfo From, FieldInfo To)[] FieldsOf(Type from) => _fields.GetOrAdd(from, f =>
    {
        Type to = _pairs[f];
        const BindingFlags Instance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
        return f.GetFields(Instance)
            .Select(source => (source, to.GetField(source.Name, Instance)
                ?? throw new InvalidOperationException($"{to.FullName} has no field {source.Name} (mirror of {f.FullName}).")))
            .ToArray();
    });

    private sealed class Session(MirrorMapper mapper)
    {
        private readonly Dictionary<object, object> _seen = new(ReferenceEqualityComparer.Instance);
        private readonly Stack<(object From, object To)> _pending = new();

        public object? Convert(object? value, Type declared)
        {
            if (value is null)
            {
                return mapper._nullListsAsEmpty && declared.IsGenericType && declared.GetGenericTypeDefinition() == typeof(List<>)
                    ? Activator.CreateInstance(declared)
                    : null;
            }
            Type type = value.GetType();
            Type target = mapper.TargetOf(type);
            if (target == type)
            {
                return value;
            }
            if (_seen.TryGetValue(value, out object? known))
            {
                return known;
            }
            object created = value switch
            {
                Array array => Array.CreateInstance(target.GetElementType()!, array.Length),
                ICollection collection when target.IsGenericType => Activator.CreateInstance(target, collection.Count)!,
                _ => RuntimeHelpers.GetUninitializedObject(target),
            };
            _seen.Add(value, created);
            _pending.Push((value, created));
            return created;
        }

        public void Drain()
        {
            while (_pending.TryPop(out (object From, object To) item))
            {
                switch (item.From)
                {
                    case Array from:
                        var to = (Array)item.To;
                        Type element = to.GetType().GetElementType()!;
                        for (int i = 0; i < from.Length; i++)
                        {
                            to.SetValue(Convert(from.GetValue(i), element), i);
                        }
                        break;
                    case IDictionary from:
                        var dictionary = (IDictionary)item.To;
                        Type[] kv = item.To.GetType().GetGenericArguments();
                        foreach (DictionaryEntry entry in from)
                        {
                            dictionary.Add(Convert(entry.Key, kv[0])!, Convert(entry.Value, kv[1]));
                        }
                        break;
                    case IList from:
                        var list = (IList)item.To;
                        Type listElement = item.To.GetType().GetGenericArguments()[0];
                        foreach (object? e in from)
                        {
                            list.Add(Convert(e, listElement));
                        }
                        break;
                    default:
                        foreach ((FieldInfo source, FieldInfo destination) in mapper.FieldsOf(item.From.GetType()))
                        {
                            destination.SetValue(item.To, Convert(source.GetValue(item.From), destination.FieldType));
                        }
                        break;
                }
            }
        }
    }
}
