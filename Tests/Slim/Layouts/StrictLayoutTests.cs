using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Layouts;

/// <summary>The strict default: a reader whose layout of a type differs from the writer's refuses, and says why.</summary>
public sealed class StrictLayoutTests
{
    private static uint Fingerprint(Type type) => new SlimSerializer().Layouts.Of(type)!.Fingerprint;

    [Test]
    public void Strict_FieldsAddedAndRemoved_ThrowsNamingTypeBothFingerprintsAndTheCure()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Strict).Serialize(Versions.SampleV1());

        var error = Assert.Throws<SlimLayoutMismatchException>(() => Versions.Reader().Deserialize<V2.Order>(bytes))!;

        Assert.That(error.TypeName, Does.Contain("NFX.Tests.Slim.Layouts.V2.Order"));
        Assert.That(error.WriterFingerprint, Is.EqualTo(Fingerprint(typeof(V1.Order))));
        Assert.That(error.ReaderFingerprint, Is.EqualTo(Fingerprint(typeof(V2.Order))));
        Assert.That(error.Message, Does.Contain($"0x{Fingerprint(typeof(V1.Order)):X8}").And.Contain($"0x{Fingerprint(typeof(V2.Order)):X8}"));
        Assert.That(error.Message, Does.Contain("SlimVersioning.Tolerant"));
    }

    [Test]
    public void Strict_FieldRenamedSameShape_ThrowsInsteadOfMisreading()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Strict).Serialize(new V1.Address { City = "Springfield-1" });

        var error = Assert.Throws<SlimLayoutMismatchException>(() => Versions.Reader().Deserialize<V2.Address>(bytes))!;

        Assert.That(error.TypeName, Does.Contain("V2.Address"));
    }

    [Test]
    public void Strict_InlineStructChanged_ThrowsForTheHolder()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Strict).Serialize(new V1.Holder { P = new V1.Point { X = 1, Y = 2 }, Name = "h" });

        var error = Assert.Throws<SlimLayoutMismatchException>(() => Versions.Reader().Deserialize<V2.Holder>(bytes))!;

        Assert.That(error.TypeName, Does.Contain("V2.Holder"));
    }

    [Test]
    public void Strict_ObjectsOfTheDeclaredType_CarryTheirLayoutOnFirstSight()
    {
        // Ship is declared Address and holds an Address: no type handle would be needed, yet its layout must cross.
        byte[] bytes = Versions.Writer(SlimVersioning.Strict).Serialize(new object[] { new V1.Holder(), new V1.Order { Ship = new V1.Address() } });
        var reader = new SlimSerializer(SlimOptions.Default with
        {
            FormerNames = [new(typeof(V1.Address).FullName!, typeof(V2.Address))],
            TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V1").AllowNamespace("NFX.Tests.Slim.Layouts.V2"),
        });

        var error = Assert.Throws<SlimLayoutMismatchException>(() => reader.Deserialize(bytes))!;

        Assert.That(error.TypeName, Does.Contain("V2.Address"));
    }

    [Test]
    public void Strict_SameVersion_RoundTripsTheWholeGraph()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V1") });
        V1.Order order = Versions.SampleV1();
        order.Ship = new V1.Address { City = "x" };

        object? copy = slim.Deserialize(slim.Serialize(new object[] { order, new V1.Holder { P = new V1.Point { X = 3 } }, order.Ship }));

        GraphAssert.AreEquivalent(new object[] { order, new V1.Holder { P = new V1.Point { X = 3 } }, order.Ship }, copy);
    }

    [Test]
    public void Strict_Batch_SecondMessageCarriesNoTypeEntries()
    {
        SlimSerializer writer = Versions.Writer(SlimVersioning.Strict, TypeRegistryMode.Batch);
        var reader = new SlimSerializer(SlimOptions.Default with
        {
            RegistryMode = TypeRegistryMode.Batch, TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V1"),
        });
        var order = new V1.Order { Id = 1, Ship = new V1.Address { City = "c" } };

        byte[] first = writer.Serialize(order);
        byte[] second = writer.Serialize(order);

        Assert.That(second.Length, Is.LessThan(first.Length - 40), "the second message names no types");
        GraphAssert.AreEquivalent(order, reader.Deserialize<V1.Order>(first));
        GraphAssert.AreEquivalent(order, reader.Deserialize<V1.Order>(second));
    }

    [Test]
    public void Strict_KnownTypes_FoldTheirLayoutIntoTheRegistryChecksum()
    {
        // Known types never cross as entries: a changed one must still fail, as a registry mismatch.
        var slim = new SlimSerializer();
        var withLayouts = new NFX.Slim.TypeSystem.TypeRegistryTemplate([typeof(V1.Address)], t => slim.Layouts.Of(t)?.Fingerprint);
        var otherLayout = new NFX.Slim.TypeSystem.TypeRegistryTemplate([typeof(V1.Address)], t => slim.Layouts.Of(t)?.Fingerprint + 1);
        var writer = new SlimSerializer(SlimOptions.Default with { KnownTypes = [typeof(V1.Address)] });
        var reader = new SlimSerializer(SlimOptions.Default with { KnownTypes = [typeof(V1.Address)] });

        Assert.That(withLayouts.Checksum, Is.Not.EqualTo(otherLayout.Checksum));
        Assert.That(reader.Deserialize<V1.Address>(writer.Serialize(new V1.Address { City = "c" })).City, Is.EqualTo("c"));
    }

    [Test]
    public void RequireStrictLayouts_MemberList_ThrowsNamingTheTypeAndTheOption()
    {
        byte[] tolerant = Versions.Writer(SlimVersioning.Tolerant).Serialize(new V1.Address { City = "c" });
        byte[] strict = Versions.Writer(SlimVersioning.Strict).Serialize(new V1.Address { City = "c" });
        var reader = new SlimSerializer(SlimOptions.Default with { RequireStrictLayouts = true });

        var error = Assert.Throws<SlimLayoutMismatchException>(() => reader.Deserialize<V1.Address>(tolerant))!;

        Assert.That(error.TypeName, Does.Contain("V1.Address"));
        Assert.That(error.Message, Does.Contain("RequireStrictLayouts").And.Contain("SlimVersioning.Strict"));
        Assert.That(reader.Deserialize<V1.Address>(strict).City, Is.EqualTo("c"), "strict entries still read");
    }
}
