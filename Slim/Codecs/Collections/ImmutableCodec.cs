using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// An immutable collection (ImmutableList, ImmutableHashSet, ImmutableDictionary, their sorted forms, ImmutableQueue,
/// ImmutableStack) by its contents, inline: it cannot exist before its elements, so it is built when announced.
/// Its elements keep their identity with the rest of the graph; a cycle back to the collection itself cannot exist.
/// </summary>
internal sealed class ImmutableCodec<TCollection, T> : SlimCodec where TCollection : class, IEnumerable<T>
{
    private readonly ElementAccess<T> _element;
    private readonly Func<T[], object?, TCollection> _build;
    private readonly Func<TCollection, object?>? _comparer;
    private readonly object? _defaultComparer;
    private readonly ReferenceSlot? _comparerSlot;
    private readonly bool _reverse;
    private readonly Func<T[], object?, IEqualityComparer<T>>? _hashing;
    private readonly bool _completeWhenRead;
    private Action<object, object>? _transplant;

    public ImmutableCodec(ValueExpressions values, CodecCache codecs, Func<T[], object?, TCollection> build,
        Func<TCollection, object?>? comparer = null, object? defaultComparer = null, Type? comparerType = null, bool reverse = false,
        Func<T[], object?, IEqualityComparer<T>>? hashing = null)
        : base(typeof(TCollection))
    {
        _element = new ElementAccess<T>(values, typeof(TCollection).Name);
        _build = build;
        _comparer = comparer;
        _defaultComparer = defaultComparer;
        _comparerSlot = comparerType is null ? null : codecs.SlotFor(comparerType, typeof(TCollection).Name + " comparer");
        _reverse = reverse;
        _hashing = hashing;
        // Hashed and sorted collections need complete elements; a list, queue or stack does not look at them.
        _completeWhenRead = comparer is null || _element.IsImmutableData ||
                            (typeof(T).IsGenericType && typeof(T).GetGenericTypeDefinition() == typeof(KeyValuePair<,>) &&
                             typeof(T).GetGenericArguments()[0] is var key && (key == typeof(string) || values.IsPlainData(key)));
    }

    public override bool HasBody => false;

    public override bool HeaderReadsReferences => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session)
    {
        var collection = (TCollection)value;
        if (_comparer is not null)
        {
            ComparerCodec.Write(_comparer(collection), _defaultComparer!, writer, session, _comparerSlot!);
        }
        T[] items = [.. collection];
        writer.WriteVarUInt32((uint)items.Length);
        foreach (T item in items)
        {
            _element.Write(writer, item, session);
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        object? comparer = _comparer is null ? null : ComparerCodec.Read(reader, session, _comparerSlot!);
        int count = reader.ReadLength(Type.Name, _element.MinWireBytes);
        var items = new T[count];
        for (int i = 0; i < count; i++)
        {
            items[i] = _element.Read(reader, session);
        }
        int maxHashCollisions = session.Limits.MaxHashCollisions;
        return _completeWhenRead
            ? Build(items, comparer, reader.Position, maxHashCollisions)
            : Later(items, comparer, reader.Position, maxHashCollisions, session.Defer, null);
    }

    public override object CloneHeader(object source, CloneSession session)
    {
        if (_element.IsImmutableData)
        {
            return source; // immutable and holding no references: sharing it is a perfect copy
        }
        var collection = (TCollection)source;
        T[] items = [.. collection];
        for (int i = 0; i < items.Length; i++)
        {
            items[i] = _element.Clone(items[i], session);
        }
        object? comparer = _comparer is null ? null : ComparerCodec.Clone(_comparer(collection), _defaultComparer!, session);
        return _completeWhenRead ? Build(items, comparer, 0, int.MaxValue) : Later(items, comparer, 0, int.MaxValue, null, session.Defer);
    }

    /// <summary>
    /// The elements are objects whose fields are read later (bodies are breadth-first), so hashing or sorting them now
    /// would be wrong: hand out an empty shell now, build the real collection once every body is read, and copy its
    /// fields into the shell, which the rest of the graph already references.
    /// </summary>
    private TCollection Later(T[] items, object? comparer, long offset, int maxHashCollisions, Action<IDeferredFill>? deferRead, Action<IDeferredCloneFill>? deferClone)
    {
        var shell = (TCollection)System.Runtime.CompilerServices.RuntimeHelpers.GetUninitializedObject(typeof(TCollection));
        _transplant ??= FieldCopier.Build(typeof(TCollection));
        var fill = new Transplant(this, shell, items, comparer, offset, maxHashCollisions);
        if (deferRead is not null)
        {
            deferRead(fill);
        }
        else
        {
            deferClone!(fill);
        }
        return shell;
    }

    private sealed class Transplant(ImmutableCodec<TCollection, T> codec, TCollection shell, T[] items, object? comparer, long offset, int maxHashCollisions)
        : IDeferredFill, IDeferredCloneFill
    {
        public void Fill(ReadSession session) => Fill();

        public void Fill() => codec._transplant!(codec.Build(items, comparer, offset, maxHashCollisions), shell);
    }

    /// <summary>Builds the collection; for untrusted input (<paramref name="maxHashCollisions"/> below int.MaxValue) hashed ones are checked for flooding first.</summary>
    internal TCollection Build(T[] items, object? comparer, long offset, int maxHashCollisions)
    {
        if (_hashing is not null && maxHashCollisions != int.MaxValue)
        {
            // A hashed immutable collection keeps keys that share a hash code in a list it scans: bound that list.
            HashFloodGuard.CheckSharedHashCodes(Type, items, _hashing(items, comparer), maxHashCollisions, offset);
        }
        if (_reverse)
        {
            Array.Reverse(items);
        }
        try
        {
            return _build(items, comparer);
        }
        catch (ArgumentException e)
        {
            throw new SlimFormatException($"Rebuilding a {typeof(TCollection).Name} failed at offset {offset}: {e.Message}", offset);
        }
        catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
        {
            // The elements' own comparison or hashing failed on the data (e.g. a sorted set of objects that are not
            // IComparable): user code rejecting the input, reported like the mutable collections report it.
            throw new SlimDeserializationException($"Rebuilding a {typeof(TCollection).Name} failed at offset {offset}: {e.Message}", e);
        }
    }
}
