using NFX.Slim;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim;

/// <summary>
/// The registry template's checksum (carried by every message) folds each built-in and known type's entry hash and each
/// known type's layout fingerprint. It hashes the types without building their registry entries and asks no built-in
/// type for a layout: the same checksum as folding every type's entry and fingerprint, which these tests pin.
/// </summary>
public sealed class RegistryTemplateTests
{
    private sealed class Known
    {
        public int Number { get; set; }

        public string? Text { get; set; }
    }

    [TestCase(SlimVersioning.Strict)]
    [TestCase(SlimVersioning.Tolerant)]
    public void BuiltInTypes_HaveNoLayout(SlimVersioning versioning)
    {
        var slim = new SlimSerializer(SlimOptions.Default with { Versioning = versioning });
        foreach (Type type in BuiltInTypes.All)
        {
            Assert.That(slim.Layouts.Of(type), Is.Null, type.Name);
        }
    }

    [Test]
    public void Checksum_IsEveryTypesEntryHashAndLayoutFingerprint()
    {
        Type[] known = [typeof(Known), typeof(List<Known>), typeof(string), typeof(Uri)];
        var slim = new SlimSerializer(SlimOptions.Default with { KnownTypes = known });
        var template = new TypeRegistryTemplate(known, t => slim.Layouts.Of(t)?.Fingerprint);

        ulong expected = RegistryChecksum.Seed;
        foreach (Type type in template.Types)
        {
            expected = RegistryChecksum.Combine(expected, new WireTypeInfo(type).EntryHash);
            if (slim.Layouts.Of(type)?.Fingerprint is uint fingerprint)
            {
                expected = RegistryChecksum.Combine(expected, fingerprint);
            }
        }
        Assert.That(template.Checksum, Is.EqualTo(expected));
        Assert.That(slim.Layouts.Of(typeof(Known)), Is.Not.Null, "a known type with a layout folds its fingerprint");
        Assert.That(template.Types, Has.Length.EqualTo(BuiltInTypes.All.Length + 2), "string and Uri are built in already");
    }
}
