using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace NFX.Slim.CodeGen;

/// <summary>
/// Whether this process may build codecs at run time (expression trees, generic types made by reflection, reflection over
/// the members of the types it writes). True under the JIT; false in a NativeAOT app (dynamic code is not supported) and in
/// a trimmed app (the NFX.Slim package's build targets set the switch <see cref="SwitchName"/> off with <c>Trim="true"</c>
/// whenever <c>PublishTrimmed</c> or <c>PublishAot</c> is set). The trimming and AOT compilers take it as a constant and
/// remove every branch it guards, so such an app carries only the generated codecs and the instantiations they registered.
/// </summary>
internal static class RuntimeCodecs
{
    /// <summary>The feature switch (runtimeconfig.json, <c>RuntimeHostConfigurationOption</c>) that turns runtime codecs off.</summary>
    public const string SwitchName = "NFX.Slim.RuntimeCodecs.IsSupported";

    // Read once: the guard is checked on every codec lookup that misses the cache.
    private static readonly bool s_switchOn = !AppContext.TryGetSwitch(SwitchName, out bool on) || on;

    /// <summary>
    /// True when runtime codecs can be built: dynamic code is supported and the app is not trimmed (the switch is not off).
    /// It guards the expression trees and made generic types (dynamic code) and the reflection over members that a
    /// trimmed app may have removed (unreferenced code): where it is false, a type without a generated codec is refused.
    /// </summary>
    // IL4000: the analyzers can prove the dynamic-code half from the body; the unreferenced-code half holds because the
    // package's build targets (buildTransitive/NFX.Slim.targets) set the switch off, Trim="true", in every trimmed or AOT
    // publish, so the trimmer substitutes false before it analyses a single guarded call.
#pragma warning disable IL4000
    [FeatureSwitchDefinition(SwitchName)]
    [FeatureGuard(typeof(RequiresDynamicCodeAttribute))]
    [FeatureGuard(typeof(RequiresUnreferencedCodeAttribute))]
    public static bool IsSupported => RuntimeFeature.IsDynamicCodeSupported && s_switchOn;
#pragma warning restore IL4000

    /// <summary>Why no codec is built at run time here, for refusals: NativeAOT, a trimmed app, or a serializer told so.</summary>
    public static string Reason =>
        !RuntimeFeature.IsDynamicCodeSupported ? "NativeAOT: dynamic code is not supported"
        : !s_switchOn ? $"a trimmed app: the switch {SwitchName} is off, as the NFX.Slim package sets it for PublishTrimmed and PublishAot"
        : "the serializer was told to use generated codecs only";

    /// <summary>What a refusal under generated codecs only tells the user to add, for <paramref name="type"/>.</summary>
    public static string Advice(Type type) => Advice(CSharpName(type));

    /// <summary>What a refusal under generated codecs only tells the user to add, for the type C# names <paramref name="csharpName"/>.</summary>
    public static string Advice(string csharpName) =>
        $"this app builds no codecs at run time ({Reason}), and the NFX.Slim source generator wrote none for the type; " +
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
