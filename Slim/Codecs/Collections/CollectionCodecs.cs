using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Reflection;
using NFX.Slim.CodeGen;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// Chooses the contents-based codec for the BCL's generic collections, so they are written by their elements and
/// comparers rather than by private internals (buckets, version counters, tree nodes) that differ between runtimes.
/// Collections that merely wrap another (ReadOnlyCollection, Collection, ReadOnlyDictionary) keep the generated field
/// codec: writing the wrapped collection as a reference keeps the wrapper-over-list identity exact.
/// </summary>
internal static class CollectionCodecs
{
    /// <summary>Creates the codec of one closed collection type (the factory's type arguments are the collection's).</summary>
    private delegate SlimCodec Factory(ValueExpressions values, CodecCache codecs);

    /// <summary>Generic collection definition -> its factory, as a generic method definition taken from a delegate.</summary>
    private static readonly Dictionary<Type, MethodInfo> s_factories = new()
    {
        [typeof(List<>)] = Definition(CreateList<int>),
        [typeof(Dictionary<,>)] = Definition(CreateDictionary<int, int>),
        [typeof(SortedDictionary<,>)] = Definition(CreateSortedDictionary<int, int>),
        [typeof(SortedList<,>)] = Definition(CreateSortedList<int, int>),
        [typeof(ConcurrentDictionary<,>)] = Definition(CreateConcurrentDictionary<int, int>),
        [typeof(HashSet<>)] = Definition(CreateHashSet<int>),
        [typeof(SortedSet<>)] = Definition(CreateSortedSet<int>),
        [typeof(Queue<>)] = Definition(CreateQueue<int>),
        [typeof(Stack<>)] = Definition(CreateStack<int>),
        [typeof(LinkedList<>)] = Definition(CreateLinkedList<int>),
        [typeof(LinkedListNode<>)] = Definition(CreateLinkedListNode<int>),
        [typeof(ObservableCollection<>)] = Definition(CreateObservableCollection<int>),
        [typeof(ConcurrentQueue<>)] = Definition(CreateConcurrentQueue<int>),
        [typeof(ConcurrentStack<>)] = Definition(CreateConcurrentStack<int>),
        [typeof(ConcurrentBag<>)] = Definition(CreateConcurrentBag<int>),
        [typeof(ImmutableList<>)] = Definition(CreateImmutableList<int>),
        [typeof(ImmutableHashSet<>)] = Definition(CreateImmutableHashSet<int>),
        [typeof(ImmutableSortedSet<>)] = Definition(CreateImmutableSortedSet<int>),
        [typeof(ImmutableDictionary<,>)] = Definition(CreateImmutableDictionary<int, int>),
        [typeof(ImmutableSortedDictionary<,>)] = Definition(CreateImmutableSortedDictionary<int, int>),
        [typeof(ImmutableQueue<>)] = Definition(CreateImmutableQueue<int>),
        [typeof(ImmutableStack<>)] = Definition(CreateImmutableStack<int>),
    };

    /// <summary>
    /// Hashed and sorted collection definition -> the factory of the codec of a class deriving from it, whose type
    /// arguments are the subclass, then the collection's.
    /// </summary>
    private static readonly Dictionary<Type, MethodInfo> s_subclassFactories = new()
    {
        [typeof(Dictionary<,>)] = Definition(CreateDictionarySubclass<Dictionary<int, int>, int, int>),
        [typeof(SortedDictionary<,>)] = Definition(CreateSortedDictionarySubclass<SortedDictionary<int, int>, int, int>),
        [typeof(SortedList<,>)] = Definition(CreateSortedListSubclass<SortedList<int, int>, int, int>),
        [typeof(ConcurrentDictionary<,>)] = Definition(CreateConcurrentDictionarySubclass<ConcurrentDictionary<int, int>, int, int>),
        [typeof(HashSet<>)] = Definition(CreateHashSetSubclass<HashSet<int>, int>),
        [typeof(SortedSet<>)] = Definition(CreateSortedSetSubclass<SortedSet<int>, int>),
    };

    /// <summary>
    /// The codec of a class deriving from a hashed or sorted collection (<see cref="CollectionSubclassCodec"/>), or
    /// null when <paramref name="type"/> derives from none.
    /// </summary>
    public static SlimCodec? TryCreateSubclass(Type type, ValueExpressions values, CodecCache codecs)
    {
        if (CollectionBaseOf(type) is not { } collection)
        {
            return null;
        }
        var create = s_subclassFactories[collection.GetGenericTypeDefinition()].MakeGenericMethod([type, .. collection.GetGenericArguments()]).CreateDelegate<Factory>();
        return new CollectionSubclassCodec(type, create(values, codecs), values);
    }

    /// <summary>The hashed or sorted collection a concrete class derives from, or null (decided from the type alone).</summary>
    public static Type? CollectionBaseOf(Type type)
    {
        if (type.IsValueType || type.IsAbstract)
        {
            return null;
        }
        for (Type? baseType = type.BaseType; baseType is not null; baseType = baseType.BaseType)
        {
            if (baseType.IsConstructedGenericType && s_subclassFactories.ContainsKey(baseType.GetGenericTypeDefinition()))
            {
                return baseType;
            }
        }
        return null;
    }

    public static SlimCodec? TryCreate(Type type, ValueExpressions values, CodecCache codecs)
    {
        if (!s_factories.TryGetValue(type.GetGenericTypeDefinition(), out MethodInfo? factory))
        {
            return null;
        }
        var create = factory.MakeGenericMethod(type.GetGenericArguments()).CreateDelegate<Factory>();
        return create(values, codecs);
    }

    private static MethodInfo Definition(Factory factory) => factory.Method.GetGenericMethodDefinition();

    private static SlimCodec CreateList<T>(ValueExpressions values, CodecCache codecs) => new ListCodec<T>(values, codecs);

    private static SlimCodec CreateDictionary<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
        new DictionaryCodec<Dictionary<TKey, TValue>, TKey, TValue>(values, codecs,
            c => new Dictionary<TKey, TValue>((IEqualityComparer<TKey>?)c), d => d.Comparer, EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>));

    private static SlimCodec CreateSortedDictionary<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
        new DictionaryCodec<SortedDictionary<TKey, TValue>, TKey, TValue>(values, codecs,
            c => new SortedDictionary<TKey, TValue>((IComparer<TKey>?)c), d => d.Comparer, Comparer<TKey>.Default, typeof(IComparer<TKey>));

    private static SlimCodec CreateSortedList<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
        new DictionaryCodec<SortedList<TKey, TValue>, TKey, TValue>(values, codecs,
            c => new SortedList<TKey, TValue>((IComparer<TKey>?)c), d => d.Comparer, Comparer<TKey>.Default, typeof(IComparer<TKey>));

    private static SlimCodec CreateConcurrentDictionary<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
        new DictionaryCodec<ConcurrentDictionary<TKey, TValue>, TKey, TValue>(values, codecs,
            c => new ConcurrentDictionary<TKey, TValue>((IEqualityComparer<TKey>?)c), d => d.Comparer, EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>));

    private static SlimCodec CreateDictionarySubclass<TSub, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TSub : Dictionary<TKey, TValue> where TKey : notnull
    {
        ConstructorInfo constructor = typeof(Dictionary<TKey, TValue>).GetConstructor([typeof(IEqualityComparer<TKey>)])!;
        return new DictionaryCodec<TSub, TKey, TValue>(values, codecs, c => (TSub)CollectionSubclassCodec.Create(typeof(TSub), constructor, c),
            d => d.Comparer, EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>));
    }

    private static SlimCodec CreateSortedDictionarySubclass<TSub, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TSub : SortedDictionary<TKey, TValue> where TKey : notnull
    {
        ConstructorInfo constructor = typeof(SortedDictionary<TKey, TValue>).GetConstructor([typeof(IComparer<TKey>)])!;
        return new DictionaryCodec<TSub, TKey, TValue>(values, codecs, c => (TSub)CollectionSubclassCodec.Create(typeof(TSub), constructor, c),
            d => d.Comparer, Comparer<TKey>.Default, typeof(IComparer<TKey>));
    }

    private static SlimCodec CreateSortedListSubclass<TSub, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TSub : SortedList<TKey, TValue> where TKey : notnull
    {
        ConstructorInfo constructor = typeof(SortedList<TKey, TValue>).GetConstructor([typeof(IComparer<TKey>)])!;
        return new DictionaryCodec<TSub, TKey, TValue>(values, codecs, c => (TSub)CollectionSubclassCodec.Create(typeof(TSub), constructor, c),
            d => d.Comparer, Comparer<TKey>.Default, typeof(IComparer<TKey>));
    }

    private static SlimCodec CreateConcurrentDictionarySubclass<TSub, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TSub : ConcurrentDictionary<TKey, TValue> where TKey : notnull
    {
        ConstructorInfo constructor = typeof(ConcurrentDictionary<TKey, TValue>).GetConstructor([typeof(IEqualityComparer<TKey>)])!;
        return new DictionaryCodec<TSub, TKey, TValue>(values, codecs, c => (TSub)CollectionSubclassCodec.Create(typeof(TSub), constructor, c),
            d => d.Comparer, EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>));
    }

    private static SlimCodec CreateHashSetSubclass<TSub, T>(ValueExpressions values, CodecCache codecs) where TSub : HashSet<T>
    {
        ConstructorInfo constructor = typeof(HashSet<T>).GetConstructor([typeof(IEqualityComparer<T>)])!;
        return new SetCodec<TSub, T>(values, codecs, c => (TSub)CollectionSubclassCodec.Create(typeof(TSub), constructor, c), s => s.Comparer,
            EqualityComparer<T>.Default, typeof(IEqualityComparer<T>));
    }

    private static SlimCodec CreateSortedSetSubclass<TSub, T>(ValueExpressions values, CodecCache codecs) where TSub : SortedSet<T>
    {
        ConstructorInfo constructor = typeof(SortedSet<T>).GetConstructor([typeof(IComparer<T>)])!;
        return new SetCodec<TSub, T>(values, codecs, c => (TSub)CollectionSubclassCodec.Create(typeof(TSub), constructor, c), s => s.Comparer,
            Comparer<T>.Default, typeof(IComparer<T>));
    }

    private static SlimCodec CreateHashSet<T>(ValueExpressions values, CodecCache codecs) =>
        new SetCodec<HashSet<T>, T>(values, codecs, c => new HashSet<T>((IEqualityComparer<T>?)c), s => s.Comparer,
            EqualityComparer<T>.Default, typeof(IEqualityComparer<T>));

    private static SlimCodec CreateSortedSet<T>(ValueExpressions values, CodecCache codecs) =>
        new SetCodec<SortedSet<T>, T>(values, codecs, c => new SortedSet<T>((IComparer<T>?)c), s => s.Comparer,
            Comparer<T>.Default, typeof(IComparer<T>));

    private static SlimCodec CreateQueue<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<Queue<T>, T>(values, static () => new Queue<T>(), static (q, x) => q.Enqueue(x), addInReverse: false);

    private static SlimCodec CreateStack<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<Stack<T>, T>(values, static () => new Stack<T>(), static (s, x) => s.Push(x), addInReverse: true);

    private static SlimCodec CreateLinkedList<T>(ValueExpressions values, CodecCache codecs) => new LinkedListCodec<T>(codecs);

    private static SlimCodec CreateLinkedListNode<T>(ValueExpressions values, CodecCache codecs) => new LinkedListNodeCodec<T>(values, codecs);

    private static SlimCodec CreateObservableCollection<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ObservableCollection<T>, T>(values, static () => [], static (c, x) => c.Add(x), addInReverse: false);

    private static SlimCodec CreateConcurrentQueue<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ConcurrentQueue<T>, T>(values, static () => new ConcurrentQueue<T>(), static (q, x) => q.Enqueue(x), addInReverse: false);

    private static SlimCodec CreateConcurrentStack<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ConcurrentStack<T>, T>(values, static () => new ConcurrentStack<T>(), static (s, x) => s.Push(x), addInReverse: true);

    // A bag enumerates the items one thread added last-in first-out, so adding in reverse keeps the enumeration order.
    private static SlimCodec CreateConcurrentBag<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ConcurrentBag<T>, T>(values, static () => [], static (b, x) => b.Add(x), addInReverse: true);

    private static SlimCodec CreateImmutableList<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableList<T>, T>(values, codecs, static (items, _) => System.Collections.Immutable.ImmutableList.Create(items));

    private static SlimCodec CreateImmutableQueue<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableQueue<T>, T>(values, codecs, static (items, _) => System.Collections.Immutable.ImmutableQueue.Create(items));

    private static SlimCodec CreateImmutableStack<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableStack<T>, T>(values, codecs, static (items, _) => System.Collections.Immutable.ImmutableStack.Create(items), reverse: true);

    private static SlimCodec CreateImmutableHashSet<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableHashSet<T>, T>(values, codecs,
            static (items, c) => System.Collections.Immutable.ImmutableHashSet.CreateRange((IEqualityComparer<T>?)c.Key, items),
            ImmutableCodec<ImmutableHashSet<T>, T>.Comparer(codecs, static s => s.KeyComparer, EqualityComparer<T>.Default, typeof(IEqualityComparer<T>), "comparer"),
            hashing: static (_, c) => (IEqualityComparer<T>?)c.Key ?? EqualityComparer<T>.Default);

    private static SlimCodec CreateImmutableSortedSet<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableSortedSet<T>, T>(values, codecs,
            static (items, c) => System.Collections.Immutable.ImmutableSortedSet.CreateRange((IComparer<T>?)c.Key, items),
            ImmutableCodec<ImmutableSortedSet<T>, T>.Comparer(codecs, static s => s.KeyComparer, Comparer<T>.Default, typeof(IComparer<T>), "comparer"));

    // Dictionaries carry their value comparer too: it decides whether adding an existing key with an "equal" value is
    // a no-op or an error, so a copy without it would refuse an Add the original accepts.
    private static SlimCodec CreateImmutableDictionary<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
        new ImmutableCodec<ImmutableDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>(values, codecs,
            static (items, c) => System.Collections.Immutable.ImmutableDictionary.CreateRange((IEqualityComparer<TKey>?)c.Key, (IEqualityComparer<TValue>?)c.Value, items),
            ImmutableCodec<ImmutableDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>.Comparer(codecs, static d => d.KeyComparer,
                EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>), "key comparer"),
            ImmutableCodec<ImmutableDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>.Comparer(codecs, static d => d.ValueComparer,
                EqualityComparer<TValue>.Default, typeof(IEqualityComparer<TValue>), "value comparer"),
            hashing: static (_, c) => new KeyHashing<TKey, TValue>((IEqualityComparer<TKey>?)c.Key ?? EqualityComparer<TKey>.Default));

    private static SlimCodec CreateImmutableSortedDictionary<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
        new ImmutableCodec<ImmutableSortedDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>(values, codecs,
            static (items, c) => System.Collections.Immutable.ImmutableSortedDictionary.CreateRange((IComparer<TKey>?)c.Key, (IEqualityComparer<TValue>?)c.Value, items),
            ImmutableCodec<ImmutableSortedDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>.Comparer(codecs, static d => d.KeyComparer,
                Comparer<TKey>.Default, typeof(IComparer<TKey>), "key comparer"),
            ImmutableCodec<ImmutableSortedDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>.Comparer(codecs, static d => d.ValueComparer,
                EqualityComparer<TValue>.Default, typeof(IEqualityComparer<TValue>), "value comparer"));

    /// <summary>Hashes a dictionary entry by its key alone, for <see cref="HashFloodGuard"/>.</summary>
    private sealed class KeyHashing<TKey, TValue>(IEqualityComparer<TKey> keys) : IEqualityComparer<KeyValuePair<TKey, TValue>>
    {
        public bool Equals(KeyValuePair<TKey, TValue> x, KeyValuePair<TKey, TValue> y) => keys.Equals(x.Key, y.Key);

        public int GetHashCode(KeyValuePair<TKey, TValue> pair) => pair.Key is null ? 0 : keys.GetHashCode(pair.Key);
    }
}
