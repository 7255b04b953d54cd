using NFX.Slim;

namespace NFX.Tests.Slim
{
    /// <summary>The examples of docs/FORMAT.md ("Slim messages"), byte for byte, so the format cannot drift unnoticed.</summary>
    public sealed class GoldenMessageTests
    {
        private static readonly SlimSerializer s_slim = new(SlimOptions.Default with
        {
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Golden.Node)),
        });

        public static IEnumerable<TestCaseData> Examples()
        {
            yield return new TestCaseData(new object?[] { "hi", "hi", 5, null }, "534C0200123577241829020304020103686904020A0A00").SetName("ObjectArray_SharedString");
            var node = new Golden.Node { Name = "a" };
            node.Next = node;
            yield return new TestCaseData(node, "534C02002B35772418290235100C476F6C64656E2E4E6F64650F4E46582E536C696D2E546573747385331C3001026103").SetName("Node_SelfCycle");
            yield return new TestCaseData(new List<int> { 1, 2 }, "534C02000E35772418290235011F010A020204").SetName("ListOfInt");
            yield return new TestCaseData(42, "534C0200083577241829020A54").SetName("BoxedInt");
            // A culture: its type entry, then inline its name and the flags byte, 00 for the runtime's shared read-only instance.
            yield return new TestCaseData(System.Globalization.CultureInfo.GetCultureInfo("de-DE"), "534C02004735772418290235002153797374656D2E476C6F62616C697A6174696F6E2E43756C74757265496E666F1753797374656D2E507269766174652E436F72654C69620664652D444500").SetName("SharedCulture");
            yield return new TestCaseData(System.Globalization.CultureInfo.InvariantCulture, "534C02004235772418290235002153797374656D2E476C6F62616C697A6174696F6E2E43756C74757265496E666F1753797374656D2E507269766174652E436F72654C69620100").SetName("InvariantCulture");
            yield return new TestCaseData(TwoBranches(), "534C02003835772418290203020235100C476F6C64656E2E4E6F64650F4E46582E536C696D2E546573747385331C300102610101026200023501026300").SetName("ObjectArray_BodiesDepthFirst");
        }

        /// <summary><c>new object[] { a, c }</c> where <c>a.Next</c> is <c>b</c>: the order of bodies shows.</summary>
        private static object[] TwoBranches() =>
            [new Golden.Node { Name = "a", Next = new Golden.Node { Name = "b" } }, new Golden.Node { Name = "c" }];

        private const string Version1TwoBranches = "534C01003835772418290203020235100C476F6C64656E2E4E6F64650F4E46582E536C696D2E546573747385331C300235010261010102630001026200";

        [Test]
        public void Serialize_WriteFormatVersion1_WritesTheVersion1Bytes()
        {
            // For a rolling upgrade: readers of earlier releases read only version 1.
            var slim = new SlimSerializer(SlimOptions.Default with
            {
                TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Golden.Node)),
                WriteFormatVersion = SlimFormatVersion.Version1,
            });
            Assert.That(Convert.ToHexString(slim.Serialize(TwoBranches())), Is.EqualTo(Version1TwoBranches));
        }

        [TestCase(0)]
        [TestCase(3)]
        public void Constructor_UnknownWriteFormatVersion_Throws(int version)
        {
            var error = Assert.Throws<ArgumentOutOfRangeException>(() => _ = new SlimSerializer(SlimOptions.Default with { WriteFormatVersion = (SlimFormatVersion)version }));
            Assert.That(error!.Message, Does.Contain("WriteFormatVersion must be 1 or 2"));
        }

        [Test]
        public void Deserialize_Version1Message_ReadsItsBodiesBreadthFirst()
        {
            // Format version 1 (docs/FORMAT.md, "Bodies") wrote every body from the queue: the array's elements are
            // announced first, then a's body (which announces b), c's body, b's body.
            const string version1 = Version1TwoBranches;
            object[] read = (object[])s_slim.Deserialize(Convert.FromHexString(version1))!;
            Support.GraphAssert.AreEquivalent(TwoBranches(), read);
        }

        [TestCaseSource(nameof(Examples))]
        public void Serialize_DocumentedExample_MatchesGoldenBytes(object value, string hex)
        {
            Assert.That(Convert.ToHexString(s_slim.Serialize(value)), Is.EqualTo(hex));
            Support.GraphAssert.AreEquivalent(value, s_slim.Deserialize(Convert.FromHexString(hex)));
        }
    }
}

namespace Golden
{
    /// <summary>The documented example type: its wire name is short on purpose.</summary>
    public sealed class Node
    {
        public string? Name;
        public Node? Next;
    }
}
