using System.Text;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The names types go by on the wire: the full name of a non-generic type or generic definition plus the simple name
/// of its assembly, never a version or key, so the format does not depend on assembly versions.
/// </summary>
internal static class TypeNames
{
    /// <summary>
    /// The most characters of a type description in a message (docs/SECURITY.md, "Limits"). A constructed type's name
    /// spells out its arguments, so a type built from shared entries (<c>D2 = Dictionary&lt;D1, D1&gt;</c>, 28 levels)
    /// would spell 2^28 names: longer descriptions are cut here and end with <see cref="Ellipsis"/>, and the walk
    /// stops there, so describing a type costs at most this many characters whatever its shape.
    /// </summary>
    public const int MaxDescribedLength = 512;

    /// <summary>What ends a description cut at <see cref="MaxDescribedLength"/>.</summary>
    public const string Ellipsis = "...";

    /// <summary>A culture-independent description used in messages, cut at <see cref="MaxDescribedLength"/> characters.</summary>
    public static string Describe(Type type)
    {
        var builder = new StringBuilder();
        Append(builder, type, MaxDescribedLength);
        return Finish(builder, MaxDescribedLength);
    }

    /// <summary>
    /// The whole description, however long: only for the registry checksum of the built-in and known types, which the
    /// program declares (a type the bytes build is never described this way).
    /// </summary>
    public static string DescribeUnbounded(Type type)
    {
        var builder = new StringBuilder();
        Append(builder, type, int.MaxValue);
        return builder.ToString();
    }

    /// <summary>Cuts <paramref name="builder"/> at <paramref name="max"/> characters, ending it with <see cref="Ellipsis"/> when cut.</summary>
    internal static string Finish(StringBuilder builder, int max)
    {
        if (builder.Length <= max)
        {
            return builder.ToString();
        }
        builder.Length = max;
        return builder.Append(Ellipsis).ToString();
    }

    /// <summary>
    /// The type as C# names it in <c>typeof(...)</c> (<c>MyApp.Zoo.Dog</c>, <c>MyApp.Box&lt;int&gt;</c>), for
    /// messages that show a line of code; cut at <see cref="MaxDescribedLength"/> characters like <see cref="Describe"/>.
    /// </summary>
    public static string CSharp(Type type)
    {
        var builder = new StringBuilder();
        AppendCSharp(builder, type);
        return Finish(builder, MaxDescribedLength);
    }

    private static void AppendCSharp(StringBuilder builder, Type type)
    {
        if (builder.Length > MaxDescribedLength)
        {
            return;
        }
        if (type.IsArray)
        {
            AppendCSharp(builder, type.GetElementType()!);
            builder.Append('[').Append(',', type.GetArrayRank() - 1).Append(']');
            return;
        }
        string name = (type.IsGenericType ? type.GetGenericTypeDefinition() : type).FullName ?? type.Name;
        int tick = name.IndexOf('`', StringComparison.Ordinal);
        builder.Append((tick >= 0 ? name[..tick] : name).Replace('+', '.'));
        if (type.IsGenericType)
        {
            builder.Append('<');
            Type[] arguments = type.GetGenericArguments();
            for (int i = 0; i < arguments.Length; i++)
            {
                if (i > 0)
                {
                    builder.Append(type.IsGenericTypeDefinition ? "," : ", ");
                }
                if (!type.IsGenericTypeDefinition)
                {
                    AppendCSharp(builder, arguments[i]);
                }
            }
            builder.Append('>');
        }
    }

    /// <summary>The simple name of <paramref name="type"/>'s assembly.</summary>
    public static string AssemblyName(Type type) => AssemblyName(type.Assembly);

    /// <summary>The simple name of <paramref name="assembly"/>, remembered per assembly.</summary>
    public static string AssemblyName(System.Reflection.Assembly assembly) => s_assemblyNames.GetValue(assembly, SimpleName); // a method group: no closure class to JIT-compile

    // Assembly.GetName() parses and allocates a new AssemblyName each time (and its first call in a process costs ~2 ms);
    // the display name the runtime already holds starts with the simple name, unless the name needed escaping.
    private static string SimpleName(System.Reflection.Assembly assembly) =>
        assembly.FullName is { } display && display.IndexOf(',') is > 0 and var comma && display.AsSpan(0, comma).IndexOfAny('\\', '"', '\'') < 0
            ? display[..comma]
            : assembly.GetName().Name ?? string.Empty;

    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<System.Reflection.Assembly, string> s_assemblyNames = new();

    private static void Append(StringBuilder builder, Type type, int max)
    {
        if (builder.Length > max)
        {
            return; // the description is cut here anyway: the rest of the type is never walked
        }
        if (type.IsArray)
        {
            Append(builder, type.GetElementType()!, max);
            builder.Append(type.IsSZArray ? "[]" : "[" + new string(',', type.GetArrayRank() - 1) + "]");
            return;
        }
        if (type.IsConstructedGenericType)
        {
            Append(builder, type.GetGenericTypeDefinition(), max);
            builder.Append('[');
            Type[] arguments = type.GetGenericArguments();
            for (int i = 0; i < arguments.Length && builder.Length <= max; i++)
            {
                if (i > 0)
                {
                    builder.Append(',');
                }
                Append(builder, arguments[i], max);
            }
            builder.Append(']');
            return;
        }
        builder.Append(type.FullName ?? type.Name).Append(" @").Append(AssemblyName(type));
    }
}
