#pragma warning disable SYSLIB0050, SYSLIB0051 // ISerializable and [Serializable] shapes are what these models exercise.
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>The usual lock object: a plain <c>new object()</c> in a field.</summary>
public sealed class Counter
{
    private readonly object _gate = new();

    public int Count;

    public object Gate => _gate;
}

/// <summary>A comparer that wraps another one (its state arrives in its own body, after the collection's).</summary>
public sealed class WrappingComparer(IEqualityComparer<string> inner) : IEqualityComparer<string>, IComparer<string>
{
    private readonly IEqualityComparer<string> _inner = inner;

    public bool Equals(string? x, string? y) => _inner.Equals(x, y);

    public int GetHashCode(string obj) => _inner.GetHashCode(obj);

    public int Compare(string? x, string? y) => ((IComparer<string>)_inner).Compare(x, y);
}

/// <summary>A stateful comparer: equal modulo <see cref="Modulus"/> (0 before its body is read would divide by zero).</summary>
public sealed class ModuloComparer(int modulus) : IEqualityComparer<int>
{
    public int Modulus = modulus;

    public bool Equals(int x, int y) => x % Modulus == y % Modulus;

    public int GetHashCode(int obj) => obj % Modulus;
}

/// <summary>A comparer whose direction is state: ascending until its body is read.</summary>
public sealed class DirectionComparer(bool descending) : IComparer<int>
{
    public bool Descending = descending;

    public int Compare(int x, int y) => Descending ? y.CompareTo(x) : x.CompareTo(y);
}

/// <summary>Hashed and sorted collections whose comparer is reached first through an earlier field.</summary>
public sealed class ComparerHolder
{
    public WrappingComparer? A_Comparer;
    public Dictionary<string, int>? B_Dictionary;
    public HashSet<string>? C_Set;
    public SortedDictionary<string, int>? D_Sorted;
}

/// <summary>A user ISerializable key whose hash is its name: the name exists only once its constructor ran.</summary>
[Serializable]
public sealed class SerialKey : ISerializable
{
    public SerialKey(string name) => Name = name;

    private SerialKey(SerializationInfo info, StreamingContext context) => Name = info.GetString("name")!;

    public string Name { get; }

    public void GetObjectData(SerializationInfo info, StreamingContext context) => info.AddValue("name", Name);

    public override bool Equals(object? obj) => obj is SerialKey other && other.Name == Name;

    public override int GetHashCode() => Name.GetHashCode(StringComparison.Ordinal);
}

/// <summary>A key reached through a field whose name sorts before the dictionary's (its body is read first).</summary>
public sealed class SerialKeyHolder
{
    public SerialKey? A_Key;
    public Dictionary<SerialKey, int>? B_Map;
    public HashSet<SerialKey>? C_Set;
    public SortedDictionary<string, SerialKey>? D_ByName;
}

/// <summary>A plain key object whose hash comes from an ISerializable it holds.</summary>
public sealed class IndirectKey
{
    public SerialKey? Inner;

    public override bool Equals(object? obj) => obj is IndirectKey other && Equals(other.Inner, Inner);

    public override int GetHashCode() => Inner?.GetHashCode() ?? 0;
}

/// <summary>Keys whose ISerializable part is announced by an earlier field, then the keys in a dictionary.</summary>
public sealed class IndirectKeyHolder
{
    public List<SerialKey>? A_Inners;
    public Dictionary<IndirectKey, string>? B_Map;
}

/// <summary>Time zones as keys, reached first through an earlier field.</summary>
public sealed class ZoneHolder
{
    public TimeZoneInfo? A_Zone;
    public Dictionary<TimeZoneInfo, string>? B_Names;
}

/// <summary>An LRU cache: the list of entries and a dictionary of its nodes.</summary>
public sealed class LruCache
{
    public LinkedList<string> List = new();
    public Dictionary<string, LinkedListNode<string>> Nodes = [];
    public LinkedListNode<string>? Detached;

    public void Add(string key) => Nodes[key] = List.AddLast(key);
}

[InlineArray(4)]
public struct FourInts
{
    private int _element;
}

[InlineArray(3)]
public struct ThreeNames
{
    private string? _element;
}

public unsafe struct FixedBuffer
{
    public fixed int Values[5];
    public int After;
}

/// <summary>Runtime-repeated fields: inline arrays of values and of references, and a fixed buffer.</summary>
public sealed class RepeatedHolder
{
    public FourInts Numbers;
    public ThreeNames Names;
    public FixedBuffer Fixed;
    public object? BoxedNumbers;
}

/// <summary>Prepares a snapshot in [OnSerializing], drops it in [OnSerialized], restores from it in [OnDeserialized].</summary>
public sealed class Snapshotting
{
    [NonSerialized] private List<int>? _live;
    private int[]? _frozen;
    [NonSerialized] private int _serializedCount;

    public Snapshotting(params int[] values) => _live = [.. values];

    public List<int>? Live => _live;

    public int SerializedCount => _serializedCount;

    public bool HasSnapshot => _frozen is not null;

    [OnSerializing]
    private void Freeze(StreamingContext context) => _frozen = [.. _live!];

    [OnSerialized]
    private void Thaw(StreamingContext context)
    {
        _frozen = null;
        _serializedCount++;
    }

    [OnDeserialized]
    private void Restore(StreamingContext context)
    {
        _live = _frozen is null ? null : [.. _frozen];
        _frozen = null;
    }
}

/// <summary>A struct that, boxed, holds a reference to its own box.</summary>
public struct SelfBox
{
    public object? Self;
    public int Value;

    /// <summary>A box whose <see cref="Self"/> is the box itself.</summary>
    public static object Create(int value)
    {
        object box = new SelfBox { Value = value };
        Unsafe.Unbox<SelfBox>(box).Self = box;
        return box;
    }
}

/// <summary>A box of a struct that holds an immutable list containing that box: a cycle through an immutable value.</summary>
public struct ListBox
{
    public System.Collections.Immutable.ImmutableList<object>? Items;
}

/// <summary>A parent whose children, in an object-keyed dictionary, check in their [OnDeserialized] that they are in it.</summary>
public sealed class CallbackParent
{
    public Dictionary<KeyOf, CallbackChild> Children = [];
}

public sealed class KeyOf(string name)
{
    public string Name = name;

    public override bool Equals(object? obj) => obj is KeyOf other && other.Name == Name;

    public override int GetHashCode() => Name.GetHashCode(StringComparison.Ordinal);
}

public sealed class CallbackChild
{
    public CallbackParent? Owner;
    public KeyOf? Key;
    [NonSerialized] public bool FoundItselfOnDeserialized;

    [OnDeserialized]
    private void Check(StreamingContext context) =>
        FoundItselfOnDeserialized = Owner!.Children.TryGetValue(Key!, out CallbackChild? me) && ReferenceEquals(me, this);
}

/// <summary>An object that points back to the box that holds it.</summary>
public sealed class BackPointer
{
    public object? Box;
}
