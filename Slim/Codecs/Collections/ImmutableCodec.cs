using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>The comparers an immutable collection is built with (null = the collection's default).</summary>
internal readonly record struct Comparers(object? Key, object? Value);

/// <summary>One comparer an immutable collection carries: how to get it, its default, and the slot of a custom one.</summary>
internal sealed class ComparerSlot(Func<object, object?> get, object defaultComparer, ReferenceSlot slot)
{
    public Func<object, object?> Get { get; } = get;
    public object Default { get; } = defaultComparer;
    public ReferenceSlot Slot { get; } = slot;
}

/// <summary>
/// An immutable collection (ImmutableList, ImmutableHashSet, ImmutableDictionary, their sorted forms, ImmutableQueue,
/// ImmutableStack) by its contents, inline: its comparers (a dictionary's key comparer, then its value comparer),
/// count and elements. It cannot exist before its elements, so it is built when announced when they are complete; a
/// hashed or sorted one whose elements or comparers may not be complete yet is handed out as an empty shell and built
/// into it through <see cref="CollectionFill"/> once everything it reaches is complete. Its elements keep their
/// identity with the rest of the graph; a cycle back to the collection from inside it is refused when writing.
/// </summary>
internal sealed class ImmutableCodec<TCollection, T> : SlimCodec where TCollection : class, IEnumerable<T>
{
    private readonly ElementAccess<T> _element;
    private readonly Func<T[], Comparers, TCollection> _build;
    private readonly ComparerSlot? _keyComparer;
    private readonly ComparerSlot? _valueComparer;
    private readonly bool _reverse;
    private readonly Func<T[], Comparers, IEqualityComparer<T>>? _hashing;
    private readonly bool _elementsComplete;
    private Action<object, object>? _transplant;

    public ImmutableCodec(ValueExpressions values, CodecCache codecs, Func<T[], Comparers, TCollection> build,
        ComparerSlot? keyComparer = null, ComparerSlot? valueComparer = null, bool reverse = false,
        Func<T[], Comparers, IEqualityComparer<T>>? hashing = null)
        : base(typeof(TCollection))
    {
        _element = new ElementAccess<T>(values, typeof(TCollection).Name);
        _build = build;
        _keyComparer = keyComparer;
        _valueComparer = valueComparer;
        _reverse = reverse;
        _hashing = hashing;
        // Hashed and sorted collections need complete elements; a list, queue or stack does not look at them.
        _elementsComplete = keyComparer is null || _element.IsImmutableData ||
                            (typeof(T).IsGenericType && typeof(T).GetGenericTypeDefinition() == typeof(KeyValuePair<,>) &&
                             typeof(T).GetGenericArguments()[0] is var key && (key == typeof(string) || values.IsPlainData(key)));
    }

    /// <summary>A comparer of <typeparamref name="TCollection"/> read by <paramref name="get"/>, declared as <paramref name="comparerType"/>.</summary>
    public static ComparerSlot Comparer(CodecCache codecs, Func<TCollection, object?> get, object defaultComparer, Type comparerType, string role) =>
        new(c => get((TCollection)c), defaultComparer, codecs.SlotFor(comparerType, typeof(TCollection).Name + " " + role));

    public override bool HasBody => false;

    public override bool HeaderReadsReferences => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session)
    {
        var collection = (TCollection)value;
        foreach (ComparerSlot? comparer in (ReadOnlySpan<ComparerSlot?>)[_keyComparer, _valueComparer])
        {
            if (comparer is not null)
            {
                ComparerCodec.Write(comparer.Get(collection), comparer.Default, writer, session, comparer.Slot);
            }
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
        object? key = _keyComparer is null ? null : ComparerCodec.Read(reader, session, _keyComparer.Slot);
        object? value = _valueComparer is null ? null : ComparerCodec.Read(reader, session, _valueComparer.Slot);
        var comparers = new Comparers(key, value);
        int count = reader.ReadLength(Type.Name, _element.MinWireBytes);
        var items = new T[count];
        for (int i = 0; i < count; i++)
        {
            items[i] = _element.Read(reader, session);
        }
        if (CanBuildNow(comparers))
        {
            return Build(items, comparers, reader.Position, session);
        }
        TCollection shell = NewShell();
        session.Defer(new Transplant(this, shell, items, comparers, reader.Position));
        return shell;
    }

    public override object CloneHeader(object source, CloneSession session)
    {
        var collection = (TCollection)source;
        var comparers = new Comparers(
            _keyComparer is null ? null : ComparerCodec.Clone(_keyComparer.Get(collection), _keyComparer.Default, session),
            _valueComparer is null ? null : ComparerCodec.Clone(_valueComparer.Get(collection), _valueComparer.Default, session));
        if (_element.IsImmutableData && !IsCustom(comparers))
        {
            return source; // immutable and holding no references: sharing it is a perfect copy
        }
        T[] items = [.. collection];
        for (int i = 0; i < items.Length; i++)
        {
            items[i] = _element.Clone(items[i], session);
        }
        if (CanBuildNow(comparers))
        {
            return Build(items, comparers, 0, null);
        }
        TCollection shell = NewShell();
        session.Defer(new Transplant(this, shell, items, comparers, 0));
        return shell;
    }

    private bool IsCustom(Comparers comparers) =>
        (_keyComparer is not null && ComparerCodec.IsCustom(comparers.Key, _keyComparer.Default)) ||
        (_valueComparer is not null && ComparerCodec.IsCustom(comparers.Value, _valueComparer.Default));

    private bool CanBuildNow(Comparers comparers) => _elementsComplete && !IsCustom(comparers);

    /// <summary>
    /// An empty object of the collection's class that the rest of the graph references now; the real collection is
    /// built later and its fields copied into the shell.
    /// </summary>
    private TCollection NewShell()
    {
        if (!RuntimeCodecs.IsSupported)
        {
            SlimThrow.UnsupportedType(typeof(TCollection), "an immutable collection is read into a shell by a copier compiled at run time, which this app " +
                "does not build (" + RuntimeCodecs.Reason + "); hold a List or an array instead");
            throw new System.Diagnostics.UnreachableException();
        }
        _transplant ??= FieldCopier.Build(typeof(TCollection));
        return (TCollection)System.Runtime.CompilerServices.RuntimeHelpers.GetUninitializedObject(typeof(TCollection));
    }

    /// <summary>Builds the collection now, from input (<paramref name="session"/>) or for a clone (null).</summary>
    private TCollection Build(T[] items, Comparers comparers, long offset, ReadSession? session)
    {
        var build = new Transplant(this, null, items, comparers, offset);
        if (session is not null)
        {
            build.Fill(session);
        }
        else
        {
            build.Fill();
        }
        return build.Result!;
    }

    /// <summary>Builds the collection (checking hashed ones for flooding on input) and, for a shell, copies it in.</summary>
    private sealed class Transplant(ImmutableCodec<TCollection, T> codec, TCollection? shell, T[] items, Comparers comparers, long offset)
        : CollectionFill(typeof(TCollection), offset)
    {
        public TCollection? Result { get; private set; }

        protected override void Rebuild(int maxHashCollisions)
        {
            if (codec._hashing is not null && maxHashCollisions != int.MaxValue)
            {
                // A hashed immutable collection keeps keys that share a hash code in a list it scans: bound that list.
                HashFloodGuard.CheckSharedHashCodes(codec.Type, items, codec._hashing(items, comparers), maxHashCollisions, Offset);
            }
            if (codec._reverse)
            {
                Array.Reverse(items);
            }
            Result = codec._build(items, comparers);
            if (shell is not null)
            {
                codec._transplant!(Result, shell);
            }
        }
    }
}
