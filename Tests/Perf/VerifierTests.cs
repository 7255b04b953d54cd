using NFX.Perf.Cloning;
using NFX.Perf.Contenders;
using NFX.Perf.Quick;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Tests.Perf;

public sealed class VerifierTests
{
    /// <summary>Pretends to serialize, then "deserializes" a clone with one field dropped.</summary>
    private sealed class LossyContender : Contender
    {
        private object? _last;

        public override string Name => "lossy";

        public override ReadOnlyMemory<byte> Serialize(object prepared)
        {
            _last = prepared;
            return new byte[] { 1, 2, 3 };
        }

        public override object? Deserialize(ReadOnlyMemory<byte> payload)
        {
            Perzon copy = HandCloner.Clone((Perzon)_last!);
            copy.Parent!.LastName = null;
            return copy;
        }
    }

    private sealed class ThrowingContender : Contender
    {
        public override string Name => "throwing";

        public override ReadOnlyMemory<byte> Serialize(object prepared) => throw new NotImplementedException("not yet");

        public override object? Deserialize(ReadOnlyMemory<byte> payload) => null;
    }

    [Test]
    public void Run_ContenderLosesAField_FailsWithTheFirstDifference()
    {
        var workload = new PerzonWorkload();

        Verifier.Outcome outcome = Verifier.Run(new LossyContender(), workload, workload.CreateRoots());

        Assert.That(outcome.Failure, Does.StartWith("$.Parent.LastName: expected \""));
        Assert.That(outcome.Payloads, Is.Empty);
    }

    [Test]
    public void Run_ContenderThrows_FailsWithTheExceptionTypeAndMessage()
    {
        var workload = new PerzonWorkload();

        Verifier.Outcome outcome = Verifier.Run(new ThrowingContender(), workload, workload.CreateRoots());

        Assert.That(outcome.Failure, Is.EqualTo("NotImplementedException: not yet"));
    }

    [Test]
    public void Run_LossOnOneOfManyRoots_NamesTheRoot()
    {
        var workload = new PerzonLoopWorkload(10);

        Verifier.Outcome outcome = Verifier.Run(new LossyContender(), workload, workload.CreateRoots());

        Assert.That(outcome.Failure, Does.StartWith("root #0: $.Parent"));
    }

    [Test]
    public void Describe_LongRepeatedPath_CollapsesIt()
    {
        string path = "$" + string.Concat(Enumerable.Repeat(".Next", 500));

        string described = Verifier.Describe(new InvalidOperationException("failed at " + path + "."));

        Assert.That(described, Is.EqualTo("InvalidOperationException: failed at $.Next x 500."));
    }

    private static IEnumerable<TestCaseData> FaithfulContenders()
    {
        yield return Case(() => new GoogleProtobufContender(), () => new PerzonWorkload());
        yield return Case(() => new GoogleProtobufContender(), () => new DtoWorkload());
        yield return Case(() => new GoogleProtobufContender(), () => NFX.Perf.Workloads.Arrays.PrimitiveArrayWorkload.Int32(1000));
        yield return Case(() => new MemoryPackReferencesContender(), () => new PerzonWorkload());
        yield return Case(() => new MemoryPackReferencesContender(), () => new PerzonLoopWorkload(50));
        yield return Case(() => new MemoryPackReferencesContender(), () => new DtoWorkload());
        yield return Case(() => new SystemTextJsonContender(), () => new PerzonLoopWorkload(50));
        yield return Case(() => new SystemTextJsonContender(), () => new GraphWorkload());
        yield return Case(() => new DataContractContender(), () => new DtoWorkload());
        // The order (no attributes, auto-properties): the peers that take plain types, and protobuf's mapping of it.
        yield return Case(() => new GoogleProtobufContender(), () => new OrderWorkload());
        yield return Case(() => new DataContractContender(), () => new OrderWorkload());
        yield return Case(() => new SystemTextJsonContender(), () => new OrderWorkload());
        yield return Case(() => new SlimPerCallContender(), () => new OrderWorkload());
        yield return Case(() => new SlimBatchContender(), () => new OrderWorkload());
        yield return Case(() => new MemcpyBaselineContender(), () => NFX.Perf.Workloads.Arrays.PrimitiveArrayWorkload.Double(1000));
        // The Slim contenders' wiring (type policy for the model namespace, Batch priming) on the harness side.
        yield return Case(() => new SlimPerCallContender(), () => new PerzonWorkload());
        yield return Case(() => new SlimPerCallContender(), () => new GraphWorkload());
        yield return Case(() => new SlimBatchContender(), () => new PerzonLoopWorkload(50));
        yield return Case(() => new SlimBatchContender(), () => new DtoWorkload());

        static TestCaseData Case(Func<Contender> contender, Func<Workload> workload) =>
            new TestCaseData(contender, workload).SetArgDisplayNames(contender().Name, workload().Key);
    }

    [TestCaseSource(nameof(FaithfulContenders))]
    public void Run_FaithfulContender_SucceedsWithPayloadPerRoot(Func<Contender> createContender, Func<Workload> createWorkload)
    {
        Workload workload = createWorkload();
        IReadOnlyList<object> roots = workload.CreateRoots();

        Verifier.Outcome outcome = Verifier.Run(createContender(), workload, roots);

        Assert.That(outcome.Failure, Is.Null);
        Assert.That(outcome.Payloads, Has.Length.EqualTo(roots.Count));
        Assert.That(outcome.Payloads.All(p => p.Length > 0), Is.True);
    }

    [Test]
    public void CannotHandle_BinaryFormatterOnTheOrder_NamesTheMissingAttribute()
    {
        Assert.That(new BinaryFormatterContender().CannotHandle(new OrderWorkload()), Does.Contain("not [Serializable]"));
        Assert.That(new BinaryFormatterContender().CannotHandle(new DtoWorkload()), Is.Null);
    }

    [Test]
    public void CannotHandle_ProtobufOnGraph_GivesTheReason()
    {
        Assert.That(new GoogleProtobufContender().CannotHandle(new GraphWorkload()), Is.EqualTo("no cycles or shared references in protobuf"));
    }

    [Test]
    public void CannotHandle_MemoryPackReferencesOnGraph_GivesTheReason()
    {
        Assert.That(new MemoryPackReferencesContender().CannotHandle(new GraphWorkload()),
            Is.EqualTo("the same types and mode as MemoryPack there (its copies already use GenerateType.CircularReference)"));
    }

    [Test]
    public void ContenderCatalog_MemoryPackReferences_FollowsPlainMemoryPack()
    {
        string[] names = ContenderCatalog.All().Select(c => c.Name).ToArray();

        int plain = Array.IndexOf(names, MemoryPackContender.ContenderName);
        Assert.That(plain, Is.GreaterThanOrEqualTo(0));
        Assert.That(names[plain + 1], Is.EqualTo("MemoryPack (references)"));
        Assert.That(ContenderCatalog.Find("MemoryPack"), Is.InstanceOf<MemoryPackContender>());
    }

    [Test]
    public void ContenderCatalog_EveryPeer_IsListedAndNoneIsAPlaceholder()
    {
        string[] names = ContenderCatalog.All().Select(c => c.Name).ToArray();

        Assert.That(names, Is.SupersetOf(new[]
        {
            "protobuf-net", "MessagePack (contract)", "MessagePack (Typeless)", "MemoryPack", "MemoryPack (references)",
            "Thrift (Binary)", "Thrift (Compact)",
            "Hyperion", "Orleans", "BinaryFormatter", "DataContractSerializer", "System.Text.Json", "Google.Protobuf",
        }));
        Assert.That(ContenderCatalog.All().Where(c => !c.IsBaseline).Select(c => c.CannotHandle(new PerzonWorkload())), Is.All.Null);
    }

    [Test]
    public void HandCloner_EachCloneWorkload_GivesAnEqualGraphOfNewObjects()
    {
        foreach (Workload workload in WorkloadCatalog.CloneWorkloads())
        {
            object root = workload.CreateRoots()[0];
            object clone = HandCloner.Clone(root);

            Assert.That(GraphComparer.Compare(root, clone).Difference, Is.Null, workload.Key);
            Assert.That(clone, Is.Not.SameAs(root));
        }
        var company = (Company)new GraphWorkload().CreateRoots()[0];
        Company copy = HandCloner.Clone(company);
        Assert.That(copy.Departments![0].Employees![0], Is.Not.SameAs(company.Departments![0].Employees![0]));
        Assert.That(copy.Departments[0].Office, Is.Not.SameAs(company.Departments[0].Office));
    }
}
