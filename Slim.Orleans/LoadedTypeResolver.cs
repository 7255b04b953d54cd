using System.Reflection;
using System.Runtime.Loader;
using NFX.Slim.TypeSystem;
using Orleans.Serialization.TypeSystem;

namespace NFX.Slim.Orleans;

/// <summary>
/// Resolves an <see cref="OrleansTypeName"/> among the assemblies already loaded where Orleans' resolver would bind
/// them, without loading any: a named type must be defined in that assembly's own metadata (a forwarder would load the
/// assembly it points to), a name without an assembly must be an alias or a type of the core library (Orleans' resolver
/// would otherwise ask every loaded assembly, facades and their forwarders included). Orleans' converter then sees
/// only names that resolve to types already in the process.
/// </summary>
internal sealed class LoadedTypeResolver
{
    private static readonly Assembly s_coreLibrary = typeof(object).Assembly;

    // The names Orleans' converter writes for the runtime's primitive types (its display aliases).
    private static readonly Dictionary<string, Type> s_displayAliases = new(StringComparer.Ordinal)
    {
        ["object"] = typeof(object), ["string"] = typeof(string), ["char"] = typeof(char), ["sbyte"] = typeof(sbyte),
        ["byte"] = typeof(byte), ["bool"] = typeof(bool), ["short"] = typeof(short), ["ushort"] = typeof(ushort),
        ["int"] = typeof(int), ["uint"] = typeof(uint), ["long"] = typeof(long), ["ulong"] = typeof(ulong),
        ["float"] = typeof(float), ["double"] = typeof(double), ["decimal"] = typeof(decimal), ["Guid"] = typeof(Guid),
        ["TimeSpan"] = typeof(TimeSpan), ["DateTime"] = typeof(DateTime), ["DateTimeOffset"] = typeof(DateTimeOffset),
        ["Type"] = typeof(Type),
    };

    private readonly IReadOnlyDictionary<string, Type> _aliases;

    /// <summary>A resolver that knows the aliases registered with Orleans (<c>TypeManifestOptions.WellKnownTypeAliases</c>).</summary>
    public LoadedTypeResolver(IReadOnlyDictionary<string, Type> aliases) => _aliases = aliases;

    /// <summary>The type <paramref name="name"/> names; throws a <see cref="SlimDeserializationException"/> subtype for any other outcome.</summary>
    public Type Resolve(OrleansTypeName name, long offset)
    {
        Type type = Named(name, offset);
        if (name.Arguments.Length != 0)
        {
            if (!type.IsGenericTypeDefinition || type.GetGenericArguments().Length != name.Arguments.Length)
            {
                throw SlimErrors.UnresolvedName(name.Name, $"it is not a generic definition of {name.Arguments.Length} parameters", offset);
            }
            var arguments = new Type[name.Arguments.Length];
            for (int i = 0; i < arguments.Length; i++)
            {
                arguments[i] = Resolve(name.Arguments[i], offset);
            }
            type = Construct(name.Name, () => type.MakeGenericType(arguments), offset);
        }
        else if (type.IsGenericTypeDefinition)
        {
            throw SlimErrors.UnresolvedName(name.Name, "an open generic type has no values", offset);
        }
        foreach (int rank in name.ArrayRanks)
        {
            Type element = type;
            type = Construct(name.Name, () => rank == 1 ? element.MakeArrayType() : element.MakeArrayType(rank), offset);
        }
        return type;
    }

    private Type Named(OrleansTypeName name, long offset)
    {
        if (name.Assembly is null)
        {
            if (s_displayAliases.TryGetValue(name.Name, out Type? primitive) || _aliases.TryGetValue(name.Name, out primitive))
            {
                return primitive;
            }
            return Defined(s_coreLibrary, name.Name) ?? throw new SlimUnknownTypeException(name.Name, s_coreLibrary.GetName().Name!, offset);
        }
        Assembly? assembly = Loaded(name.Assembly);
        return (assembly is null ? null : Defined(assembly, name.Name)) ?? throw new SlimUnknownTypeException(name.Name, name.Assembly, offset);
    }

    /// <summary>The assembly of that simple name loaded where Orleans' resolver binds names (its own load context, as <c>Type.GetType</c> does).</summary>
    private static Assembly? Loaded(string simpleName)
    {
        AssemblyLoadContext context = AssemblyLoadContext.CurrentContextualReflectionContext
            ?? AssemblyLoadContext.GetLoadContext(typeof(TypeConverter).Assembly) ?? AssemblyLoadContext.Default;
        foreach (Assembly assembly in context.Assemblies)
        {
            if (!assembly.IsDynamic && string.Equals(assembly.GetName().Name, simpleName, StringComparison.Ordinal))
            {
                return assembly;
            }
        }
        // The core library belongs to the default context, whichever context asks.
        return string.Equals(s_coreLibrary.GetName().Name, simpleName, StringComparison.Ordinal) ? s_coreLibrary : null;
    }

    /// <summary>The type the assembly itself defines under that name (read from its metadata first: reflection would follow a forwarder).</summary>
    private static Type? Defined(Assembly assembly, string fullName)
    {
        if (!DefinedTypeNames.Of(assembly).Contains(fullName))
        {
            return null;
        }
        try
        {
            Type? type = assembly.GetType(fullName, throwOnError: false, ignoreCase: false);
            return type is not null && type.Assembly == assembly ? type : null;
        }
        catch (Exception e) when (e is ArgumentException or TypeLoadException or FileLoadException or BadImageFormatException or FileNotFoundException)
        {
            return null; // a definition that cannot load fails closed, like an unknown name
        }
    }

    /// <summary>A generic or array type built from resolved parts; the runtime refuses some (constraints, byref-like elements).</summary>
    private static Type Construct(string name, Func<Type> make, long offset)
    {
        try
        {
            return make();
        }
        catch (Exception e) when (e is ArgumentException or TypeLoadException or NotSupportedException)
        {
            throw SlimErrors.UnresolvedName(name, e.Message, offset);
        }
    }
}
