using System.Globalization;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

public sealed class CultureHolder
{
    public CultureInfo? Culture;
    public CultureInfo? Same;
    public CultureInfo? Invariant;
    public object? Boxed;
}

/// <summary>A culture is its name: one whose TextInfo was used (its ISerializable path throws) comes back by name.</summary>
public sealed class CultureInfoCodecTests : CodecTester<CultureHolder>
{
    public static IEnumerable<TestCaseData> Serializers()
    {
        foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
        {
            yield return new TestCaseData(mode, false).SetArgDisplayNames(mode.ToString(), "default policy");
            yield return new TestCaseData(mode, true).SetArgDisplayNames(mode.ToString(), "allow-all");
        }
    }

    protected override CultureHolder CreateValue()
    {
        var culture = new CultureInfo("fr-FR");
        Assert.That(culture.TextInfo.ToUpper("é"), Is.EqualTo("É"));
        return new CultureHolder { Culture = culture, Same = culture, Invariant = CultureInfo.InvariantCulture, Boxed = CultureInfo.GetCultureInfo("de-DE") };
    }

    protected override void CheckCopy(CultureHolder original, CultureHolder copy)
    {
        Assert.That(copy.Culture!.Name, Is.EqualTo("fr-FR"));
        Assert.That(copy.Same, Is.SameAs(copy.Culture));
        Assert.That(copy.Culture, Is.Not.SameAs(original.Culture), "a changeable culture is shared with the original");
        Assert.That(copy.Invariant!.Name, Is.EqualTo(""));
        Assert.That(((CultureInfo)copy.Boxed!).Name, Is.EqualTo("de-DE"));
        Assert.That(copy.Culture.TextInfo.ToUpper("é"), Is.EqualTo("É"));
        Assert.That(1.5.ToString(copy.Culture), Is.EqualTo("1,5"));
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTripAndDeepClone_CultureUsedBefore_ComesBackByName(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = allowAll
            ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
            : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });
        for (int message = 0; message < 2; message++)
        {
            CultureHolder original = CreateValue();
            foreach (CultureHolder copy in new[] { slim.Deserialize<CultureHolder>(slim.Serialize(original))!, slim.DeepClone(original)! })
            {
                GraphAssert.AreEquivalent(original, copy);
                CheckCopy(original, copy);
            }
        }
    }

    [Test]
    public void Deserialize_CultureOutsideAllowedCultures_ThrowsSlimCultureNotAllowedException()
    {
        byte[] bytes = RoundTrip.NewSerializer().Serialize(CreateValue());
        SlimSerializer reader = RoundTrip.NewSerializer(SlimOptions.Default with { AllowedCultures = ["de-DE", ""] });
        SlimCultureNotAllowedException? error = Assert.Throws<SlimCultureNotAllowedException>(() => reader.Deserialize<CultureHolder>(bytes));
        Assert.That(error!.Message, Does.Contain("fr-FR"));
    }
}
