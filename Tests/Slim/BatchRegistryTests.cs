using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// In Batch mode both ends must register the same types in the same order, message after message (the header's
/// registry checksum proves it). Types whose entries nest new entries - an array of arrays, a generic over a new
/// generic or array - register their parts first; every later message must still read.
/// </summary>
public sealed class BatchRegistryTests
{
    private static (SlimSerializer Writer, SlimSerializer Reader) NewPair()
    {
        var options = new SlimOptions { RegistryMode = TypeRegistryMode.Batch };
        return (RoundTrip.NewSerializer(options), RoundTrip.NewSerializer(options));
    }

    private static IEnumerable<TestCaseData> NestedNewTypes()
    {
        yield return new TestCaseData((Func<int, object>)(i => new Node[][] { [new Node { Name = $"a{i}" }, new Node()], [new Node()] }))
            .SetName("Batch_ArrayOfArrays_EveryMessageReads");
        yield return new TestCaseData((Func<int, object>)(i => new Dictionary<string, List<Node[]>> { [$"k{i}"] = [[new Node { Name = "n" }]] }))
            .SetName("Batch_GenericOverNewGenericOverNewArray_EveryMessageReads");
        yield return new TestCaseData((Func<int, object>)(i => new List<int[,]>[] { [new int[2, 2] { { i, 1 }, { 2, 3 } }] }))
            .SetName("Batch_ArrayOfGenericOverMultiDimArray_EveryMessageReads");
    }

    [TestCaseSource(nameof(NestedNewTypes))]
    public void Batch_NestedNewTypeEntries_RegistriesStayInStep(Func<int, object> message)
    {
        (SlimSerializer writer, SlimSerializer reader) = NewPair();
        for (int i = 0; i < 4; i++)
        {
            object original = message(i);
            object copy = reader.Deserialize<object>(writer.Serialize(original))!;
            GraphAssert.AreEquivalent(original, copy);
        }
        var later = new List<Node[][]> { new[] { new[] { new Node { Name = "later" } } } };
        GraphAssert.AreEquivalent(later, reader.Deserialize<object>(writer.Serialize(later)));
    }
}
