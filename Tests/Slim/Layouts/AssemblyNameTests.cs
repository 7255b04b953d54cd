using System.Reflection;
using System.Reflection.Emit;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim.Layouts;

/// <summary>
/// Type names on the wire carry the assembly's simple name, which Slim reads from the display name the runtime already
/// holds: it must equal <c>GetName().Name</c> for every assembly, including names that needed escaping.
/// </summary>
public sealed class AssemblyNameTests
{
    [Test]
    public void EveryLoadedAssembly_TheNameGetNameGives()
    {
        Assembly[] assemblies = AppDomain.CurrentDomain.GetAssemblies();
        Assert.That(assemblies, Has.Length.GreaterThan(10));
        foreach (Assembly assembly in assemblies)
        {
            Assert.That(TypeNames.AssemblyName(assembly), Is.EqualTo(assembly.GetName().Name), assembly.FullName);
        }
    }

    [TestCase("Plain.Name")]
    [TestCase("With,Comma")]
    [TestCase("With=Equals")]
    [TestCase("Quote'd")]
    public void ANameThatNeedsEscaping_TheNameGetNameGives(string name)
    {
        AssemblyBuilder assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName { Name = name }, AssemblyBuilderAccess.Run);
        Assert.That(TypeNames.AssemblyName(assembly), Is.EqualTo(name));
    }
}
