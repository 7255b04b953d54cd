using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.Loader;

namespace NFX.Tests.Caching.Support;

/// <summary>
/// Builds two versions of "the same" type, as two deploys would: same assembly name, same type name, different
/// fields. Each version is a real (persisted, then loaded) assembly in its own load context, so Slim treats it like
/// any application assembly.
/// </summary>
public static class VersionedTypes
{
    /// <summary>Emits an assembly <paramref name="assemblyName"/> holding public class <paramref name="typeName"/> with the given public fields.</summary>
    public static Type Build(string assemblyName, string typeName, params (string Name, Type Type)[] fields)
    {
        var builder = new PersistedAssemblyBuilder(new AssemblyName(assemblyName), typeof(object).Assembly);
        ModuleBuilder module = builder.DefineDynamicModule(assemblyName);
        TypeBuilder type = module.DefineType(typeName, TypeAttributes.Public | TypeAttributes.Class | TypeAttributes.Sealed);
        foreach ((string name, Type fieldType) in fields)
        {
            type.DefineField(name, fieldType, FieldAttributes.Public);
        }
        type.DefineDefaultConstructor(MethodAttributes.Public);
        type.CreateType();
        using var image = new MemoryStream();
        builder.Save(image);
        image.Position = 0;
        var context = new AssemblyLoadContext($"{assemblyName} ({Guid.NewGuid():N})", isCollectible: false);
        return context.LoadFromStream(image).GetType(typeName, throwOnError: true)!;
    }

    /// <summary>Creates an instance and sets its fields by name.</summary>
    public static object Create(Type type, params (string Name, object? Value)[] values)
    {
        object instance = Activator.CreateInstance(type)!;
        foreach ((string name, object? value) in values)
        {
            type.GetField(name)!.SetValue(instance, value);
        }
        return instance;
    }
}
