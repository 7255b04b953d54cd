using NFX.Perf.Benchmarks;
using NFX.Perf.Contenders;
using NFX.Perf.Contenders.Thrift;
using NFX.Perf.Quick;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Arrays;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Tests.Perf;

/// <summary>
/// The wiring of every peer serializer: each round-trips small versions of the workloads it can represent, compared
/// as whole graphs (values, sharing and cycles) by the harness's own verifier, and names the reason for the others.
/// A broken contender (a package upgrade, a mapping that drops a field) fails here rather than in a perf run.
/// </summary>
public sealed class PeerContenderTests
{
    private const string Perzon = "perzon";
    private const string Dto = "dto";
    private const string Loop = "perzon-loop";
    private const string Graph = "graph";
    private const string List = "linked-list";
    private const string Ints = "int-array";
    private const string Bytes = "byte-array";
    private const string Doubles = "double-array";
    private const string Order = "order";

    private static readonly string[] s_trees = [Perzon, Dto, Order, List, Ints, Bytes];
    private static readonly string[] s_all = [Perzon, Dto, Order, Graph, List, Ints, Bytes];

    private static IEnumerable<TestCaseData> Cases()
    {
        foreach (string key in s_all)
        {
            yield return new TestCaseData(MemoryPackContender.ContenderName, key).SetName($"MemoryPack_{key}");
            yield return new TestCaseData(OrleansContender.ContenderName, key).SetName($"Orleans_{key}");
            yield return new TestCaseData(HyperionContender.ContenderName, key).SetName($"Hyperion_{key}");
        }
        foreach (string key in s_trees)
        {
            yield return new TestCaseData(MessagePackContractContender.ContenderName, key).SetName($"MessagePackContract_{key}");
            yield return new TestCaseData(MessagePackTypelessContender.ContenderName, key).SetName($"MessagePackTypeless_{key}");
            yield return new TestCaseData(ProtobufNetContender.ContenderName, key).SetName($"ProtobufNet_{key}");
        }
        foreach (string key in new[] { Perzon, Loop, Dto })
        {
            yield return new TestCaseData(MemoryPackReferencesContender.ContenderName, key).SetName($"MemoryPackReferences_{key}");
        }
        foreach (string key in new[] { Perzon, Dto, Order, Ints, Bytes })
        {
            yield return new TestCaseData(ThriftBinaryContender.ContenderName, key).SetName($"ThriftBinary_{key}");
            yield return new TestCaseData(ThriftCompactContender.ContenderName, key).SetName($"ThriftCompact_{key}");
        }
        foreach (string key in new[] { Perzon, Loop, Dto, Order, Graph, Ints, Doubles, Bytes })
        {
            yield return new TestCaseData(NerdbankMessagePackContender.ContenderName, key).SetName($"Nerdbank_{key}");
        }
        foreach (string key in new[] { Perzon, Loop, Dto, Order, Graph, List, Ints, Doubles, Bytes })
        {
            yield return new TestCaseData(SystemTextJsonGeneratedContender.ContenderName, key).SetName($"SystemTextJsonGenerated_{key}");
            yield return new TestCaseData(SlimGeneratedContender.ContenderName, key).SetName($"SlimGenerated_{key}");
        }
    }

    [TestCaseSource(nameof(Cases))]
    public void RoundTrip_SmallWorkload_GivesAnEqualGraph(string contenderName, string workloadKey)
    {
        Contender contender = ContenderCatalog.Find(contenderName)!;
        (Workload workload, IReadOnlyList<object> roots) = Small(workloadKey);

        Assert.That(contender.CannotHandle(workload), Is.Null);
        Verifier.Outcome outcome = Verifier.Run(contender, workload, roots);

        Assert.That(outcome.Failure, Is.Null);
        Assert.That(outcome.Payloads.Select(p => p.Length), Is.All.GreaterThan(0));
    }

    [Test]
    public void RoundTrip_GraphThroughMemoryPack_KeepsSharedOfficesAndCycles()
    {
        Contender contender = ContenderCatalog.Find(MemoryPackContender.ContenderName)!;
        (Workload workload, IReadOnlyList<object> roots) = Small(Graph);
        contender.Setup(workload, roots);

        var copy = (Company)contender.ToModel(contender.Deserialize(contender.Serialize(contender.Prepare(roots[0]))))!;

        Department department = copy.Departments![1];
        Assert.That(department.Employees![2].Office, Is.SameAs(department.Office));
        Assert.That(department.Employees[2].Department, Is.SameAs(department));
        Assert.That(department.Company, Is.SameAs(copy));
    }

    [Test]
    public void RoundTrip_DtoWithASharedUser_KeepsItSharedOnlyThroughMemoryPackReferences()
    {
        (Workload workload, IReadOnlyList<object> roots) = Small(Dto);
        var question = (Question)roots[0];
        question.Answers![0].Owner = question.Owner;

        Verifier.Outcome tracked = Verifier.Run(ContenderCatalog.Find(MemoryPackReferencesContender.ContenderName)!, workload, roots);
        Verifier.Outcome plain = Verifier.Run(ContenderCatalog.Find(MemoryPackContender.ContenderName)!, workload, roots);

        Assert.That(tracked.Failure, Is.Null);
        Assert.That(plain.Failure, Is.Not.Null, "plain MemoryPack on the tree copies writes the shared user twice");
    }

    [Test]
    public void Benchmarks_EachSuite_ListsMemoryPackReferencesOnlyOnDtoAndPerzon()
    {
        const string Name = MemoryPackReferencesContender.ContenderName;

        Assert.That(new DtoBenchmarks().Contenders(), Does.Contain(Name).And.Contain(MemoryPackContender.ContenderName));
        Assert.That(new PerzonBenchmarks().Contenders(), Does.Contain(Name));
        Assert.That(new PerzonLoopBenchmarks().Contenders(), Does.Contain(Name));
        Assert.That(new GraphBenchmarks().Contenders(), Does.Not.Contain(Name).And.Contain(MemoryPackContender.ContenderName));
        Assert.That(new Int32ArrayBenchmarks().Contenders(), Does.Not.Contain(Name));
    }

    [TestCase(MemoryPackReferencesContender.ContenderName, Graph, "GenerateType.CircularReference")]
    [TestCase(MemoryPackReferencesContender.ContenderName, List, "GenerateType.CircularReference")]
    [TestCase(MemoryPackReferencesContender.ContenderName, Ints, "no objects to track")]
    [TestCase(MemoryPackReferencesContender.ContenderName, Bytes, "no objects to track")]
    [TestCase(MessagePackContractContender.ContenderName, Graph, "no reference tracking")]
    [TestCase(MessagePackTypelessContender.ContenderName, Graph, "no reference tracking")]
    [TestCase(ProtobufNetContender.ContenderName, Graph, "AsReference")]
    [TestCase(ThriftBinaryContender.ContenderName, Graph, "no cycles")]
    [TestCase(ThriftCompactContender.ContenderName, List, "recursion limit")]
    [TestCase(MemoryPackReferencesContender.ContenderName, Order, "no reference-tracking copies")]
    public void CannotHandle_WorkloadBeyondThePeer_NamesTheReason(string contenderName, string workloadKey, string reason)
    {
        Contender contender = ContenderCatalog.Find(contenderName)!;

        Assert.That(contender.CannotHandle(Small(workloadKey).Workload), Does.Contain(reason));
    }

    /// <summary>A small instance of workload <paramref name="key"/> and its roots, for round trips that check whole graphs.</summary>
    internal static (Workload Workload, IReadOnlyList<object> Roots) Small(string key)
    {
        var random = new Random(7);
        return key switch
        {
            Perzon => (new PerzonWorkload(), [PerzonGenerator.Create(random)]),
            Dto => (new DtoWorkload(), [QuestionGenerator.Create(random, 4)]),
            Order => (new OrderWorkload(), [OrderGenerator.Create(random)]),
            Loop => (new PerzonLoopWorkload(10), PerzonGenerator.CreateMany(random, 10)),
            Graph => (new GraphWorkload(), [CompanyGenerator.Create(random, 3, 5, 4)]),
            List => (new LinkedListWorkload(200), new LinkedListWorkload(200).CreateRoots()),
            Ints => (PrimitiveArrayWorkload.Int32(300), PrimitiveArrayWorkload.Int32(300).CreateRoots()),
            Doubles => (PrimitiveArrayWorkload.Double(300), PrimitiveArrayWorkload.Double(300).CreateRoots()),
            _ => (PrimitiveArrayWorkload.Bytes(1000), PrimitiveArrayWorkload.Bytes(1000).CreateRoots()),
        };
    }
}
