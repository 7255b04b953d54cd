using System.Collections.Frozen;
using System.Reflection;
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
    private static readonly FrozenSet<string> s_names = new[]
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
    }.ToFrozenSet(StringComparer.Ordinal);

    private static readonly string[] s_namespacePrefixes =
    [
        "System.Reflection.Emit", "System.Runtime.Remoting", "System.Management", "System.Windows", "System.Web",
        "System.Activities", "Microsoft.PowerShell", "System.Workflow", "System.Xaml",
    ];

    /// <summary>Why <paramref name="type"/> is refused, or null when it is not on the deny-list.</summary>
    public static string? Reason(Type type, bool allowTypeValues) => Reason(type, allowTypeValues, []);

    /// <summary><paramref name="visiting"/> breaks cycles such as <c>class Entity : EntityBase&lt;Entity&gt;</c>.</summary>
    private static string? Reason(Type type, bool allowTypeValues, HashSet<Type> visiting)
    {
        if (!visiting.Add(type))
        {
            return null; // already being checked further up
        }
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
            return Reason(type.GetElementType()!, allowTypeValues, visiting);
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
        // Generic arguments of the type and of every base type (a class deriving from List<DataSet> holds DataSets).
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            if (!t.IsConstructedGenericType)
            {
                continue;
            }
            foreach (Type argument in t.GetGenericArguments())
            {
                string? reason = Reason(argument, allowTypeValues, visiting);
                if (reason is not null)
                {
                    return t == type
                        ? $"its type argument '{argument}' is refused: {reason}"
                        : $"its base type '{t}' has the type argument '{argument}', which is refused: {reason}";
                }
            }
        }
        return null;
    }
}
