using System.Collections;
using System.Collections.Specialized;
using System.Reflection;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// A <see cref="NameValueCollection"/> (HTTP headers, configuration) by its contents: its own ISerializable form throws
/// on this platform. The key comparer in the header (<see cref="ComparerCodec"/>; the default is the case-insensitive
/// invariant one a parameterless constructor gives), then a flags byte (bit 0: read-only, as the collections of
/// <c>HttpUtility.ParseQueryString</c> results and configuration sections are), the count and, per entry in order, the
/// key (a string reference, null allowed) and its value list (a count, then string references, nulls kept). Entries go
/// in through the base class's own add, so duplicate keys and null values come back as they were; with a custom
/// comparer the fill waits until the comparer is complete, and its hash codes are checked for flooding first (string
/// hashing under the framework's comparers is randomized; a user's comparer is not). A class deriving from it is this
/// body followed by its own fields (<see cref="CollectionSubclassCodec"/>).
/// </summary>
internal sealed class NameValueCollectionCodec : SlimCodec
{
    private const BindingFlags Instance = BindingFlags.Instance | BindingFlags.NonPublic;
    private static readonly FieldInfo s_keyComparer = typeof(NameObjectCollectionBase).GetField("_keyComparer", Instance)
        ?? throw new MissingFieldException(nameof(NameObjectCollectionBase), "_keyComparer");
    private static readonly Func<NameObjectCollectionBase, int, object?> s_baseGet = typeof(NameObjectCollectionBase)
        .GetMethod("BaseGet", Instance, [typeof(int)])!.CreateDelegate<Func<NameObjectCollectionBase, int, object?>>();
    private static readonly Action<NameObjectCollectionBase, string?, object?> s_baseAdd = typeof(NameObjectCollectionBase)
        .GetMethod("BaseAdd", Instance, [typeof(string), typeof(object)])!.CreateDelegate<Action<NameObjectCollectionBase, string?, object?>>();
    private static readonly object s_defaultComparer = s_keyComparer.GetValue(new NameValueCollection())!;
    private static readonly PropertyInfo s_isReadOnly = typeof(NameObjectCollectionBase).GetProperty("IsReadOnly", Instance)
        ?? throw new MissingMemberException(nameof(NameObjectCollectionBase), "IsReadOnly");
    private static readonly ConstructorInfo s_withComparer = typeof(NameValueCollection).GetConstructor([typeof(IEqualityComparer)])
        ?? throw new MissingMethodException(nameof(NameValueCollection), ".ctor(IEqualityComparer)");
    private const byte ReadOnlyFlag = 1;

    private readonly ReferenceSlot _comparerSlot;
    private readonly ReferenceSlot _stringSlot;

    /// <summary>The codec of <paramref name="type"/>: NameValueCollection itself, or the collection part of a class deriving from it.</summary>
    public NameValueCollectionCodec(Type type, CodecCache codecs) : base(type)
    {
        _comparerSlot = codecs.SlotFor(typeof(IEqualityComparer), "NameValueCollection comparer");
        _stringSlot = codecs.SlotFor(typeof(string), "NameValueCollection entry");
    }

    public override bool HasBody => true;

    public override bool HeaderReadsReferences => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) =>
        ComparerCodec.Write(s_keyComparer.GetValue(value), s_defaultComparer, writer, session, _comparerSlot);

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        var collection = (NameValueCollection)value;
        writer.WriteByte(IsReadOnly(collection) ? ReadOnlyFlag : (byte)0);
        writer.WriteVarUInt32((uint)collection.Count);
        for (int i = 0; i < collection.Count; i++)
        {
            session.WriteReference(collection.GetKey(i), _stringSlot);
            var values = (ArrayList?)s_baseGet(collection, i);
            writer.WriteVarUInt32((uint)(values?.Count ?? 0));
            if (values is not null)
            {
                foreach (object? item in values)
                {
                    session.WriteReference(item, _stringSlot);
                }
            }
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session) => Create(ComparerCodec.Read(reader, session, _comparerSlot));

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        long flagsOffset = reader.Position;
        byte flags = reader.ReadByte();
        if ((flags & ~ReadOnlyFlag) != 0)
        {
            SlimThrow.Format($"Unknown {nameof(NameValueCollection)} flags 0x{flags:X2} (only bit 0, read-only, is defined)", flagsOffset);
        }
        int count = reader.ReadLength(nameof(NameValueCollection), 2);
        var entries = new (string? Key, ArrayList Values)[count];
        for (int i = 0; i < count; i++)
        {
            string? key = (string?)session.ReadReference(_stringSlot);
            int valueCount = reader.ReadLength(nameof(NameValueCollection) + " values", 1);
            var values = new ArrayList(valueCount);
            for (int j = 0; j < valueCount; j++)
            {
                values.Add(session.ReadReference(_stringSlot));
            }
            entries[i] = (key, values);
        }
        var collection = (NameValueCollection)instance;
        new Fill(collection, entries, flags == ReadOnlyFlag, reader.Position).FillNowOrDefer(CanFillNow(collection), session);
    }

    public override object CloneHeader(object source, CloneSession session) =>
        Create(ComparerCodec.Clone(s_keyComparer.GetValue(source), s_defaultComparer, session));

    public override void CloneBody(object source, object target, CloneSession session)
    {
        var from = (NameValueCollection)source;
        var entries = new (string? Key, ArrayList Values)[from.Count];
        for (int i = 0; i < entries.Length; i++)
        {
            var values = (ArrayList?)s_baseGet(from, i);
            entries[i] = (from.GetKey(i), values is null ? new ArrayList() : new ArrayList(values)); // strings are shared, as everywhere
        }
        var collection = (NameValueCollection)target;
        new Fill(collection, entries, IsReadOnly(from), 0).FillNowOrDefer(CanFillNow(collection), session);
    }

    private NameValueCollection Create(object? comparer)
    {
        var keys = (IEqualityComparer)(comparer ?? s_defaultComparer);
        if (Type == typeof(NameValueCollection))
        {
            return new NameValueCollection(keys);
        }
        if (!RuntimeCodecs.IsSupported)
        {
            throw new System.Diagnostics.UnreachableException("Classes deriving from NameValueCollection have codecs made at run time only.");
        }
        return (NameValueCollection)CollectionSubclassCodec.Create(Type, s_withComparer, keys);
    }

    private static bool CanFillNow(NameValueCollection collection) => CollectionFill.CanFillNow(true, s_keyComparer.GetValue(collection), s_defaultComparer);

    private static bool IsReadOnly(NameValueCollection collection) => (bool)s_isReadOnly.GetValue(collection)!;

    private sealed class Fill(NameValueCollection collection, (string? Key, ArrayList Values)[] entries, bool readOnly, long offset)
        : CollectionFill(typeof(NameValueCollection), offset)
    {
        protected override void Rebuild(int maxHashCollisions)
        {
            if (entries.Length > maxHashCollisions && s_keyComparer.GetValue(collection) is IEqualityComparer comparer && !IsFrameworkComparer(comparer))
            {
                string?[] keys = Array.ConvertAll(entries, e => e.Key);
                HashFloodGuard.CheckSharedHashCodes(typeof(NameValueCollection), keys, new KeyHashing(comparer), maxHashCollisions, Offset);
            }
            foreach ((string? key, ArrayList values) in entries)
            {
                s_baseAdd(collection, key, values);
            }
            s_isReadOnly.SetValue(collection, readOnly);
        }

        private static bool IsFrameworkComparer(IEqualityComparer comparer) =>
            ReferenceEquals(comparer, s_defaultComparer) || comparer is StringComparer;
    }

    /// <summary>The user's non-generic comparer, as the typed one the flood check counts hash codes with.</summary>
    private sealed class KeyHashing(IEqualityComparer comparer) : IEqualityComparer<string?>
    {
        public bool Equals(string? x, string? y) => comparer.Equals(x, y);

        public int GetHashCode(string? key) => key is null ? 0 : comparer.GetHashCode(key);
    }
}
