using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs;
using NFX.Slim.Codecs.Collections;

namespace NFX.Slim.Generated;

// The generic codecs generated code registers for the closed types it reaches (a field's List<Order>, an Order[], an
// enum in an object slot): each call compiles that instantiation into the program, which a NativeAOT app needs (it
// cannot make a generic type at run time for value-type arguments), and the codec cache takes the factory before it
// makes the type by reflection. Serializers build the same codec either way.
public static partial class SlimGeneratedCodecs
{
    /// <summary>Registers the codec of <typeparamref name="T"/>[] (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterArray<T>() => GenericInstantiations.Add(typeof(T[]), NewArrayCodec<T>);

    // Method groups, not lambdas: a lambda in a generic method is a closure class per instantiation for the JIT to compile.
    private static SlimCodec NewArrayCodec<T>(ValueExpressions values, CodecCache codecs) => new ArrayCodec<T>(values, codecs);

    /// <summary>Registers the codec of a boxed <typeparamref name="TEnum"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterEnum<TEnum, TUnderlying>() where TEnum : struct, Enum where TUnderlying : struct =>
        GenericInstantiations.Add(typeof(TEnum), NewEnumCodec<TEnum, TUnderlying>);

    private static SlimCodec NewEnumCodec<TEnum, TUnderlying>(ValueExpressions values, CodecCache codecs) where TEnum : struct, Enum where TUnderlying : struct =>
        values.Format.TryGetCodec(typeof(TUnderlying), out NFX.IO.NativeTypeCodec? underlying)
            ? new EnumCodec<TEnum, TUnderlying>(underlying)
            : throw new InvalidOperationException($"The format has no row for {typeof(TUnderlying).Name}, the underlying type of {typeof(TEnum).Name}.");

    /// <summary>Registers the codec of <see cref="List{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterList<T>() => GenericInstantiations.Add(typeof(List<T>), CollectionCodecs.CreateList<T>);

    /// <summary>Registers the codec of <see cref="Queue{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterQueue<T>() => GenericInstantiations.Add(typeof(Queue<T>), CollectionCodecs.CreateQueue<T>);

    /// <summary>Registers the codec of <see cref="Stack{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterStack<T>() => GenericInstantiations.Add(typeof(Stack<T>), CollectionCodecs.CreateStack<T>);

    /// <summary>Registers the codecs of <see cref="LinkedList{T}"/> and its nodes (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterLinkedList<T>()
    {
        GenericInstantiations.Add(typeof(LinkedList<T>), CollectionCodecs.CreateLinkedList<T>);
        GenericInstantiations.Add(typeof(LinkedListNode<T>), CollectionCodecs.CreateLinkedListNode<T>);
    }

    /// <summary>Registers the codec of <see cref="ObservableCollection{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterObservableCollection<T>() => GenericInstantiations.Add(typeof(ObservableCollection<T>), CollectionCodecs.CreateObservableCollection<T>);

    /// <summary>Registers the codec of <see cref="ConcurrentQueue{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterConcurrentQueue<T>() => GenericInstantiations.Add(typeof(ConcurrentQueue<T>), CollectionCodecs.CreateConcurrentQueue<T>);

    /// <summary>Registers the codec of <see cref="ConcurrentStack{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterConcurrentStack<T>() => GenericInstantiations.Add(typeof(ConcurrentStack<T>), CollectionCodecs.CreateConcurrentStack<T>);

    /// <summary>Registers the codec of <see cref="ConcurrentBag{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterConcurrentBag<T>() => GenericInstantiations.Add(typeof(ConcurrentBag<T>), CollectionCodecs.CreateConcurrentBag<T>);

    /// <summary>Registers the codec of <see cref="ImmutableList{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterImmutableList<T>() => GenericInstantiations.Add(typeof(ImmutableList<T>), CollectionCodecs.CreateImmutableList<T>);

    /// <summary>Registers the codec of <see cref="ImmutableQueue{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterImmutableQueue<T>() => GenericInstantiations.Add(typeof(ImmutableQueue<T>), CollectionCodecs.CreateImmutableQueue<T>);

    /// <summary>Registers the codec of <see cref="ImmutableStack{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterImmutableStack<T>() => GenericInstantiations.Add(typeof(ImmutableStack<T>), CollectionCodecs.CreateImmutableStack<T>);

    /// <summary>Registers the codec of <see cref="ImmutableHashSet{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterImmutableHashSet<T>() => GenericInstantiations.Add(typeof(ImmutableHashSet<T>), CollectionCodecs.CreateImmutableHashSet<T>);

    /// <summary>Registers the codec of <see cref="ImmutableSortedSet{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterImmutableSortedSet<T>() => GenericInstantiations.Add(typeof(ImmutableSortedSet<T>), CollectionCodecs.CreateImmutableSortedSet<T>);

    /// <summary>Registers the codec of <see cref="HashSet{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterHashSet<T>() => GenericInstantiations.Add(typeof(HashSet<T>), CollectionCodecs.CreateHashSet<HashSet<T>, T>);

    /// <summary>Registers the codec of <see cref="SortedSet{T}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterSortedSet<T>() => GenericInstantiations.Add(typeof(SortedSet<T>), CollectionCodecs.CreateSortedSet<SortedSet<T>, T>);

    /// <summary>Registers the codec of <see cref="Dictionary{TKey, TValue}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterDictionary<TKey, TValue>() where TKey : notnull =>
        GenericInstantiations.Add(typeof(Dictionary<TKey, TValue>), CollectionCodecs.CreateDictionary<Dictionary<TKey, TValue>, TKey, TValue>);

    /// <summary>Registers the codec of <see cref="SortedDictionary{TKey, TValue}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterSortedDictionary<TKey, TValue>() where TKey : notnull =>
        GenericInstantiations.Add(typeof(SortedDictionary<TKey, TValue>), CollectionCodecs.CreateSortedDictionary<SortedDictionary<TKey, TValue>, TKey, TValue>);

    /// <summary>Registers the codec of <see cref="SortedList{TKey, TValue}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterSortedList<TKey, TValue>() where TKey : notnull =>
        GenericInstantiations.Add(typeof(SortedList<TKey, TValue>), CollectionCodecs.CreateSortedList<SortedList<TKey, TValue>, TKey, TValue>);

    /// <summary>Registers the codec of <see cref="ConcurrentDictionary{TKey, TValue}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterConcurrentDictionary<TKey, TValue>() where TKey : notnull =>
        GenericInstantiations.Add(typeof(ConcurrentDictionary<TKey, TValue>), CollectionCodecs.CreateConcurrentDictionary<ConcurrentDictionary<TKey, TValue>, TKey, TValue>);

    /// <summary>Registers the codec of <see cref="ImmutableDictionary{TKey, TValue}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterImmutableDictionary<TKey, TValue>() where TKey : notnull =>
        GenericInstantiations.Add(typeof(ImmutableDictionary<TKey, TValue>), CollectionCodecs.CreateImmutableDictionary<TKey, TValue>);

    /// <summary>Registers the codec of <see cref="ImmutableSortedDictionary{TKey, TValue}"/> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterImmutableSortedDictionary<TKey, TValue>() where TKey : notnull =>
        GenericInstantiations.Add(typeof(ImmutableSortedDictionary<TKey, TValue>), CollectionCodecs.CreateImmutableSortedDictionary<TKey, TValue>);

    /// <summary>Registers a closed generic or array type for name resolution only (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterName(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        GenericInstantiations.Name(type);
    }

    /// <summary>
    /// Registers the element functions of the struct <typeparamref name="T"/> (and of <c>T?</c>) and the codec of a boxed
    /// <typeparamref name="T"/>, from its fields as <paramref name="describe"/> lists them in Slim's field order: so the
    /// struct is written in a collection, an array, an <c>object</c> slot or a Glue argument pack where nothing is
    /// compiled at run time (not for generated code's callers).
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void RegisterStruct<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicFields | DynamicallyAccessedMemberTypes.NonPublicFields)] T>(
        Func<SlimStructFields<T>, SlimStructFields<T>> describe) where T : struct
    {
        ArgumentNullException.ThrowIfNull(describe);
        StaticStruct<T>.Factory ??= (values, path) => describe(new SlimStructFields<T>(values, path)).Functions();
        StaticStruct<T?>.Factory ??= NullableStruct<T>;
        GenericInstantiations.Add(typeof(T), static (values, _) => new BoxedStructCodec<T>(values));
    }

    /// <summary>A <c>T?</c> as the compiled functions write it: a presence byte (a boolean), then the value.</summary>
    private static StaticFunctions<T?> NullableStruct<T>(NFX.Slim.CodeGen.ValueExpressions values, string path) where T : struct
    {
        StaticFunctions<T> inner = StaticStruct<T>.Factory!(values, path);
        return new(
            (writer, value, session) =>
            {
                writer.WriteBoolean(value.HasValue);
                if (value.HasValue)
                {
                    inner.Write(writer, value.GetValueOrDefault(), session);
                }
            },
            (reader, session) => reader.ReadBoolean() ? inner.Read(reader, session) : null,
            (value, session) => value.HasValue ? inner.CloneValue(value.GetValueOrDefault(), session) : null);
    }

    // The argument packs of Glue contract methods (NFX.Glue's generator registers each): a boxed ValueTuple written field
    // by field, which a NativeAOT app cannot compile at run time. The codec is the runtime's boxed-struct codec; where
    // nothing is compiled its fields are written by the registered element functions (the same bytes).

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<>))]
    public static void RegisterValueTuple<T1>()
    {
        StaticStruct<ValueTuple<T1>>.Factory ??= ValueTupleElements.Create<T1>;
        GenericInstantiations.Add(typeof(ValueTuple<T1>), static (values, _) => new BoxedStructCodec<ValueTuple<T1>>(values));
    }

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1, T2&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,>))]
    public static void RegisterValueTuple<T1, T2>()
    {
        StaticStruct<ValueTuple<T1, T2>>.Factory ??= ValueTupleElements.Create<T1, T2>;
        GenericInstantiations.Add(typeof(ValueTuple<T1, T2>), static (values, _) => new BoxedStructCodec<ValueTuple<T1, T2>>(values));
    }

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1, T2, T3&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,>))]
    public static void RegisterValueTuple<T1, T2, T3>()
    {
        StaticStruct<ValueTuple<T1, T2, T3>>.Factory ??= ValueTupleElements.Create<T1, T2, T3>;
        GenericInstantiations.Add(typeof(ValueTuple<T1, T2, T3>), static (values, _) => new BoxedStructCodec<ValueTuple<T1, T2, T3>>(values));
    }

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1, T2, T3, T4&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,>))]
    public static void RegisterValueTuple<T1, T2, T3, T4>()
    {
        StaticStruct<ValueTuple<T1, T2, T3, T4>>.Factory ??= ValueTupleElements.Create<T1, T2, T3, T4>;
        GenericInstantiations.Add(typeof(ValueTuple<T1, T2, T3, T4>), static (values, _) => new BoxedStructCodec<ValueTuple<T1, T2, T3, T4>>(values));
    }

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1, T2, T3, T4, T5&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,>))]
    public static void RegisterValueTuple<T1, T2, T3, T4, T5>()
    {
        StaticStruct<ValueTuple<T1, T2, T3, T4, T5>>.Factory ??= ValueTupleElements.Create<T1, T2, T3, T4, T5>;
        GenericInstantiations.Add(typeof(ValueTuple<T1, T2, T3, T4, T5>), static (values, _) => new BoxedStructCodec<ValueTuple<T1, T2, T3, T4, T5>>(values));
    }

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1, T2, T3, T4, T5, T6&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,>))]
    public static void RegisterValueTuple<T1, T2, T3, T4, T5, T6>()
    {
        StaticStruct<ValueTuple<T1, T2, T3, T4, T5, T6>>.Factory ??= ValueTupleElements.Create<T1, T2, T3, T4, T5, T6>;
        GenericInstantiations.Add(typeof(ValueTuple<T1, T2, T3, T4, T5, T6>), static (values, _) => new BoxedStructCodec<ValueTuple<T1, T2, T3, T4, T5, T6>>(values));
    }

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1, T2, T3, T4, T5, T6, T7&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,,>))]
    public static void RegisterValueTuple<T1, T2, T3, T4, T5, T6, T7>()
    {
        StaticStruct<ValueTuple<T1, T2, T3, T4, T5, T6, T7>>.Factory ??= ValueTupleElements.Create<T1, T2, T3, T4, T5, T6, T7>;
        GenericInstantiations.Add(typeof(ValueTuple<T1, T2, T3, T4, T5, T6, T7>), static (values, _) => new BoxedStructCodec<ValueTuple<T1, T2, T3, T4, T5, T6, T7>>(values));
    }

    /// <summary>Registers the codec of a boxed <c>ValueTuple&lt;T1, T2, T3, T4, T5, T6, T7, TRest&gt;</c> (not for generated code's callers).</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    // The pack's fields are its layout (member list, fingerprint): a trimmed app keeps them as the JIT build sees them.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,,,>))]
    public static void RegisterValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>() where TRest : struct
    {
        StaticStruct<ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>>.Factory ??= ValueTupleElements.Create<T1, T2, T3, T4, T5, T6, T7, TRest>;
        GenericInstantiations.Add(typeof(ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>), static (values, _) => new BoxedStructCodec<ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>>(values));
    }
}
