using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A hashed or sorted collection (a dictionary or a set) whose header is its comparer (<see cref="ComparerCodec"/>): the
/// collection is made with it at first sight, and its contents follow as the body, added through
/// <see cref="CollectionFill"/>.
/// </summary>
internal abstract class ComparedCollectionCodec<TCollection> : SlimCodec where TCollection : class
{
    private readonly Func<object?, TCollection> _create;
    private readonly Func<TCollection, object?> _comparer;
    private readonly object _defaultComparer;
    private readonly ReferenceSlot _comparerSlot;

    /// <param name="codecs">The codec cache (the comparer's slot).</param>
    /// <param name="create">Makes the collection with a comparer (null: the default).</param>
    /// <param name="comparer">The comparer of a collection.</param>
    /// <param name="defaultComparer">The comparer the collection has when made with none.</param>
    /// <param name="comparerType">The type the collection's constructor takes its comparer as.</param>
    protected ComparedCollectionCodec(CodecCache codecs, Func<object?, TCollection> create, Func<TCollection, object?> comparer,
        object defaultComparer, Type comparerType) : base(typeof(TCollection))
    {
        _create = create;
        _comparer = comparer;
        _defaultComparer = defaultComparer;
        _comparerSlot = codecs.SlotFor(comparerType, typeof(TCollection).Name + " comparer");
    }

    public override bool HasBody => true;

    /// <summary>The header holds the comparer, which may be a new object: it takes the pool index after this one.</summary>
    public override bool HeaderReadsReferences => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) =>
        ComparerCodec.Write(_comparer((TCollection)value), _defaultComparer, writer, session, _comparerSlot);

    public override object ReadHeader(SlimReader reader, ReadSession session) => _create(ComparerCodec.Read(reader, session, _comparerSlot));

    public override object CloneHeader(object source, CloneSession session) =>
        _create(ComparerCodec.Clone(_comparer((TCollection)source), _defaultComparer, session));

    /// <summary>
    /// True when <paramref name="collection"/> may be filled at once (<see cref="CollectionFill.CanFillNow"/>): its keys
    /// or elements are complete (<paramref name="elementsImmutable"/>) and so is its comparer.
    /// </summary>
    protected bool CanFillNow(TCollection collection, bool elementsImmutable) =>
        CollectionFill.CanFillNow(elementsImmutable, _comparer(collection), _defaultComparer);
}
