using System.Collections.Concurrent;
using System.Reflection;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// Resolves a (full name, assembly simple name) pair from the wire to a type among the assemblies already loaded
/// in the process. It never loads an assembly: a name that is not already loaded fails closed.
/// </summary>
internal sealed class TypeNameResolver
{
    private readonly ConcurrentDictionary<(string Assembly, string Name), Type?> _cache = new();

    public Type? Resolve(string assemblyName, string fullName)
    {
        if (_cache.TryGetValue((assemblyName, fullName), out Type? cached))
        {
            return cached;
        }
        Type? type = ResolveUncached(assemblyName, fullName);
        if (type is not null)
        {
            // Only successes are cached, so a later-loaded assembly is still found; failures cost a scan each time.
            _cache.TryAdd((assemblyName, fullName), type);
        }
        return type;
    }

    private static Type? ResolveUncached(string assemblyName, string fullName)
    {
        if (!IsPlainTypeName(fullName))
        {
            return null;
        }
        foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
        {
            if (assembly.IsDynamic || !string.Equals(assembly.GetName().Name, assemblyName, StringComparison.Ordinal))
            {
                continue;
            }
            // Security: Assembly.GetType follows type forwarders, and following one LOADS the assembly it points to
            // (a payload naming "System.Net.Mail.MailMessage @ netstandard" would load System.Net.Mail). So the name
            // must be defined in this assembly's own metadata before reflection is asked for it.
            if (!DefinedTypeNames.Of(assembly).Contains(fullName))
            {
                continue;
            }
            Type? type;
            try
            {
                type = assembly.GetType(fullName, throwOnError: false, ignoreCase: false);
            }
            catch (Exception e) when (e is ArgumentException or TypeLoadException or FileLoadException or BadImageFormatException or FileNotFoundException)
            {
                type = null; // a type whose own definition cannot load fails closed, like an unknown one
            }
            if (type is not null && type.Assembly == assembly && !type.IsConstructedGenericType && !type.HasElementType)
            {
                return type;
            }
        }
        return null;
    }

    /// <summary>
    /// Names on the wire are plain full names: no assembly qualification, generic arguments, array or pointer suffixes
    /// (those are separate entries), so the reflection name parser is never handed anything but a dotted name.
    /// </summary>
    private static bool IsPlainTypeName(string name)
    {
        if (name.Length == 0 || name.Length > 1024)
        {
            return false;
        }
        foreach (char c in name)
        {
            if (c is '[' or ']' or ',' or '*' or '&' or '\\' or '"' or '\'' or '\0')
            {
                return false;
            }
        }
        return true;
    }
}
