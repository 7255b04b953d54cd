using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// Types Slim refuses to read under every policy, even <see cref="SlimTypePolicy.AllowAll"/>: known deserialization
/// gadgets (the ysoserial.net families that exist on .NET), code and reflection objects, handles and pointers.
/// A type is refused when it, any base type, any generic argument or its element type is listed.
/// See docs/SECURITY.md.
/// </summary>
internal static class DenyList
{
    private static readonly HashSet<string> s_names = new[]
    {
        "System.Data.DataSet", "System.Data.DataTable", "System.Data.DataView", "System.Data.DataViewManager",
        "System.Diagnostics.Process", "System.Diagnostics.ProcessStartInfo",
        "System.IO.FileSystemInfo", "System.IO.FileSystemWatcher",
        "System.CodeDom.Compiler.TempFileCollection",
        "System.Windows.Data.ObjectDataProvider", "System.Windows.ResourceDictionary",
        "System.Security.Principal.WindowsIdentity", "System.Security.Principal.WindowsPrincipal",
        "System.Security.Principal.GenericPrincipal", "System.Security.Claims.ClaimsIdentity",
        "System.Security.Claims.ClaimsPrincipal", "System.Web.Security.RolePrincipal",
        "System.IdentityModel.Tokens.SessionSecurityToken", "System.Resources.ResourceSet",
        "System.Resources.ResourceReader", "System.Drawing.Design.ToolboxItemContainer",
        "Microsoft.VisualStudio.Text.Formatting.TextFormattingRunProperties",
        "System.Configuration.Install.AssemblyInstaller", "System.Xml.XmlDocument", "System.Xml.XmlDataDocument",
        "System.ComponentModel.Design.DesigntimeLicenseContextSerializer",
        "System.Runtime.Serialization.Formatters.Binary.BinaryFormatter", "System.Runtime.Serialization.NetDataContractSerializer",
        "System.Threading.Thread", "System.AppDomain", "System.Runtime.Loader.AssemblyLoadContext",
        "System.Linq.Expressions.Expression", "System.Linq.EnumerableQuery",
    }.ToHashSet(StringComparer.Ordinal);

    private static readonly string[] s_namespacePrefixes =
    [
        "System.Reflection.Emit", "System.Runtime.Remoting", "System.Management", "System.Windows", "System.Web",
        "System.Activities", "Microsoft.PowerShell", "System.Workflow", "System.Xaml",
    ];

    /// <summary>Verdicts per type and reflection flag: a type built from shared entries is judged once per distinct part.</summary>
    private static readonly ConditionalWeakTable<Type, Verdicts> s_verdicts = new();

    /// <summary>Why <paramref name="type"/> is refused, or null when it is not on the deny-list.</summary>
    public static string? Reason(Type type, bool allowTypeValues)
    {
        bool cut = false;
        if (Judge(type, allowTypeValues, [], ref cut) is not { } verdict)
        {
            return null;
        }
        Type subject = type;
        while (subject.IsArray)
        {
            subject = subject.GetElementType()!; // an array is refused as its element type is, in the same words
        }
        return Text(subject, verdict);
    }

    /// <summary>What refuses a type: the part at fault (the type itself, a generic argument at any depth, an element type) and why.</summary>
    private sealed record Verdict(Type Culprit, string Why, Type? Argument, Type? Base);

    /// <summary>A remembered verdict (null: allowed); a null <see cref="Judged"/> means not judged yet.</summary>
    private sealed record Judged(Verdict? Verdict);

    private sealed class Verdicts
    {
        public volatile Judged? WithTypeValues, WithoutTypeValues;
    }

    /// <summary>
    /// The message: the culprit and, when it is a part, the argument (or base type) through which the type holds it,
    /// each name cut at <see cref="TypeNames.MaxDescribedLength"/>, never the chain in between (its length would grow
    /// with the depth of the type).
    /// </summary>
    private static string Text(Type type, Verdict verdict)
    {
        if (verdict.Culprit == type || verdict.Argument is null)
        {
            return verdict.Why;
        }
        string culprit = verdict.Argument == verdict.Culprit
            ? $"'{TypeNames.Describe(verdict.Culprit)}', which is refused: {verdict.Why}"
            : $"'{TypeNames.Describe(verdict.Argument!)}', which holds '{TypeNames.Describe(verdict.Culprit)}': {verdict.Why}";
        return verdict.Base is null || verdict.Base == type
            ? $"its type argument is {culprit}"
            : $"its base type '{TypeNames.Describe(verdict.Base)}' has the type argument {culprit}";
    }

    /// <summary>
    /// Judges <paramref name="type"/> once per distinct type (memoised across calls). <paramref name="visiting"/> breaks
    /// cycles such as <c>class Entity : EntityBase&lt;Entity&gt;</c>; a verdict that met a cycle (<paramref name="cut"/>)
    /// is not remembered, since the part cut short was judged further up.
    /// </summary>
    private static Verdict? Judge(Type type, bool allowTypeValues, HashSet<Type> visiting, ref bool cut)
    {
        Verdicts memo = s_verdicts.GetOrCreateValue(type);
        if ((allowTypeValues ? memo.WithTypeValues : memo.WithoutTypeValues) is { } judged)
        {
            return judged.Verdict;
        }
        if (!visiting.Add(type))
        {
            cut = true;
            return null; // already being judged further up
        }
        bool innerCut = false;
        Verdict? verdict = JudgeUncached(type, allowTypeValues, visiting, ref innerCut);
        if (verdict is not null || !innerCut)
        {
            if (allowTypeValues)
            {
                memo.WithTypeValues = new Judged(verdict);
            }
            else
            {
                memo.WithoutTypeValues = new Judged(verdict);
            }
        }
        cut |= innerCut;
        return verdict;
    }

    private static Verdict? JudgeUncached(Type type, bool allowTypeValues, HashSet<Type> visiting, ref bool cut)
    {
        if (OwnReason(type, allowTypeValues) is { } own)
        {
            return new Verdict(type, own, null, null);
        }
        if (type.HasElementType)
        {
            return Judge(type.GetElementType()!, allowTypeValues, visiting, ref cut); // an array is refused as its element is
        }
        // Generic arguments of the type and of every base type (a class deriving from List<DataSet> holds DataSets).
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            if (!t.IsConstructedGenericType)
            {
                continue;
            }
            foreach (Type argument in t.GetGenericArguments())
            {
                if (Judge(argument, allowTypeValues, visiting, ref cut) is { } inner)
                {
                    return new Verdict(inner.Culprit, inner.Why, argument, t);
                }
            }
        }
        return null;
    }

    /// <summary>Why the type itself (not a part of it) is refused: its kind, its name, a base type's name, its namespace.</summary>
    private static string? OwnReason(Type type, bool allowTypeValues)
    {
        if (type.IsPointer || type.IsByRef || type.IsFunctionPointer)
        {
            return "pointers and references cannot be deserialized";
        }
        if (type.IsByRefLike)
        {
            return "ref structs cannot be deserialized";
        }
        if (type.HasElementType)
        {
            return null; // judged by its element type
        }
        if (type == typeof(IntPtr) || type == typeof(UIntPtr))
        {
            return "native pointers and handles cannot be deserialized";
        }
        if (typeof(Delegate).IsAssignableFrom(type))
        {
            return "delegates can run arbitrary code and are never deserialized";
        }
        if (typeof(SafeHandle).IsAssignableFrom(type) || typeof(CriticalHandle).IsAssignableFrom(type))
        {
            return "operating-system handles cannot be deserialized";
        }
        if (typeof(Type).IsAssignableFrom(type))
        {
            if (!allowTypeValues)
            {
                return "Type values are refused unless SlimTypePolicy.AllowReflectionTypeValues() is set";
            }
        }
        else if (typeof(MemberInfo).IsAssignableFrom(type) || typeof(Assembly).IsAssignableFrom(type) || typeof(Module).IsAssignableFrom(type))
        {
            return "reflection objects (members, assemblies, modules) are never deserialized";
        }
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            Type definition = t.IsConstructedGenericType ? t.GetGenericTypeDefinition() : t;
            string name = definition.FullName ?? definition.Name;
            if (s_names.Contains(name))
            {
                return t == type ? "it is a known deserialization gadget" : $"it derives from '{name}', a known deserialization gadget";
            }
            string ns = definition.Namespace ?? string.Empty;
            foreach (string prefix in s_namespacePrefixes)
            {
                if (ns.StartsWith(prefix, StringComparison.Ordinal) && (ns.Length == prefix.Length || ns[prefix.Length] == '.'))
                {
                    return $"types of namespace '{prefix}' are known deserialization gadgets";
                }
            }
        }
        if (RuntimeOnlyTypes.Describe(type) is { } runtimeOnly)
        {
            return $"{runtimeOnly} only mean something inside the process that made them";
        }
        return null;
    }
}
