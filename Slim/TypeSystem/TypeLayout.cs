using System.Buffers.Binary;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The canonical layout text of a type (docs/FORMAT.md, "Layout fingerprint"): its name, then its fields in Slim's
/// wire order with their declared types. One definition serves two readers: the cache codec hashes the deep text (every
/// user type reached through fields spelled out), a message's type entry carries a hash of the shallow text (the
/// type's own fields, inline structs spelled out, other user types by name, since each crosses with its own entry).
/// </summary>
internal static class TypeLayout
{
    /// <summary>The layout text of <paramref name="type"/>: <paramref name="deep"/> spells out every reachable user type.</summary>
    public static string Describe(Type type, bool deep)
    {
        ArgumentNullException.ThrowIfNull(type);
        var text = new StringBuilder(256);
        Append(text, type, new Dictionary<Type, int>(), deep, isRoot: true);
        return text.ToString();
    }

    /// <summary>The first 8 bytes of SHA-256 over the UTF-8 text, little-endian.</summary>
    public static ulong Hash64(string text)
    {
        Span<byte> hash = stackalloc byte[Sha256.HashSizeInBytes];
        Sha256.HashData(Encoding.UTF8.GetBytes(text), hash);
        return BinaryPrimitives.ReadUInt64LittleEndian(hash);
    }

    /// <summary>The 4-byte fingerprint a type entry carries: the low 32 bits of <see cref="Hash64"/> of the shallow text.</summary>
    public static uint Fingerprint(Type type) => (uint)Hash64(Describe(type, deep: false));

    private static void Append(StringBuilder text, Type type, Dictionary<Type, int> expanded, bool deep, bool isRoot)
    {
        // The text spells every generic argument out (its hash is the fingerprint, so it cannot refer back to a repeated
        // one): a type built from shared parts has an exponentially long text. Each part is charged to the message's
        // code-generation budget, which stops such a type (SlimLimits.MaxCodegenNodes).
        NFX.Slim.CodeGen.CodegenBudget.Charge(1);
        if (type.IsArray)
        {
            Append(text, type.GetElementType()!, expanded, deep, isRoot: false);
            int rank = type.GetArrayRank();
            text.Append(type.IsSZArray ? "[]" : rank == 1 ? "[*]" : "[" + new string(',', rank - 1) + "]");
            return;
        }
        if (type.IsGenericParameter)
        {
            text.Append('!').Append(type.GenericParameterPosition);
            return;
        }
        if (expanded.TryGetValue(type, out int ordinal))
        {
            // A type already spelled out in this text (a recursive or shared type): refer back to it.
            text.Append('@').Append(ordinal);
            return;
        }
        AppendName(text, type, expanded, deep);
        if (type.IsEnum)
        {
            text.Append(':');
            Append(text, Enum.GetUnderlyingType(type), expanded, deep, isRoot: false);
            return;
        }
        if (IsFramework(type) || type.IsPrimitive || type.IsPointer || type.IsByRef)
        {
            return;
        }
        if (!deep && !isRoot && !type.IsValueType)
        {
            return; // shallow: a referenced user class is its own entry, with its own fingerprint
        }
        expanded.Add(type, expanded.Count);
        text.Append('{');
        bool first = true;
        Type? frameworkBase = FrameworkBase(type);
        if (frameworkBase is not null)
        {
            // A framework base type counts by name, like any framework type: its private fields are the runtime's.
            // A hashed or sorted collection base is marked "^+": its entries are written, not its fields, so a reader
            // of a release that wrote such a subclass field by field refuses the type instead of misreading it.
            text.Append(NFX.Slim.Codecs.Collections.CollectionCodecs.CollectionBaseOf(type) is null ? "^" : "^+");
            Append(text, frameworkBase, expanded, deep, isRoot: false);
            first = false;
        }
        foreach (FieldInfo field in NFX.Slim.CodeGen.FieldLayout.Of(type, IsFramework))
        {
            if (!first)
            {
                text.Append(';');
            }
            first = false;
            text.Append(field.Name).Append(':');
            Append(text, field.FieldType, expanded, deep, isRoot: false);
        }
        text.Append('}');
    }

    /// <summary>The nearest framework base type other than object and ValueType, if the type derives from one.</summary>
    private static Type? FrameworkBase(Type type)
    {
        for (Type? t = type.BaseType; t is not null && t != typeof(object) && t != typeof(ValueType); t = t.BaseType)
        {
            if (IsFramework(t))
            {
                return t;
            }
        }
        return null;
    }

    private static void AppendName(StringBuilder text, Type type, Dictionary<Type, int> expanded, bool deep)
    {
        if (!type.IsConstructedGenericType)
        {
            text.Append(type.FullName ?? type.Name);
            return;
        }
        Type definition = type.GetGenericTypeDefinition();
        text.Append(definition.FullName ?? definition.Name).Append('<');
        Type[] arguments = type.GetGenericArguments();
        for (int i = 0; i < arguments.Length; i++)
        {
            if (i > 0)
            {
                text.Append(',');
            }
            Append(text, arguments[i], expanded, deep, isRoot: false);
        }
        text.Append('>');
    }

    /// <summary>
    /// Framework types (core library, <c>System</c>, <c>mscorlib</c>, <c>netstandard</c>, <c>System.*</c>,
    /// <c>Microsoft.*</c>) count by name only: Slim writes most with dedicated codecs and their private layout belongs
    /// to the runtime version.
    /// </summary>
    public static bool IsFramework(Type type) =>
        s_frameworkTypes.TryGetValue(type, out StrongBox<bool>? verdict) ? verdict.Value : s_frameworkTypes.GetValue(type, TypeVerdict).Value;

    // Asked of every type a layout, a codec or a type check meets, many times each: a type's assembly and its name are
    // costly to get on a first call (under NativeAOT they are read from metadata each time). Weak keys: a collectible
    // type or assembly is not kept alive.
    private static readonly ConditionalWeakTable<Type, StrongBox<bool>> s_frameworkTypes = new();
    private static readonly ConditionalWeakTable<Assembly, StrongBox<bool>> s_frameworkAssemblies = new();

    /// <summary>True for the core library and assemblies named System, mscorlib, netstandard, System.* or Microsoft.*.</summary>
    public static bool IsFramework(Assembly assembly) =>
        assembly == typeof(object).Assembly ||
        (s_frameworkAssemblies.TryGetValue(assembly, out StrongBox<bool>? verdict) ? verdict : s_frameworkAssemblies.GetValue(assembly, AssemblyVerdict)).Value;

    // Method groups, not lambdas: no closure class to JIT-compile at a fresh process's first call.
    private static StrongBox<bool> TypeVerdict(Type type) => new(IsFramework(type.Assembly));

    private static StrongBox<bool> AssemblyVerdict(Assembly assembly) => new(IsFrameworkName(assembly));

    private static bool IsFrameworkName(Assembly assembly)
    {
        string name = TypeNames.AssemblyName(assembly);
        return name is "System" or "mscorlib" or "netstandard" ||
               name.StartsWith("System.", StringComparison.Ordinal) ||
               name.StartsWith("Microsoft.", StringComparison.Ordinal);
    }
}
