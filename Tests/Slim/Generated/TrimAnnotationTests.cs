using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using NFX.Slim;
using NFX.Slim.CodeGen;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// NFX.Slim's promise to an app with the trim and AOT analyzers on: the library is marked trimmable, and no public
/// API requires dynamic or unreferenced code (the runtime-codec paths carry those requirements only up to
/// <see cref="RuntimeCodecs.IsSupported"/>), so calling it warns nowhere.
/// </summary>
public sealed class TrimAnnotationTests
{
    private static readonly Assembly s_slim = typeof(SlimSerializer).Assembly;

    [Test]
    public void Assembly_BuiltAotCompatible_IsMarkedTrimmable()
    {
        Assert.That(s_slim.GetCustomAttributes<AssemblyMetadataAttribute>().Where(a => a.Key == "IsTrimmable").Select(a => a.Value),
            Is.EqualTo(new[] { "True" }));
    }

    [Test]
    public void PublicApi_AnyTypeOrMember_RequiresNoDynamicOrUnreferencedCode()
    {
        const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
        var requiring = new List<string>();
        foreach (Type type in s_slim.GetExportedTypes())
        {
            if (Requires(type))
            {
                requiring.Add(type.FullName!);
            }
            foreach (MemberInfo member in type.GetMembers(Declared))
            {
                if (IsVisible(member) && (Requires(member) || member is PropertyInfo property && property.GetAccessors().Any(Requires)))
                {
                    requiring.Add($"{type.FullName}.{member.Name}");
                }
            }
        }

        Assert.That(s_slim.GetExportedTypes(), Does.Contain(typeof(SlimSerializer)).And.Contain(typeof(ISlimTypeSerializer)));
        Assert.That(requiring, Is.Empty);
    }

    [Test]
    public void RuntimeCodecs_IsSupported_IsAFeatureGuardForBothRequirementsAndASwitch()
    {
        PropertyInfo guard = typeof(RuntimeCodecs).GetProperty(nameof(RuntimeCodecs.IsSupported))!;

        Assert.That(guard.GetCustomAttributes<FeatureGuardAttribute>().Select(a => a.FeatureType),
            Is.EquivalentTo(new[] { typeof(RequiresDynamicCodeAttribute), typeof(RequiresUnreferencedCodeAttribute) }));
        Assert.That(guard.GetCustomAttribute<FeatureSwitchDefinitionAttribute>()?.SwitchName, Is.EqualTo(RuntimeCodecs.SwitchName));
        Assert.That(RuntimeCodecs.IsSupported, Is.True, "the test process is a JIT app with no switch set");
    }

    private static bool IsVisible(MemberInfo member) => member switch
    {
        MethodBase method => method.IsPublic || method.IsFamily || method.IsFamilyOrAssembly,
        FieldInfo field => field.IsPublic || field.IsFamily || field.IsFamilyOrAssembly,
        PropertyInfo property => property.GetAccessors(nonPublic: true).Any(IsVisible),
        EventInfo @event => @event.AddMethod is { } add && IsVisible(add),
        Type nested => nested.IsNestedPublic || nested.IsNestedFamily || nested.IsNestedFamORAssem,
        _ => false,
    };

    private static bool Requires(MemberInfo member) =>
        member.IsDefined(typeof(RequiresDynamicCodeAttribute), inherit: false) || member.IsDefined(typeof(RequiresUnreferencedCodeAttribute), inherit: false);
}
