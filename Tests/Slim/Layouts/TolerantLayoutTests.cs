using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Layouts;

/// <summary>Version-tolerant messages: a reader built from another version maps the writer's members by name.</summary>
public sealed class TolerantLayoutTests
{
    [Test]
    public void Tolerant_AddedRemovedAndWidenedFields_MapByName()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Tolerant).Serialize(Versions.SampleV1());

        V2.Order order = Versions.Reader().Deserialize<V2.Order>(bytes);

        Assert.That(order.Id, Is.EqualTo(7L), "int widened to long");
        Assert.That(order.Customer, Is.EqualTo("Acme"));
        Assert.That(order.Total, Is.EqualTo(12.50m));
        Assert.That(order.Weight, Is.EqualTo(1.5), "float widened to double?");
        Assert.That(order.Count, Is.EqualTo(1L << 40));
        Assert.That(order.Currency, Is.EqualTo("EUR"), "a member the writer lacks keeps its initializer");
        Assert.That(order.Priority, Is.EqualTo(3));
        Assert.That(order.Parent, Is.SameAs(order), "the cycle through the DTO holds");
        Assert.That(order.Ship, Is.Not.Null);
        Assert.That(order.Ship!.Town, Is.Null, "a renamed member is not misread as the old one");
        Assert.That(order.Extra, Is.EqualTo(new List<string> { "a", "b" }), "an object of a dropped member stays reachable by back-reference");
    }

    [Test]
    public void Tolerant_OldLayoutAfterBodiesReadInPlace_IsMappedNotReadInPlace()
    {
        // Parcel's generated body reads Parcel.To in place once a message read one the full way (the slot remembers it);
        // a later message of the old Address layout (Parcel's own is the same) brings a plan for Address, and the slot
        // must be read the plan's way for that message, and in place again after it.
        var reader = new SlimSerializer(Versions.Reader().Options with { UseGeneratedCodecs = true });
        var codec = (NFX.Slim.CodeGen.ObjectCodec)reader.Codecs.Get(typeof(V2.Parcel));
        Assert.That(codec.IsGenerated, Is.True);
        var current = new SlimSerializer(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant });
        byte[] now = current.Serialize(new V2.Parcel { To = new V2.Address { Town = "Shelbyville" }, Note = "now" });
        for (int i = 0; i < 2; i++)
        {
            Assert.That(reader.Deserialize<V2.Parcel>(now).To!.Town, Is.EqualTo("Shelbyville"));
        }
        var to = codec.Generated!.Slots[codec.Generated.Codec.SlotNames.ToList().IndexOf("Parcel.To")];
        Assert.That(to.ReadInPlace, Is.Not.Null, "the slot reads in place after the first message");

        V2.Parcel old = reader.Deserialize<V2.Parcel>(Versions.Writer(SlimVersioning.Tolerant).Serialize(
            new V1.Parcel { To = new V1.Address { City = "Springfield" }, Note = "old" }));

        Assert.That(old.To, Is.Not.Null);
        Assert.That(old.To!.Town, Is.Null, "the old Address's City is not read as the new Town");
        Assert.That(old.Note, Is.EqualTo("old"));
        Assert.That(reader.Deserialize<V2.Parcel>(now).To!.Town, Is.EqualTo("Shelbyville"));
    }

    [Test]
    public void Tolerant_OldLayoutInsideAListReadInPlace_IsMappedFromWhereThePlanIsLearned()
    {
        // Mailing.To's elements are read in place once a message read one the full way, the test resolved once per list;
        // a later message of the old Address layout learns the plan inside that list (with its first element's entry),
        // and every element after it must be read the plan's way: each element still asks for plans.
        var reader = new SlimSerializer(Versions.Reader().Options with { UseGeneratedCodecs = true });
        Assert.That(((NFX.Slim.CodeGen.ObjectCodec)reader.Codecs.Get(typeof(V2.Mailing))).IsGenerated, Is.True);
        var current = new SlimSerializer(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant });
        byte[] now = current.Serialize(new V2.Mailing { To = [new V2.Address { Town = "a" }, new V2.Address { Town = "b" }], Note = "now" });
        for (int i = 0; i < 2; i++)
        {
            Assert.That(reader.Deserialize<V2.Mailing>(now).To!.Select(a => a.Town), Is.EqualTo(new[] { "a", "b" }));
        }

        V2.Mailing old = reader.Deserialize<V2.Mailing>(Versions.Writer(SlimVersioning.Tolerant).Serialize(
            new V1.Mailing { To = [new V1.Address { City = "x" }, new V1.Address { City = "y" }, new V1.Address { City = "z" }], Note = "old" }));

        Assert.That(old.To, Has.Count.EqualTo(3));
        Assert.That(old.To!.Select(a => a.Town), Is.All.Null, "the old Address's City is not read as the new Town");
        Assert.That(old.Note, Is.EqualTo("old"));
        Assert.That(reader.Deserialize<V2.Mailing>(now).To!.Select(a => a.Town), Is.EqualTo(new[] { "a", "b" }));
    }

    [Test]
    public void Tolerant_OldBytesOfAnObjectTypedField_AreMappedToo()
    {
        var holder = new object[] { new V1.Address { City = "c" }, Versions.SampleV1() };
        byte[] bytes = Versions.Writer(SlimVersioning.Tolerant).Serialize(holder);

        var copy = (object[])Versions.Reader().Deserialize(bytes)!;

        Assert.That(copy[0], Is.InstanceOf<V2.Address>());
        Assert.That(((V2.Order)copy[1]).Id, Is.EqualTo(7L));
    }

    [Test]
    public void Tolerant_SameVersion_RoundTripsTheWholeGraph()
    {
        var slim = new SlimSerializer(SlimOptions.Default with
        {
            Versioning = SlimVersioning.Tolerant, TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V1"),
        });
        V1.Order order = Versions.SampleV1();
        var graph = new object[] { order, new V1.Holder { P = new V1.Point { X = 3, Y = 4 }, Name = "h" }, order.Aliases!, new V1.Gadget { Size = 2 } };

        GraphAssert.AreEquivalent(graph, slim.Deserialize(slim.Serialize(graph)));
    }

    [Test]
    public void Tolerant_ModelsOfTheSuite_RoundTrip()
    {
        var slim = RoundTrip.NewSerializer(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant });
        var parent = new Perzon { FirstName = "Ann" };
        var perzon = new Perzon { FirstName = "Bob", Parent = parent, Names1 = ["x"] };

        RoundTrip.Check(perzon, slim);
        RoundTrip.Check(new object[] { perzon, parent, new Drawing { Main = new Circle { R = 1 }, Pet = new Dog { Name = "d" } } }, slim);
    }

    [Test]
    public void Tolerant_NarrowedMemberWhoseValueFits_IsConverted()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Tolerant).Serialize(new V1.Order { Count = 5 });
        SlimSerializer reader = Versions.Reader(TypeRegistryMode.PerCall, new SlimFormerName(typeof(V1.Order).FullName!, typeof(V2.NarrowOrder)));

        Assert.That(reader.Deserialize<V2.NarrowOrder>(bytes)!.Count, Is.EqualTo(5));
    }

    [Test]
    public void Tolerant_NarrowedMemberWhoseValueDoesNotFit_ThrowsNamingMemberValueAndTypes()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Tolerant).Serialize(new V1.Order { Count = 1L << 40 });
        SlimSerializer reader = Versions.Reader(TypeRegistryMode.PerCall, new SlimFormerName(typeof(V1.Order).FullName!, typeof(V2.NarrowOrder)));

        var error = Assert.Throws<SlimLayoutMismatchException>(() => reader.Deserialize<V2.NarrowOrder>(bytes))!;

        Assert.That(error.Member, Is.EqualTo("Count"));
        Assert.That(error.Message, Does.Contain("System.Int64").And.Contain("System.Int32").And.Contain("1099511627776"));
    }

    [Test]
    public void Tolerant_ChangedStruct_ThrowsNamingTheStruct()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Tolerant).Serialize(new V1.Holder { P = new V1.Point { X = 1 } });

        var error = Assert.Throws<SlimLayoutMismatchException>(() => Versions.Reader().Deserialize<V2.Holder>(bytes))!;

        Assert.That(error.TypeName, Does.Contain("V2.Point"));
    }

    [Test]
    public void Tolerant_Batch_LayoutsCrossOncePerConnection_ThenNoGrowthOverStrict()
    {
        SlimSerializer strict = Versions.Writer(SlimVersioning.Strict, TypeRegistryMode.Batch);
        SlimSerializer tolerant = Versions.Writer(SlimVersioning.Tolerant, TypeRegistryMode.Batch);
        SlimSerializer reader = Versions.Reader(TypeRegistryMode.Batch);
        var sizes = new List<(int Strict, int Tolerant)>();
        for (int i = 0; i < 3; i++)
        {
            V1.Order order = Versions.SampleV1();
            order.Id = i;
            byte[] bytes = tolerant.Serialize(order);
            sizes.Add((strict.Serialize(order).Length, bytes.Length));
            Assert.That(reader.Deserialize<V2.Order>(bytes).Id, Is.EqualTo(i));
        }

        Assert.That(sizes[0].Tolerant, Is.GreaterThan(sizes[0].Strict), "the first message carries member lists");
        Assert.That(sizes[1].Tolerant, Is.EqualTo(sizes[1].Strict), "later messages: 0 bytes of growth");
        Assert.That(sizes[2].Tolerant, Is.EqualTo(sizes[2].Strict));
    }

    [Test]
    public void Tolerant_PlansAreCompiledOncePerLayout()
    {
        SlimSerializer writer = Versions.Writer(SlimVersioning.Tolerant);
        SlimSerializer reader = Versions.Reader();
        byte[] bytes = writer.Serialize(Versions.SampleV1());

        reader.Deserialize<V2.Order>(bytes);
        int plans = reader.Layouts.PlanCount;
        for (int i = 0; i < 5; i++)
        {
            reader.Deserialize<V2.Order>(bytes);
        }

        Assert.That(plans, Is.EqualTo(2), "one plan for Order, one for Address");
        Assert.That(reader.Layouts.PlanCount, Is.EqualTo(plans));
    }

    [Test]
    public void Tolerant_RenamedType_ResolvesThroughItsDeclaredFormerName()
    {
        byte[] bytes = Versions.Writer(SlimVersioning.Tolerant).Serialize(new V1.Gadget { Size = 9 });
        // The old build called it V1.Gidget (same length as the loaded V1.Gadget, so the bytes can be edited in place).
        byte[] renamed = Replace(bytes, "V1.Gadget", "V1.Gidget");
        var reader = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(V2.Widget)) });

        V2.Widget widget = reader.Deserialize<V2.Widget>(renamed);

        Assert.That(widget.Size, Is.EqualTo(9));
        Assert.That(widget.Label, Is.EqualTo("new"));
        var strictReader = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V1") });
        Assert.Throws<SlimTypeNotAllowedException>(() => strictReader.Deserialize(renamed), "the policy still decides");
    }

    private static byte[] Replace(byte[] bytes, string from, string to)
    {
        string hex = Convert.ToHexString(bytes);
        string fromHex = Convert.ToHexString(System.Text.Encoding.UTF8.GetBytes(from));
        Assert.That(hex, Does.Contain(fromHex));
        return Convert.FromHexString(hex.Replace(fromHex, Convert.ToHexString(System.Text.Encoding.UTF8.GetBytes(to))));
    }
}
