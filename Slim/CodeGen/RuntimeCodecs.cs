using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace NFX.Slim.CodeGen;

/// <summary>
/// Whether this process may build codecs at run time (expression trees, generic types made by reflection). True under
/// the JIT; false in a NativeAOT app, where the trimming and AOT compilers take it as a constant and remove every branch
/// it guards, so a native app carries only the generated codecs and the instantiations they registered.
/// </summary>
internal static class RuntimeCodecs
{
    /// <summary>
    /// True when runtime codecs can be built: dynamic code is supported. It also guards the reflection over members the
    /// runtime path needs; a trimmed app that runs under the JIT (PublishTrimmed without AOT) still builds runtime codecs,
    /// and sees the layouts the generated codecs keep.
    /// </summary>
    [FeatureSwitchDefinition("NFX.Slim.RuntimeCodecs.IsSupported")]
    [FeatureGuard(typeof(RequiresDynamicCodeAttribute))]
    [FeatureGuard(typeof(RequiresUnreferencedCodeAttribute))]
    public static bool IsSupported => RuntimeFeature.IsDynamicCodeSupported;

    /// <summary>What a refusal under generated codecs only tells the user to add, for <paramref name="type"/>.</summary>
    public static string Advice(Type type) => Advice(CSharpName(type));

    /// <summary>What a refusal under generated codecs only tells the user to add, for the type C# names <paramref name="csharpName"/>.</summary>
    public static string Advice(string csharpName) =>
        $"this app builds no codecs at run time (NativeAOT: dynamic code is not supported), and the NFX.Slim source generator wrote none for the type; " +
        $"add [assembly: SlimSerializable(typeof({csharpName}))] to a project that references NFX.Slim and defines or reaches the type";

    /// <summary><paramref name="type"/> as C# source names it: namespace, nesting with '.', generic arguments, array ranks.</summary>
    public static string CSharpName(Type type)
    {
        if (type.IsArray)
        {
            return CSharpName(type.GetElementType()!) + "[" + new string(',', type.GetArrayRank() - 1) + "]";
        }
        if (type.IsGenericParameter)
        {
            return type.Name;
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            return CSharpName(inner) + "?";
        }
        string prefix = type.IsNested ? CSharpName(type.DeclaringType!) + "." : string.IsNullOrEmpty(type.Namespace) ? "" : type.Namespace + ".";
        string name = type.Name;
        int tick = name.IndexOf('`', StringComparison.Ordinal);
        if (tick < 0)
        {
            return prefix + name;
        }
        // Generic types are named by their definition's arguments; a nested type's own arguments come after those of
        // the types around it.
        int outer = type.IsNested ? type.DeclaringType!.GetGenericArguments().Length : 0;
        Type[] arguments = type.GetGenericArguments();
        return prefix + name[..tick] + "<" + string.Join(", ", arguments.Skip(outer).Select(CSharpName)) + ">";
    }
}
