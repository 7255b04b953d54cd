using System.Collections.Concurrent;
using System.Reflection;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs;
using NFX.Slim.Codecs.Collections;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// Decides, once per root type, whether a deep clone may go depth-first by direct calls instead of queueing every
/// object, and builds the nodes that do it. A root qualifies when the static closure of its field and element types
/// is made only of classes that <see cref="ObjectCodec"/> copies (no serialization callbacks, no ISerializable, no
/// user serializer), lists and arrays of them, and leaves (strings, plain data, primitive arrays, lists of strings):
/// nothing in such a graph has a completion step, so the order in which its objects are made is not observable.
/// The identity map still records every object, so shared objects stay shared and cycles close. What the closure
/// cannot promise is checked per object: an object whose runtime type is not its slot's declared type (a subclass)
/// abandons the attempt and the clone is made the general way. Recursion stops at <see cref="MaxDepth"/>: deeper
/// fills wait in a list and start again from the top, so a million-long chain never overflows the stack.
/// </summary>
internal sealed class TreeClonePlans
{
    /// <summary>
    /// How deep the depth-first clone recurses before it leaves a fill for later: a few frames per level, far below
    /// any thread's stack, and deep enough that everyday trees (a message, an order with its lines) never wait.
    /// </summary>
    public const int MaxDepth = 200;

    private readonly CodecCache _codecs;
    private readonly ConcurrentDictionary<Type, TreeCloneRoot?> _roots = new();
    private readonly Dictionary<Type, TreeCloneNode> _nodes = []; // guarded by itself; built nodes only
    private Dictionary<Type, TreeCloneNode>? _building;            // the nodes of the plan being built, under the same lock

    public TreeClonePlans(CodecCache codecs) => _codecs = codecs;

    /// <summary>The depth-first plan for roots of exactly <paramref name="type"/>, or null when its closure does not qualify.</summary>
    public TreeCloneRoot? RootFor(Type type) => _roots.TryGetValue(type, out TreeCloneRoot? root) ? root : _roots.GetOrAdd(type, Plan);

    /// <summary>The node of <paramref name="type"/> while a plan that contains it is built.</summary>
    internal TreeCloneNode NodeFor(Type type) => _building?.GetValueOrDefault(type) ?? _nodes[type];

    private TreeCloneRoot? Plan(Type root)
    {
        lock (_nodes)
        {
            var closure = new List<Type>();
            var seen = new HashSet<Type> { root };
            var pending = new Queue<Type>([root]);
            while (pending.TryDequeue(out Type? type))
            {
                if (!_nodes.ContainsKey(type))
                {
                    if (!TryReach(type, out Type[] reached))
                    {
                        return null;
                    }
                    closure.Add(type);
                    foreach (Type next in reached)
                    {
                        if (seen.Add(next))
                        {
                            pending.Enqueue(next);
                        }
                    }
                }
            }
            _building = [];
            try
            {
                foreach (Type type in closure)
                {
                    _building[type] = CreateNode(type);
                }
                foreach (TreeCloneNode node in _building.Values)
                {
                    node.Build(this);
                }
                foreach ((Type type, TreeCloneNode node) in _building)
                {
                    _nodes[type] = node;
                }
            }
            finally
            {
                _building = null;
            }
            return new TreeCloneRoot(_nodes[root]);
        }
    }

    /// <summary>
    /// True when objects of exactly <paramref name="type"/> can be copied depth-first, with the types its reference
    /// fields or elements declare (each must qualify too).
    /// </summary>
    private bool TryReach(Type type, out Type[] reached)
    {
        reached = [];
        if (type.IsValueType || type.IsAbstract || type.IsInterface || type == typeof(object) || type == typeof(string) ||
            typeof(Delegate).IsAssignableFrom(type) || type.IsPointer || type.IsByRef)
        {
            return false; // no object has such a runtime type, or the general path has its own rule for it
        }
        SlimCodec codec;
        try
        {
            codec = _codecs.Get(type);
        }
        catch (SlimException)
        {
            return false; // refused: the general path refuses it too, if an object of it is ever met
        }
        if (codec.Callbacks is not null || !codec.CloneHeaderIsLeaf)
        {
            return false;
        }
        if (!codec.CloneNeedsBody)
        {
            return true; // a leaf
        }
        if (codec is ObjectCodec { Generated.CloneFields: null } && !RuntimeCodecs.IsSupported)
        {
            return false; // its node compiles a clone at run time
        }
        if (codec.GetType() == typeof(ObjectCodec))
        {
            var references = new List<Type>();
            foreach (FieldInfo field in ReferenceFields(type))
            {
                if (field.FieldType.IsValueType)
                {
                    return false; // a struct that holds references
                }
                references.Add(field.FieldType);
            }
            reached = [.. references];
            return true;
        }
        Type? element = ElementOf(type, codec);
        if (element is null || element.IsValueType)
        {
            return false;
        }
        reached = [element];
        return true;
    }

    private TreeCloneNode CreateNode(Type type)
    {
        SlimCodec codec = _codecs.Get(type);
        if (_codecs.Values.IsLeafArray(type))
        {
            // Where no generic type can be made at run time, the array's own codec copies it: the same new array.
            return RuntimeCodecs.IsSupported
                ? (TreeCloneNode)Activator.CreateInstance(typeof(PrimitiveArrayTreeNode<>).MakeGenericType(type.GetElementType()!))!
                : new LeafTreeNode(codec);
        }
        if (!codec.CloneNeedsBody)
        {
            return new LeafTreeNode(codec);
        }
        if (codec is ObjectCodec { Generated.CloneFields: not null } generated)
        {
            return new GeneratedTreeNode(type, generated.CloneShell!, generated.Generated, ReferenceFields(type));
        }
        if (codec is ObjectCodec objectCodec && RuntimeCodecs.IsSupported)
        {
            return new ObjectTreeNode(type, objectCodec.CloneShell!,
                FieldClone.ShallowCopy(type, FieldLayout.Of(type), _codecs.Values, objectCodec.ShellConstructor), ReferenceFields(type));
        }
        if (!RuntimeCodecs.IsSupported)
        {
            throw new InvalidOperationException("No array or list node is planned where generic types cannot be made at run time.");
        }
        Type element = ElementOf(type, codec)!;
        Type node = type.IsArray ? typeof(ArrayTreeNode<>) : typeof(ListTreeNode<>);
        return (TreeCloneNode)Activator.CreateInstance(node.MakeGenericType(element))!;
    }

    /// <summary>The fields a shallow copy does not already hold: neither plain data nor strings.</summary>
    private FieldInfo[] ReferenceFields(Type type) =>
        [.. FieldLayout.Of(type).Where(field => field.FieldType != typeof(string) && !_codecs.Values.IsPlainData(field.FieldType))];

    /// <summary>The element type of a one-dimensional array or a List whose codec is the standard one, else null.</summary>
    private static Type? ElementOf(Type type, SlimCodec codec)
    {
        if (!RuntimeCodecs.IsSupported)
        {
            return null; // their nodes are generic types made at run time: such graphs are cloned the general way
        }
        if (type.IsSZArray)
        {
            Type element = type.GetElementType()!;
            return codec.GetType() == typeof(ArrayCodec<>).MakeGenericType(element) ? element : null;
        }
        if (type.IsConstructedGenericType && type.GetGenericTypeDefinition() == typeof(List<>))
        {
            Type element = type.GetGenericArguments()[0];
            return codec.GetType() == typeof(ListCodec<>).MakeGenericType(element) ? element : null;
        }
        return null;
    }
}
