using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Collections.Specialized;
using System.Diagnostics.CodeAnalysis;
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
    internal delegate SlimCodec Factory(ValueExpressions values, CodecCache codecs);

    /// <summary>Generic collection definition -> its factory, as a generic method definition taken from a delegate.</summary>
    private static readonly Dictionary<Type, MethodInfo> s_factories = new()
    {
        [typeof(List<>)] = Definition(CreateList<int>),
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
    /// Hashed and sorted collection definition -> the factory of the codec of the collection itself and of a class
    /// deriving from it: its type arguments are the concrete class, then the collection's.
    /// </summary>
    private static readonly Dictionary<Type, MethodInfo> s_comparerFactories = new()
    {
        [typeof(Dictionary<,>)] = Definition(CreateDictionary<Dictionary<int, int>, int, int>),
        [typeof(SortedDictionary<,>)] = Definition(CreateSortedDictionary<SortedDictionary<int, int>, int, int>),
        [typeof(SortedList<,>)] = Definition(CreateSortedList<SortedList<int, int>, int, int>),
        [typeof(ConcurrentDictionary<,>)] = Definition(CreateConcurrentDictionary<ConcurrentDictionary<int, int>, int, int>),
        [typeof(HashSet<>)] = Definition(CreateHashSet<HashSet<int>, int>),
        [typeof(SortedSet<>)] = Definition(CreateSortedSet<SortedSet<int>, int>),
    };

    /// <summary>
    /// The codec of a class deriving from a hashed or sorted collection (<see cref="CollectionSubclassCodec"/>), or
    /// null when <paramref name="type"/> derives from none.
    /// </summary>
    [RequiresDynamicCode("Makes the comparer factory for the subclass and its base's type arguments.")]
    [RequiresUnreferencedCode("Constructs the subclass through its base's constructor found by reflection.")]
    public static SlimCodec? TryCreateSubclass(Type type, ValueExpressions values, CodecCache codecs) =>
        CollectionBaseOf(type) is { } collection ? CreateSubclass(type, collection, values, codecs) : null;

    // Apart from TryCreateSubclass, which every class's first codec calls: compiling typeof(NameValueCollection) loads
    // System.Collections.Specialized.
    [RequiresDynamicCode("Makes the comparer factory for the subclass and its base's type arguments.")]
    [RequiresUnreferencedCode("Constructs the subclass through its base's constructor found by reflection.")]
    private static SlimCodec CreateSubclass(Type type, Type collection, ValueExpressions values, CodecCache codecs)
    {
        if (collection == typeof(NameValueCollection))
        {
            return new CollectionSubclassCodec(type, new NameValueCollectionCodec(type, codecs), values);
        }
        var create = s_comparerFactories[collection.GetGenericTypeDefinition()].MakeGenericMethod([type, .. collection.GetGenericArguments()]).CreateDelegate<Factory>();
        return new CollectionSubclassCodec(type, create(values, codecs), values);
    }

    /// <summary>The hashed or sorted collection (or NameValueCollection) a concrete class derives from, or null (decided from the type alone).</summary>
    public static Type? CollectionBaseOf(Type type)
    {
        if (type.IsValueType || type.IsAbstract)
        {
            return null;
        }
        // Object is neither: a class deriving from it directly, the usual model class, asks nothing of the tables.
        for (Type? baseType = type.BaseType; baseType is not null && baseType != typeof(object); baseType = baseType.BaseType)
        {
            if (IsCollectionBase(baseType))
            {
                return baseType;
            }
        }
        return null;
    }

    // A method of its own: compiling typeof(NameValueCollection) loads System.Collections.Specialized.
    private static bool IsCollectionBase(Type baseType) =>
        baseType == typeof(NameValueCollection) ||
        baseType.IsConstructedGenericType && s_comparerFactories.ContainsKey(baseType.GetGenericTypeDefinition());

    /// <summary>True when <paramref name="type"/> is one of the generic collections this class writes by its contents.</summary>
    public static bool IsCollection(Type type) =>
        type.IsConstructedGenericType && (s_factories.ContainsKey(type.GetGenericTypeDefinition()) || s_comparerFactories.ContainsKey(type.GetGenericTypeDefinition()));

    public static SlimCodec? TryCreate(Type type, ValueExpressions values, CodecCache codecs)
    {
        Type definition = type.GetGenericTypeDefinition();
        MethodInfo factory;
        if (s_factories.TryGetValue(definition, out MethodInfo? plain))
        {
            factory = plain.MakeGenericMethod(type.GetGenericArguments());
        }
        else if (s_comparerFactories.TryGetValue(definition, out MethodInfo? withComparer))
        {
            factory = withComparer.MakeGenericMethod([type, .. type.GetGenericArguments()]);
        }
        else
        {
            return null;
        }
        return factory.CreateDelegate<Factory>()(values, codecs);
    }

    private static MethodInfo Definition(Factory factory) => factory.Method.GetGenericMethodDefinition();

    internal static SlimCodec CreateList<T>(ValueExpressions values, CodecCache codecs) => new ListCodec<T>(values, codecs);

    /// <summary>
    /// Makes a <typeparamref name="TCollection"/> with a comparer (null: the default): <paramref name="newBase"/> when it
    /// is <typeparamref name="TBase"/> itself; for a class deriving from it, an uninitialized instance on which the base's
    /// constructor taking a <paramref name="comparerType"/> runs (<see cref="CollectionSubclassCodec.Create"/>).
    /// </summary>
    private static Func<object?, TCollection> Creator<TCollection, TBase>(Func<object?, TBase> newBase, Type comparerType)
        where TCollection : TBase
    {
        if (typeof(TCollection) == typeof(TBase))
        {
            return c => (TCollection)newBase(c)!;
        }
        if (!RuntimeCodecs.IsSupported)
        {
            throw new InvalidOperationException("Classes deriving from a collection have codecs made at run time only.");
        }
        ConstructorInfo constructor = typeof(TBase).GetConstructor([comparerType])!;
        return [RequiresUnreferencedCode("Constructs the subclass through its base's constructor found by reflection.")] (object? c) =>
            (TCollection)CollectionSubclassCodec.Create(typeof(TCollection), constructor, c);
    }

    internal static SlimCodec CreateDictionary<TDictionary, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TDictionary : Dictionary<TKey, TValue> where TKey : notnull =>
        new DictionaryCodec<TDictionary, TKey, TValue>(values, codecs,
            Creator<TDictionary, Dictionary<TKey, TValue>>(c => new((IEqualityComparer<TKey>?)c), typeof(IEqualityComparer<TKey>)),
            d => d.Comparer, EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>));

    internal static SlimCodec CreateSortedDictionary<TDictionary, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TDictionary : SortedDictionary<TKey, TValue> where TKey : notnull =>
        new DictionaryCodec<TDictionary, TKey, TValue>(values, codecs,
            Creator<TDictionary, SortedDictionary<TKey, TValue>>(c => new((IComparer<TKey>?)c), typeof(IComparer<TKey>)),
            d => d.Comparer, Comparer<TKey>.Default, typeof(IComparer<TKey>));

    internal static SlimCodec CreateSortedList<TDictionary, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TDictionary : SortedList<TKey, TValue> where TKey : notnull =>
        new DictionaryCodec<TDictionary, TKey, TValue>(values, codecs,
            Creator<TDictionary, SortedList<TKey, TValue>>(c => new((IComparer<TKey>?)c), typeof(IComparer<TKey>)),
            d => d.Comparer, Comparer<TKey>.Default, typeof(IComparer<TKey>));

    internal static SlimCodec CreateConcurrentDictionary<TDictionary, TKey, TValue>(ValueExpressions values, CodecCache codecs)
        where TDictionary : ConcurrentDictionary<TKey, TValue> where TKey : notnull =>
        new DictionaryCodec<TDictionary, TKey, TValue>(values, codecs,
            Creator<TDictionary, ConcurrentDictionary<TKey, TValue>>(c => new((IEqualityComparer<TKey>?)c), typeof(IEqualityComparer<TKey>)),
            d => d.Comparer, EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>));

    internal static SlimCodec CreateHashSet<TSet, T>(ValueExpressions values, CodecCache codecs) where TSet : HashSet<T> =>
        new SetCodec<TSet, T>(values, codecs, Creator<TSet, HashSet<T>>(c => new((IEqualityComparer<T>?)c), typeof(IEqualityComparer<T>)),
            s => s.Comparer, EqualityComparer<T>.Default, typeof(IEqualityComparer<T>));

    internal static SlimCodec CreateSortedSet<TSet, T>(ValueExpressions values, CodecCache codecs) where TSet : SortedSet<T> =>
        new SetCodec<TSet, T>(values, codecs, Creator<TSet, SortedSet<T>>(c => new((IComparer<T>?)c), typeof(IComparer<T>)),
            s => s.Comparer, Comparer<T>.Default, typeof(IComparer<T>));

    internal static SlimCodec CreateQueue<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<Queue<T>, T>(values, static () => new Queue<T>(), static (q, x) => q.Enqueue(x), addInReverse: false);

    internal static SlimCodec CreateStack<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<Stack<T>, T>(values, static () => new Stack<T>(), static (s, x) => s.Push(x), addInReverse: true);

    internal static SlimCodec CreateLinkedList<T>(ValueExpressions values, CodecCache codecs) => new LinkedListCodec<T>(codecs);

    internal static SlimCodec CreateLinkedListNode<T>(ValueExpressions values, CodecCache codecs) => new LinkedListNodeCodec<T>(values, codecs);

    internal static SlimCodec CreateObservableCollection<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ObservableCollection<T>, T>(values, static () => [], static (c, x) => c.Add(x), addInReverse: false);

    internal static SlimCodec CreateConcurrentQueue<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ConcurrentQueue<T>, T>(values, static () => new ConcurrentQueue<T>(), static (q, x) => q.Enqueue(x), addInReverse: false);

    internal static SlimCodec CreateConcurrentStack<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ConcurrentStack<T>, T>(values, static () => new ConcurrentStack<T>(), static (s, x) => s.Push(x), addInReverse: true);

    // A bag enumerates the items one thread added last-in first-out, so adding in reverse keeps the enumeration order.
    internal static SlimCodec CreateConcurrentBag<T>(ValueExpressions values, CodecCache codecs) =>
        new SequenceCodec<ConcurrentBag<T>, T>(values, static () => [], static (b, x) => b.Add(x), addInReverse: true);

    internal static SlimCodec CreateImmutableList<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableList<T>, T>(values, codecs, static (items, _) => System.Collections.Immutable.ImmutableList.Create(items));

    internal static SlimCodec CreateImmutableQueue<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableQueue<T>, T>(values, codecs, static (items, _) => System.Collections.Immutable.ImmutableQueue.Create(items));

    internal static SlimCodec CreateImmutableStack<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableStack<T>, T>(values, codecs, static (items, _) => System.Collections.Immutable.ImmutableStack.Create(items), reverse: true);

    internal static SlimCodec CreateImmutableHashSet<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableHashSet<T>, T>(values, codecs,
            static (items, c) => System.Collections.Immutable.ImmutableHashSet.CreateRange((IEqualityComparer<T>?)c.Key, items),
            ImmutableCodec<ImmutableHashSet<T>, T>.Comparer(codecs, static s => s.KeyComparer, EqualityComparer<T>.Default, typeof(IEqualityComparer<T>), "comparer"),
            hashing: static (_, c) => (IEqualityComparer<T>?)c.Key ?? EqualityComparer<T>.Default);

    internal static SlimCodec CreateImmutableSortedSet<T>(ValueExpressions values, CodecCache codecs) =>
        new ImmutableCodec<ImmutableSortedSet<T>, T>(values, codecs,
            static (items, c) => System.Collections.Immutable.ImmutableSortedSet.CreateRange((IComparer<T>?)c.Key, items),
            ImmutableCodec<ImmutableSortedSet<T>, T>.Comparer(codecs, static s => s.KeyComparer, Comparer<T>.Default, typeof(IComparer<T>), "comparer"));

    // Dictionaries carry their value comparer too: it decides whether adding an existing key with an "equal" value is
    // a no-op or an error, so a copy without it would refuse an Add the original accepts.
    internal static SlimCodec CreateImmutableDictionary<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
        new ImmutableCodec<ImmutableDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>(values, codecs,
            static (items, c) => System.Collections.Immutable.ImmutableDictionary.CreateRange((IEqualityComparer<TKey>?)c.Key, (IEqualityComparer<TValue>?)c.Value, items),
            ImmutableCodec<ImmutableDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>.Comparer(codecs, static d => d.KeyComparer,
                EqualityComparer<TKey>.Default, typeof(IEqualityComparer<TKey>), "key comparer"),
            ImmutableCodec<ImmutableDictionary<TKey, TValue>, KeyValuePair<TKey, TValue>>.Comparer(codecs, static d => d.ValueComparer,
                EqualityComparer<TValue>.Default, typeof(IEqualityComparer<TValue>), "value comparer"),
            hashing: static (_, c) => new KeyHashing<TKey, TValue>((IEqualityComparer<TKey>?)c.Key ?? EqualityComparer<TKey>.Default));

    internal static SlimCodec CreateImmutableSortedDictionary<TKey, TValue>(ValueExpressions values, CodecCache codecs) where TKey : notnull =>
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
