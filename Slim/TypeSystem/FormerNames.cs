using System.Collections.Concurrent;
using System.Reflection;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// Old names of renamed or moved types: those given in <see cref="SlimOptions.FormerNames"/> (consulted first), and
/// those declared by <see cref="SlimFormerNameAttribute"/> on types of the loaded (non-framework) assemblies, each
/// assembly scanned once (consulted for a name no loaded assembly defines). Nothing is ever loaded.
/// </summary>
internal sealed class FormerNames
{
    private readonly SlimFormerName[] _options;
    private readonly ConcurrentDictionary<Assembly, (string FullName, string? Assembly, Type Type)[]> _declared = new();

    public FormerNames(IReadOnlyList<SlimFormerName> options)
    {
        foreach (SlimFormerName name in options)
        {
            ArgumentNullException.ThrowIfNull(name, nameof(SlimOptions.FormerNames));
            ArgumentNullException.ThrowIfNull(name.Type, nameof(SlimFormerName.Type));
            ArgumentException.ThrowIfNullOrEmpty(name.FullName, nameof(SlimFormerName.FullName));
        }
        _options = [.. options];
    }

    /// <summary>The type an old name given in the options stands for, or null.</summary>
    public Type? FindInOptions(string assemblyName, string fullName)
    {
        foreach (SlimFormerName name in _options)
        {
            if (Matches(name.FullName, name.AssemblyName, name.Type, assemblyName, fullName))
            {
                return name.Type;
            }
        }
        return null;
    }

    /// <summary>The type that declares the old name with <see cref="SlimFormerNameAttribute"/>, or null.</summary>
    public Type? FindDeclared(string assemblyName, string fullName)
    {
        foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
        {
            if (assembly.IsDynamic || TypeLayout.IsFramework(assembly))
            {
                continue;
            }
            foreach ((string FullName, string? Assembly, Type Type) declared in _declared.GetOrAdd(assembly, Scan))
            {
                if (Matches(declared.FullName, declared.Assembly, declared.Type, assemblyName, fullName))
                {
                    return declared.Type;
                }
            }
        }
        return null;
    }

    /// <summary>An old name matches in its stated assembly, or (none stated) in any assembly.</summary>
    private static bool Matches(string oldName, string? oldAssembly, Type type, string assemblyName, string fullName) =>
        string.Equals(oldName, fullName, StringComparison.Ordinal) &&
        (oldAssembly is null || string.Equals(oldAssembly, assemblyName, StringComparison.Ordinal)) &&
        !type.IsConstructedGenericType && !type.HasElementType;

    private static (string, string?, Type)[] Scan(Assembly assembly)
    {
        var found = new List<(string, string?, Type)>();
        Type[] types;
        if (!NFX.Slim.CodeGen.RuntimeCodecs.IsSupported)
        {
            // A trimmed or native app keeps no list of an assembly's types: former names come from SlimOptions.FormerNames there.
            return [];
        }
        try
        {
            types = assembly.GetTypes();
        }
        catch (ReflectionTypeLoadException e)
        {
            types = [.. e.Types.OfType<Type>()];
        }
        foreach (Type type in types)
        {
            foreach (SlimFormerNameAttribute attribute in type.GetCustomAttributes<SlimFormerNameAttribute>(inherit: false))
            {
                found.Add((attribute.FullName, attribute.AssemblyName, type));
            }
        }
        return [.. found];
    }
}
