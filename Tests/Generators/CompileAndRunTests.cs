using System.Reflection;
using Microsoft.CodeAnalysis;
using NFX.Slim;
using NFX.Slim.Generated;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Generators;

/// <summary>
/// The generator run over a user's model as the compiler runs it, the result compiled and loaded into this process:
/// its codecs register, write the bytes the runtime codecs write, and read them back whole.
/// </summary>
public sealed class CompileAndRunTests
{
    private static readonly Lazy<Assembly> s_shop = new(() =>
    {
        var (_, output, diagnostics) = GeneratorHarness.Run(ModelSource.Shop, "Shop");
        Assert.That(diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning), Is.Empty);
        Assembly assembly = GeneratorHarness.Load(output);
        // The module initializer runs when the assembly's code first runs.
        System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
        return assembly;
    });

    private static SlimOptions Options(bool generated) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(s_shop.Value),
        UseGeneratedCodecs = generated,
    };

    [TestCase("Shop.Customer")]
    [TestCase("Shop.Order")]
    [TestCase("Shop.Card")]
    [TestCase("Shop.Invoice")]
    public void Generator_ClassReachedFromCalls_RegistersACodec(string name)
    {
        Assert.That(SlimGeneratedCodecs.Contains(s_shop.Value.GetType(name, throwOnError: true)!), Is.True);
    }

    [Test]
    public void Generator_AbstractBase_GetsNoCodecOfItsOwn()
    {
        Assert.That(SlimGeneratedCodecs.Contains(s_shop.Value.GetType("Shop.Entity", throwOnError: true)!), Is.False);
    }

    [Test]
    public void Serialize_Model_GeneratedCodecsWriteTheRuntimeBytesAndReadThemBack()
    {
        Type calls = s_shop.Value.GetType("Shop.Calls", throwOnError: true)!;
        object customer = calls.GetMethod("Build")!.Invoke(null, null)!;
        var generated = new SlimSerializer(Options(true));
        var runtime = new SlimSerializer(Options(false));
        byte[] generatedBytes = (byte[])calls.GetMethod("Write")!.Invoke(null, [generated, customer])!;
        byte[] runtimeBytes = runtime.Serialize(customer);
        Assert.That(Convert.ToHexString(generatedBytes), Is.EqualTo(Convert.ToHexString(runtimeBytes)));
        object back = calls.GetMethod("Read")!.Invoke(null, [generated, runtimeBytes])!;
        GraphAssert.AreEquivalent(customer, back);
        GraphAssert.AreEquivalent(customer, runtime.Deserialize(generatedBytes));
        Assert.That(generated.Codecs.Get(customer.GetType()), Has.Property("IsGenerated").True);
    }

    [Test]
    public void DeepClone_Model_GeneratedCloneKeepsTheGraph()
    {
        object customer = s_shop.Value.GetType("Shop.Calls", throwOnError: true)!.GetMethod("Build")!.Invoke(null, null)!;
        var generated = new SlimSerializer(Options(true));
        object clone = generated.DeepClone(customer)!;
        Assert.That(clone, Is.Not.SameAs(customer));
        GraphAssert.AreEquivalent(customer, clone);
    }
}
