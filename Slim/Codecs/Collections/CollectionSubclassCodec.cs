using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A class deriving from a hashed or sorted collection (Dictionary, HashSet, SortedDictionary, SortedSet, SortedList,
/// ConcurrentDictionary) with fields of its own: the collection's own codec (comparer in the header, count and
/// entries in the body, rebuilt through the same fill) for an instance of the subclass, then the subclass's fields
/// (those declared below the framework type, in layout order). Copying the base's buckets field by field would keep
/// hash codes of the source's process and the runtime's internal comparers.
/// </summary>
/// <remarks>
/// The instance is made uninitialized, as every class is (no constructor of the subclass runs), then the base
/// collection's constructor that takes a comparer runs on it, so its internal state is what that constructor makes.
/// </remarks>
internal sealed class CollectionSubclassCodec : SlimCodec
{
    private readonly SlimCodec _collection;
    private readonly FieldFunctors _own;

    [RequiresDynamicCode("Compiles the write, read and clone of the subclass's own fields.")]
    [RequiresUnreferencedCode("Reads and writes the fields of the subclass found by reflection.")]
    public CollectionSubclassCodec(Type type, SlimCodec collection, ValueExpressions values) : base(type)
    {
        _collection = collection;
        // The subclass's [OnSerializing]/[OnDeserialized] run as for any class; the base's own IDeserializationCallback does not.
        Callbacks = SerializationCallbacks.For(type, frameworkBaseRebuilt: true);
        _own = new FieldFunctors(type, OwnFields(type), values, plainFieldsCopied: false);
    }

    /// <summary>The fields the subclass adds: those its layout lists (declared below the first framework type).</summary>
    public static FieldInfo[] OwnFields(Type type) => FieldLayout.Of(type, TypeLayout.IsFramework);

    /// <summary>
    /// Makes an instance of <paramref name="type"/> whose base collection was constructed by <paramref name="constructor"/>
    /// with <paramref name="comparer"/> (null: the collection's default).
    /// </summary>
    [RequiresUnreferencedCode("Allocates the type uninitialized and runs a base constructor found by reflection.")]
    public static object Create(Type type, ConstructorInfo constructor, object? comparer)
    {
        object instance = RuntimeHelpers.GetUninitializedObject(type);
        constructor.Invoke(instance, [comparer]);
        return instance;
    }

    public override bool HasBody => true;

    public override bool HeaderReadsReferences => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _collection.WriteHeader(writer, value, session);

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        _collection.WriteBody(writer, value, session);
        _own.Write(writer, value, session);
    }

    public override object ReadHeader(SlimReader reader, ReadSession session) => _collection.ReadHeader(reader, session);

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        _collection.ReadBody(reader, instance, session);
        _own.Read(reader, instance, session);
    }

    public override object CloneHeader(object source, CloneSession session) => _collection.CloneHeader(source, session);

    public override void CloneBody(object source, object target, CloneSession session)
    {
        _collection.CloneBody(source, target, session);
        _own.Clone.Compiled(source, target, session);
    }
}
