using NFX.Slim;

namespace NFX.Tests.Readme;

/// <summary>The type-policy paragraph of README's "Use it in your app", case by case.</summary>
public sealed class ReadmeClaimsTests
{
    private static readonly SlimSerializer s_slim = new();

    [Test]
    public void DeserializeOfOwnType_AnonymousTypeAndSubclassInObjectFields_AreAdmitted()
    {
        var model = new ClaimsModel { Extra = new { Sku = "A-100", Count = 2 }, Base = new ClaimsDerived { Note = "x" } };
        ClaimsModel copy = s_slim.Deserialize<ClaimsModel>(s_slim.Serialize(model));
        Assert.That(copy.Extra!.GetType(), Is.EqualTo(model.Extra.GetType()));
        Assert.That(copy.Extra.ToString(), Is.EqualTo(model.Extra.ToString()));
        Assert.That(((ClaimsDerived)copy.Base!).Note, Is.EqualTo("x"));
    }

    [Test]
    public void DeserializeOfBclType_AnonymousTypeInside_NeedsAllowAssembly()
    {
        var list = new List<object> { new { Sku = "A-100" } };
        byte[] bytes = s_slim.Serialize(list);
        var error = Assert.Throws<SlimTypeNotAllowedException>(() => s_slim.Deserialize<List<object>>(bytes));
        Assert.That(error!.Message, Does.Contain("AllowAssembly").Or.Contain("AllowTypes"));

        var widened = new SlimSerializer(SlimOptions.Default with
        {
            TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(ReadmeClaimsTests).Assembly),
        });
        Assert.That(widened.Deserialize<List<object>>(bytes)![0].ToString(), Is.EqualTo(list[0].ToString()));
    }

    [Test]
    public void UntypedDeserialize_OwnType_NeedsAllowTypesOrAllowAssembly()
    {
        byte[] bytes = s_slim.Serialize(new ClaimsModel());
        Assert.Throws<SlimTypeNotAllowedException>(() => s_slim.Deserialize(bytes));
        var widened = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(ClaimsModel)) });
        Assert.That(widened.Deserialize(bytes), Is.TypeOf<ClaimsModel>());
    }

    [Test]
    public void DeserializeOfOwnType_TypeFromAnotherAssemblyInAnObjectField_NeedsItsAssemblyAllowed()
    {
        // NFX.Slim's own SlimLimits stands for "a type of another assembly than T's" (and not a safe BCL type).
        byte[] bytes = s_slim.Serialize(new ClaimsModel { Extra = SlimLimits.Trusted });
        Assert.Throws<SlimTypeNotAllowedException>(() => s_slim.Deserialize<ClaimsModel>(bytes));
        var widened = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(SlimLimits).Assembly) });
        Assert.That(widened.Deserialize<ClaimsModel>(bytes)!.Extra, Is.EqualTo(SlimLimits.Trusted));
    }
}

public class ClaimsBase
{
}

public sealed class ClaimsDerived : ClaimsBase
{
    public string? Note;
}

public sealed class ClaimsModel
{
    public object? Extra;
    public ClaimsBase? Base;
}
