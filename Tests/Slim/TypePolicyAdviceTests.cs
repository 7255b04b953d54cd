using System.Text;
using NFX.Slim;

namespace NFX.Tests.Slim;

/// <summary>
/// A refusal of the type policy shows code that compiles (the policy is an immutable instance: the line starts from
/// SlimTypePolicy.Default) and names the option that admits the user's assembly; a BCL collection root admits the
/// assemblies of its generic arguments as a field of that type in the user's root would.
/// </summary>
public sealed class TypePolicyAdviceTests
{
    private static readonly SlimSerializer s_slim = new();

    public interface IAnimal
    {
        string Name { get; }
    }

    public sealed class Dog : IAnimal
    {
        public string Name { get; set; } = "";
        public object? Toy { get; set; }
    }

    public sealed class Cat : IAnimal
    {
        public string Name { get; set; } = "";
    }

    [Test]
    public void Deserialize_ListOfYourInterface_AdmitsTheConcreteTypesOfItsAssembly()
    {
        var animals = new List<IAnimal> { new Dog { Name = "rex" }, new Cat { Name = "tom" } };

        List<IAnimal> copy = s_slim.Deserialize<List<IAnimal>>(s_slim.Serialize(animals))!;

        Assert.That(copy.Select(a => (a.GetType(), a.Name)), Is.EqualTo(new[] { (typeof(Dog), "rex"), (typeof(Cat), "tom") }));
    }

    [Test]
    public void Deserialize_DictionaryOfArraysOfYourInterface_AdmitsItsAssemblyAtAnyDepth()
    {
        var animals = new Dictionary<string, IAnimal[]> { ["pets"] = [new Dog { Name = "rex" }] };

        var copy = s_slim.Deserialize<Dictionary<string, IAnimal[]>>(s_slim.Serialize(animals))!;

        Assert.That(copy["pets"].Single(), Is.InstanceOf<Dog>());
    }

    [Test]
    public void Deserialize_ListOfYourInterface_StillRefusesRuntimeTypesOutsideTheRules()
    {
        var animals = new List<IAnimal> { new Dog { Name = "rex", Toy = new StringBuilder("ball") } };

        var error = Assert.Throws<SlimTypeNotAllowedException>(() => s_slim.Deserialize<List<IAnimal>>(s_slim.Serialize(animals)));

        Assert.That(error!.Message, Does.Contain("System.Text.StringBuilder"));
        Assert.That(error.Message, Does.Contain("SlimOptions.TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(System.Text.StringBuilder))"));
        Assert.That(error.Message, Does.Not.Contain("AllowAssembly(typeof(System.Text.StringBuilder)"));
    }

    [Test]
    public void Deserialize_ListOfObject_NamesTheLineThatAdmitsYourAssembly()
    {
        var animals = new List<object> { new Dog { Name = "rex" } };
        byte[] bytes = s_slim.Serialize(animals);

        var error = Assert.Throws<SlimTypeNotAllowedException>(() => s_slim.Deserialize<List<object>>(bytes));

        Assert.That(error!.Message, Does.Contain(
            "Allow it with SlimOptions.TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(NFX.Tests.Slim.TypePolicyAdviceTests.Dog)) (this type), " +
            "or .AllowAssembly(typeof(NFX.Tests.Slim.TypePolicyAdviceTests.Dog).Assembly) (every type of NFX.Slim.Tests), " +
            "or .AllowNamespace(\"NFX.Tests.Slim\")"));
        // The line as the message writes it admits the type.
        var widened = new SlimSerializer(SlimOptions.Default with
        {
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(NFX.Tests.Slim.TypePolicyAdviceTests.Dog)),
        });
        Assert.That(((Dog)widened.Deserialize<List<object>>(bytes)![0]).Name, Is.EqualTo("rex"));
    }

    [Test]
    public void Deserialize_AnonymousTypeInListOfObject_SaysAllowAssemblyWithAnyTypeOfIt()
    {
        byte[] bytes = s_slim.Serialize(new List<object> { new { Sku = "A-100" } });

        var error = Assert.Throws<SlimTypeNotAllowedException>(() => s_slim.Deserialize<List<object>>(bytes));

        Assert.That(error!.Message, Does.Contain(
            "Allow its assembly with SlimOptions.TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(Program).Assembly) " +
            "(any type of NFX.Slim.Tests in place of Program)"));
    }
}
