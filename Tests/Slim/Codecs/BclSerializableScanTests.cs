#pragma warning disable SYSLIB0050, SYSLIB0051 // the scan calls GetObjectData to find the types whose binary serialization was removed
using System.Collections.Specialized;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using NFX.Slim;
using NFX.Slim.Codecs;

namespace NFX.Tests.Slim.Codecs;

/// <summary>
/// Scans the shared framework for the public ISerializable classes whose GetObjectData throws on this platform (their
/// binary serialization was removed from .NET): each is either supported by a codec of its own (written, read and
/// cloned back as its own type) or refused with a <see cref="SlimSerializationException"/> naming it, never a
/// <see cref="PlatformNotSupportedException"/> from inside the serializer. A new .NET that adds such a type is covered
/// by the same rule without a change here.
/// </summary>
public sealed class BclSerializableScanTests
{
    /// <summary>Types that need a real instance (an uninitialized one is not a valid value of them).</summary>
    private static readonly Dictionary<Type, Func<object>> s_instances = new()
    {
        [typeof(NameValueCollection)] = () => new NameValueCollection { { "a", "b" } },
    };

    [Test]
    public void SerializeAndDeepClone_EveryFrameworkTypeWhoseGetObjectDataThrows_IsSupportedOrRefusedNamingIt()
    {
        var slim = new SlimSerializer(new SlimOptions { TypePolicy = SlimTypePolicy.AllowAll });
        List<Type> throwing = ThrowingTypes().ToList();
        var supported = new List<Type>();
        var refused = new List<Type>();
        var failures = new List<string>();
        foreach (Type type in throwing)
        {
            object instance = Instance(type);
            try
            {
                Assert.That(slim.Deserialize(slim.Serialize(instance))?.GetType(), Is.EqualTo(type), type.FullName);
                Assert.That(slim.DeepClone(instance)?.GetType(), Is.EqualTo(type), type.FullName);
                supported.Add(type);
            }
            catch (SlimSerializationException e) when (e.Message.Contains(type.Name, StringComparison.Ordinal) &&
                                                       e.Message.Contains("not supported on this platform", StringComparison.Ordinal))
            {
                refused.Add(type);
            }
            catch (Exception e) when (e is not AssertionException)
            {
                failures.Add($"{type.FullName}: {e.GetType().Name}: {e.Message}");
            }
        }
        TestContext.Out.WriteLine($"supported ({supported.Count}): {string.Join(", ", supported.Select(t => t.FullName))}");
        TestContext.Out.WriteLine($"refused ({refused.Count}): {string.Join(", ", refused.Select(t => t.FullName))}");
        Assert.That(failures, Is.Empty, "neither supported nor refused with a SlimSerializationException that names the type and the reason");
        Assert.That(supported, Does.Contain(typeof(NameValueCollection)), "NameValueCollection has a codec of its own");
        // The scan must see the types FORMAT.md names as refused, or it is not scanning what it claims to.
        Assert.That(refused, Is.SupersetOf(new[] { typeof(System.Text.RegularExpressions.Regex), typeof(System.Net.WebHeaderCollection), typeof(System.Security.Cryptography.X509Certificates.X509Certificate2) }));
    }

    /// <summary>
    /// The public, concrete, non-exception ISerializable classes of the shared framework that Slim writes through their
    /// GetObjectData (those with the serialization constructor) and whose GetObjectData throws
    /// <see cref="PlatformNotSupportedException"/>.
    /// </summary>
    private static IEnumerable<Type> ThrowingTypes()
    {
        string framework = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        IEnumerable<Type> types = Directory.GetFiles(framework, "System.*.dll")
            .Select(LoadOrNull).OfType<Assembly>()
            .SelectMany(PublicTypes)
            .Where(t => t is { IsClass: true, IsAbstract: false, ContainsGenericParameters: false } &&
                        typeof(ISerializable).IsAssignableFrom(t) && !typeof(Exception).IsAssignableFrom(t) &&
                        !typeof(Delegate).IsAssignableFrom(t) && SerializableCodec.FindConstructor(t) is not null)
            .Distinct()
            .OrderBy(t => t.FullName, StringComparer.Ordinal);
        return types.Where(GetObjectDataThrowsPlatformNotSupported).ToList();
    }

    /// <summary>
    /// Whether the type's GetObjectData only throws PlatformNotSupportedException: read from its IL (a short body that
    /// constructs one, directly or through one call to another GetObjectData), not by calling it on an uninitialized
    /// object, which for some framework types leaves state that crashes the process later.
    /// </summary>
    private static bool GetObjectDataThrowsPlatformNotSupported(Type type) =>
        OnlyThrowsPlatformNotSupported(type.GetInterfaceMap(typeof(ISerializable)).TargetMethods[0], depth: 0);

    private static bool OnlyThrowsPlatformNotSupported(MethodBase method, int depth)
    {
        const byte Call = 0x28, Newobj = 0x73, Callvirt = 0x6F;
        byte[]? il = method.GetMethodBody()?.GetILAsByteArray();
        if (il is null || il.Length > 32)
        {
            return false;
        }
        for (int i = 0; i + 4 < il.Length; i++)
        {
            if (il[i] is not (Call or Newobj or Callvirt) || Resolve(method, BitConverter.ToInt32(il, i + 1)) is not { } target)
            {
                continue;
            }
            if (il[i] == Newobj && target.DeclaringType == typeof(PlatformNotSupportedException))
            {
                return true;
            }
            if (il[i] != Newobj && target.Name == nameof(ISerializable.GetObjectData) && depth == 0 && target != method)
            {
                return OnlyThrowsPlatformNotSupported(target, depth + 1);
            }
        }
        return false;
    }

    private static MethodBase? Resolve(MethodBase method, int token)
    {
        try
        {
            return method.Module.ResolveMethod(token);
        }
        catch (ArgumentException)
        {
            return null; // an operand byte, not an opcode
        }
    }

    /// <summary>A real instance where one is needed, else an uninitialized one (never finalized) for the refusal path.</summary>
    private static object Instance(Type type)
    {
        if (s_instances.TryGetValue(type, out Func<object>? make))
        {
            return make();
        }
        object instance = RuntimeHelpers.GetUninitializedObject(type);
        GC.SuppressFinalize(instance);
        return instance;
    }

    private static Assembly? LoadOrNull(string path)
    {
        try
        {
            return Assembly.Load(AssemblyName.GetAssemblyName(path));
        }
        catch (Exception e) when (e is BadImageFormatException or FileLoadException or FileNotFoundException)
        {
            return null; // a native or reference-only file of the framework folder
        }
    }

    private static IEnumerable<Type> PublicTypes(Assembly assembly)
    {
        try
        {
            return assembly.GetExportedTypes();
        }
        catch (Exception e) when (e is ReflectionTypeLoadException or NotSupportedException or FileNotFoundException)
        {
            return [];
        }
    }
}
