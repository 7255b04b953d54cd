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
        foreach (Type type in Enumerable.Range(0, template.Count).Select(handle => template[handle]))
        {
            expected = RegistryChecksum.Combine(expected, new WireTypeInfo(type).EntryHash);
            if (slim.Layouts.Of(type)?.Fingerprint is uint fingerprint)
            {
                expected = RegistryChecksum.Combine(expected, fingerprint);
            }
        }
        Assert.That(template.Checksum, Is.EqualTo(expected));
        Assert.That(slim.Layouts.Of(typeof(Known)), Is.Not.Null, "a known type with a layout folds its fingerprint");
        Assert.That(template.Count, Is.EqualTo(BuiltInTypes.All.Length + 2), "string and Uri are built in already");
        Assert.That(template[BuiltInTypes.Count], Is.EqualTo(typeof(Known)));
        Assert.That(template[BuiltInTypes.Count + 1], Is.EqualTo(typeof(List<Known>)));
        Assert.That(template.TryGetHandle(typeof(List<Known>), out int handle) && handle == BuiltInTypes.Count + 1, Is.True);
        Assert.That(template.TryGetHandle(typeof(Uri), out handle) && handle == 36, Is.True);
    }

    [Test]
    public void BuiltInChecksum_IsTheTablesEntryHashesFolded()
    {
        // The constant stands for folding every built-in type's entry hash (what the template did at construction).
        ulong expected = RegistryChecksum.Seed;
        foreach (Type type in BuiltInTypes.All)
        {
            expected = RegistryChecksum.Combine(expected, WireTypeInfo.EntryHashOf(type));
        }
        Assert.That(BuiltInTypes.Checksum, Is.EqualTo(expected), $"BuiltInTypes.Checksum should be 0x{expected:X16}UL");
        Assert.That(BuiltInTypes.All, Has.Length.EqualTo(BuiltInTypes.Count));
        Assert.That(new TypeRegistryTemplate([]).Checksum, Is.EqualTo(expected));
    }

    [Test]
    public void BuiltInIndex_FindsEveryBuiltInType_AndNoOther()
    {
        for (int handle = 0; handle < BuiltInTypes.Count; handle++)
        {
            Type type = BuiltInTypes.All[handle];
            Assert.That(BuiltInTypes.IndexOf(type), Is.EqualTo(handle), type.Name);
            Assert.That(BuiltInTypes.Get(handle), Is.SameAs(type));
            Assert.That(type.Namespace, Does.StartWith("System"), "IndexOf answers other namespaces without the table");
        }
        Assert.That(BuiltInTypes.IndexOf(typeof(Known)), Is.EqualTo(-1));
        Assert.That(BuiltInTypes.IndexOf(typeof(Known[])), Is.EqualTo(-1));
        Assert.That(BuiltInTypes.IndexOf(typeof(List<int>)), Is.EqualTo(-1), "a closed generic is not its definition");
        Assert.That(BuiltInTypes.IndexOf(typeof(Random)), Is.EqualTo(-1));
        Assert.That(new TypeRegistryTemplate([]).TryGetHandle(typeof(Known), out _), Is.False);
    }
}
