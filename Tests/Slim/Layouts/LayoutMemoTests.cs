using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Layouts;

/// <summary>
/// Member lists repeated message after message (PerCall) are copied and compared as bytes instead of encoded and
/// decoded: the bytes and the graphs must be exactly those of a fresh serializer, whatever the registry state.
/// </summary>
public sealed class LayoutMemoTests
{
    [Test]
    public void RepeatedMessages_WriterCopiesTheList_BytesEqualAFreshWriters()
    {
        SlimSerializer writer = Versions.Writer(SlimVersioning.Tolerant);
        V1.Order order = Versions.SampleV1();

        byte[] first = writer.Serialize(order);
        byte[] second = writer.Serialize(order);
        byte[] fresh = Versions.Writer(SlimVersioning.Tolerant).Serialize(order);

        Assert.That(second, Is.EqualTo(first));
        Assert.That(second, Is.EqualTo(fresh));
    }

    [Test]
    public void SameTypeAtAnotherRegistryState_WriterEncodesAgain_BytesEqualAFreshWriters()
    {
        SlimSerializer writer = Versions.Writer(SlimVersioning.Tolerant);
        V1.Order order = Versions.SampleV1();
        object[] shifted = [new V1.Gadget { Size = 1 }, order];   // Order's list now meets a registry that knows Gadget

        for (int round = 0; round < 3; round++)
        {
            Assert.That(writer.Serialize(order), Is.EqualTo(Versions.Writer(SlimVersioning.Tolerant).Serialize(order)), $"round {round}, order alone");
            Assert.That(writer.Serialize(shifted), Is.EqualTo(Versions.Writer(SlimVersioning.Tolerant).Serialize(shifted)), $"round {round}, after a gadget");
        }
    }

    [Test]
    public void RepeatedMessages_AnotherVersion_EveryMessageMapsTheSame()
    {
        SlimSerializer writer = Versions.Writer(SlimVersioning.Tolerant);
        SlimSerializer reader = Versions.Reader();

        for (int round = 0; round < 4; round++)
        {
            V1.Order sample = Versions.SampleV1();
            sample.Id = round;
            // Alternate the registry state the Order list is read against: memo hits and misses both map correctly.
            object? root = reader.Deserialize(writer.Serialize(round % 2 == 0 ? sample : new object[] { new V1.Address { City = "x" }, sample }));
            V2.Order order = root as V2.Order ?? (V2.Order)((object[])root!)[1];

            Assert.That(order.Id, Is.EqualTo((long)round), $"round {round}");
            Assert.That(order.Currency, Is.EqualTo("EUR"), $"round {round}: the writer lacks it");
            Assert.That(order.Weight, Is.EqualTo(1.5), $"round {round}: widened");
            Assert.That(order.Parent, Is.SameAs(order), $"round {round}: the cycle");
            Assert.That(order.Extra, Is.EqualTo(new List<string> { "a", "b" }), $"round {round}: reached through a dropped member");
        }
    }

    [Test]
    public void RepeatedMessages_SameVersion_EqualToAFreshReadersGraph()
    {
        var options = SlimOptions.Default with
        {
            Versioning = SlimVersioning.Tolerant, TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V1"),
        };
        var slim = new SlimSerializer(options);
        var holder = new V1.Holder { P = new V1.Point { X = 3, Y = 4 }, Name = "h" };

        for (int round = 0; round < 3; round++)
        {
            object[] graph = [Versions.SampleV1(), holder, new V1.Gadget { Size = round }];
            byte[] bytes = slim.Serialize(graph);
            GraphAssert.AreEquivalent(graph, slim.Deserialize(bytes));
            GraphAssert.AreEquivalent(new SlimSerializer(options).Deserialize(bytes), slim.Deserialize(bytes));
        }
    }

    [Test]
    public void RepeatedMessages_FromAStream_ReadLikeFromAnArray()
    {
        SlimSerializer writer = Versions.Writer(SlimVersioning.Tolerant);
        SlimSerializer reader = Versions.Reader();
        byte[] bytes = writer.Serialize(Versions.SampleV1());
        reader.Deserialize(bytes); // the memo now holds the list

        using var stream = new MemoryStream();
        writer.Serialize(stream, Versions.SampleV1());
        stream.Position = 0;
        var order = reader.Deserialize<V2.Order>(stream);

        Assert.That(order.Id, Is.EqualTo(7L));
        Assert.That(order.Parent, Is.SameAs(order));
    }

    [Test]
    public void MemoizedList_FollowedByATruncatedBody_StillFailsAsFormat()
    {
        SlimSerializer writer = Versions.Writer(SlimVersioning.Tolerant);
        SlimSerializer reader = Versions.Reader();
        byte[] bytes = writer.Serialize(Versions.SampleV1());
        reader.Deserialize(bytes);

        Assert.Throws<SlimFormatException>(() => reader.Deserialize(bytes.AsSpan(0, bytes.Length - 3).ToArray()));
        Assert.That(reader.Deserialize<V2.Order>(bytes).Id, Is.EqualTo(7L), "a failed message leaves the memo usable");
    }

    [Test]
    public void WarmedMemo_ForgedLayouts_StillThrowTheDocumentedException()
    {
        var reader = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(LayoutGolden.Pair)) });
        byte[] valid = new SlimSerializer(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant }).Serialize(new LayoutGolden.Pair { A = 7, B = "x" });

        foreach (TestCaseData forged in LayoutWireTests.Forged())
        {
            Assert.That(reader.Deserialize<LayoutGolden.Pair>(valid).A, Is.EqualTo(7), "the memo holds the valid list");
            byte[] bytes = Security.Support.Wire.Message(reader, (Action<NFX.IO.SlimWriter>)forged.Arguments[0]!);

            Exception? error = Assert.Catch<SlimDeserializationException>(() => reader.Deserialize<LayoutGolden.Pair>(bytes), forged.TestName ?? "forged");

            Assert.That(error!.GetType(), Is.EqualTo((Type)forged.Arguments[1]!), forged.TestName);
        }
    }

    [Test]
    public void ValidListThenForgedBody_MemoReplayed_BodyStillChecked()
    {
        var reader = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(LayoutGolden.Pair)) });
        byte[] valid = new SlimSerializer(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant }).Serialize(new LayoutGolden.Pair { A = 7, B = "x" });
        reader.Deserialize<LayoutGolden.Pair>(valid);
        byte[] forged = (byte[])valid.Clone();
        forged[^3] = 0x7F; // B's handle: a back-reference far beyond the pool

        var error = Assert.Throws<SlimDeserializationException>(() => reader.Deserialize<LayoutGolden.Pair>(forged))!;

        Assert.That(error.Message, Does.Contain("Back-reference"));
    }
}
