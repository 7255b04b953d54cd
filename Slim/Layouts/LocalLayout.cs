using System.Reflection;
using System.Text;
using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem;
using NFX.Slim.TypeSystem.Memos;

namespace NFX.Slim.Layouts;

/// <summary>
/// A type's field layout as this process has it, computed once per type: the fields its codec writes, in wire order,
/// each member's name as UTF-8 (what a version-tolerant type entry lists and a reader compares without decoding), its
/// wire type (the declared type, enums as their underlying type), and the 4-byte fingerprint a strict entry carries.
/// </summary>
internal sealed class LocalLayout
{
    public LocalLayout(Type type, FieldInfo[] fields, bool tolerable)
    {
        Type = type;
        Fields = fields;
        Tolerable = tolerable;
        Text = TypeLayout.Describe(type, deep: false);
        Fingerprint = (uint)TypeLayout.Hash64(Text);
    }

    // The member list (names and wire types) only version-tolerant entries use: made at its first use, not with the
    // fingerprint every strict entry needs (a fresh process's first call encoded every field's name for nothing).
    // Benignly raced: two threads may both make it, with the same contents.
    private MemberList? _members;

    private MemberList Members => _members ??= new MemberList(Fields);

    private sealed class MemberList
    {
        public MemberList(FieldInfo[] fields)
        {
            Names = new byte[fields.Length][];
            WireTypes = new Type[fields.Length];
            var seen = new HashSet<string>(StringComparer.Ordinal);
            for (int i = fields.Length - 1; i >= 0; i--)
            {
                // A derived type may reuse a base type's private field name: the base's copy is qualified by its declaring type.
                string name = fields[i].Name;
                if (!seen.Add(name))
                {
                    name = fields[i].DeclaringType!.Name + "." + name;
                    seen.Add(name);
                }
                Names[i] = Encoding.UTF8.GetBytes(name);
                WireTypes[i] = WireTypeOf(fields[i].FieldType);
            }
        }

        public byte[][] Names { get; }

        public Type[] WireTypes { get; }
    }

    public Type Type { get; }

    /// <summary>The fields the type's codec writes, in wire order.</summary>
    public FieldInfo[] Fields { get; }

    /// <summary>Member names as listed on the wire, UTF-8.</summary>
    public byte[][] Names => Members.Names;

    /// <summary>Member wire types: the declared type, with enums (also inside Nullable) as their underlying type.</summary>
    public Type[] WireTypes => Members.WireTypes;

    /// <summary>The shallow layout text (docs/FORMAT.md, "Layout fingerprint").</summary>
    public string Text { get; }

    /// <summary>The low 32 bits of the layout text's hash, as a strict type entry carries it.</summary>
    public uint Fingerprint { get; }

    /// <summary>True for ordinary classes, whose bodies a reading plan can map; structs and exceptions must match exactly.</summary>
    public bool Tolerable { get; }

    /// <summary>This type's member list as this serializer last wrote it (version-tolerant writers).</summary>
    public LayoutMemo? LastWritten { get; set; }

    /// <summary>The writer's member list of this type as this serializer last read it.</summary>
    public LayoutMemo? LastRead { get; set; }

    /// <summary>The type a member of declared type <paramref name="type"/> is described as on the wire.</summary>
    public static Type WireTypeOf(Type type)
    {
        if (type.IsEnum)
        {
            return Enum.GetUnderlyingType(type);
        }
        if (Nullable.GetUnderlyingType(type) is { IsEnum: true } inner)
        {
            // The nullable of the underlying integer, named statically (no generic type is made at run time).
            return Type.GetTypeCode(inner) switch
            {
                TypeCode.Byte => typeof(byte?),
                TypeCode.SByte => typeof(sbyte?),
                TypeCode.Int16 => typeof(short?),
                TypeCode.UInt16 => typeof(ushort?),
                TypeCode.Int32 => typeof(int?),
                TypeCode.UInt32 => typeof(uint?),
                TypeCode.Int64 => typeof(long?),
                TypeCode.UInt64 => typeof(ulong?),
                TypeCode.Char => typeof(char?),
                TypeCode.Boolean => typeof(bool?),
                _ => throw new NotSupportedException($"An enum over {Enum.GetUnderlyingType(inner)} has no wire type."),
            };
        }
        return type;
    }

    /// <summary>The member name as users know it (a backing field by its property), for messages.</summary>
    public static string DisplayName(string name) =>
        name.StartsWith('<') && name.IndexOf('>') is var end and > 1 ? name[1..end] : name;
}
