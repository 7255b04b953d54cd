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
            yield return new TestCaseData(new object?[] { "hi", "hi", 5, null }, "534C0100123577241829020304020103686904020A0A00").SetName("ObjectArray_SharedString");
            var node = new Golden.Node { Name = "a" };
            node.Next = node;
            yield return new TestCaseData(node, "534C01002B35772418290235100C476F6C64656E2E4E6F64650F4E46582E536C696D2E546573747385331C3001026103").SetName("Node_SelfCycle");
            yield return new TestCaseData(new List<int> { 1, 2 }, "534C01000E35772418290235011F010A020204").SetName("ListOfInt");
            yield return new TestCaseData(42, "534C0100083577241829020A54").SetName("BoxedInt");
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
