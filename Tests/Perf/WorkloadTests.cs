using System.Reflection;
using NFX.Perf.Verification;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Arrays;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Tests.Perf;

public sealed class WorkloadTests
{
    private static IEnumerable<TestCaseData> SmallWorkloads()
    {
        yield return Case(seed => new PerzonWorkload(seed));
        yield return Case(seed => new PerzonLoopWorkload(300, seed));
        yield return Case(seed => new GraphWorkload(seed));
        yield return Case(seed => new DtoWorkload(seed));
        yield return Case(seed => new OrderWorkload(seed));
        yield return Case(seed => PrimitiveArrayWorkload.Int32(1000, seed));
        yield return Case(seed => PrimitiveArrayWorkload.Double(1000, seed));
        yield return Case(seed => PrimitiveArrayWorkload.Bytes(1000, seed));
        yield return Case(seed => new LinkedListWorkload(1000, seed));

        static TestCaseData Case(Func<int, Workload> create) => new TestCaseData(create).SetArgDisplayNames(create(1).Key);
    }

    [TestCaseSource(nameof(SmallWorkloads))]
    public void CreateRoots_SameSeedTwice_GivesEqualGraphs(Func<int, Workload> create)
    {
        IReadOnlyList<object> first = create(42).CreateRoots();
        IReadOnlyList<object> second = create(42).CreateRoots();

        Assert.That(second, Has.Count.EqualTo(first.Count));
        for (int i = 0; i < first.Count; i++)
        {
            Assert.That(ReferenceEquals(first[i], second[i]), Is.False);
            GraphComparison comparison = GraphComparer.Compare(first[i], second[i]);
            Assert.That(comparison.AreEqual, Is.True, $"root #{i}: {comparison.Difference}");
        }
    }

    [TestCaseSource(nameof(SmallWorkloads))]
    public void CreateRoots_DifferentSeeds_GiveDifferentGraphs(Func<int, Workload> create)
    {
        object first = create(1).CreateRoots()[0];
        object second = create(2).CreateRoots()[0];

        Assert.That(GraphComparer.Compare(first, second).AreEqual, Is.False);
    }

    [Test]
    public void Perzon_Fields_MatchTheAncestorsRecordFieldForField()
    {
        string[] expected =
        [
            "String FirstName", "String MiddleName", "String LastName", "Perzon Parent", "Int32 Age1", "Int32 Age2",
            "Nullable`1[Int32] Age3", "Nullable`1[Int32] Age4", "Double Salary1", "Nullable`1[Double] Salary2", "Guid ID1",
            "Nullable`1[Guid] ID2", "Nullable`1[Guid] ID3", "List`1[String] Names1", "List`1[String] Names2", "Int32 O1",
            "Boolean O2", "DateTime O3", "TimeSpan O4", "Decimal O5",
        ];

        string[] actual = typeof(Perzon).GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)
            .Select(f => $"{Name(f.FieldType)} {f.Name}").ToArray();

        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Perzon_NewInstance_HasTheAncestorsDefaults()
    {
        var perzon = new Perzon();

        Assert.That((perzon.O1, perzon.O2, perzon.O4, perzon.O5), Is.EqualTo((1, true, TimeSpan.FromHours(12), 123.23M)));
        Assert.That(perzon.O3, Is.EqualTo(DateTime.Now).Within(TimeSpan.FromMinutes(5)));
    }

    [Test]
    public void GraphWorkload_Root_HasOver50000ObjectsWithCyclesAndSharedReferences()
    {
        var company = (Company)new GraphWorkload().CreateRoots()[0];

        Assert.That(GraphComparer.Compare(company, company).ObjectCount, Is.GreaterThanOrEqualTo(50_000));
        Department department = company.Departments![3];
        Employee employee = department.Employees![10];
        Assert.That(employee.Department, Is.SameAs(department), "back-pointer");
        Assert.That(department.Company, Is.SameAs(company), "back-pointer");
        Assert.That(employee.Manager, Is.SameAs(department.Head));
        Assert.That(department.Employees.Count(e => e.Peers!.Contains(employee)), Is.GreaterThan(0), "peers are mutual: a cycle");
        Assert.That(employee.Office, Is.SameAs(department.Employees[0].Office), "office shared by the department");
        Assert.That(company.EmployeesById![employee.Id], Is.SameAs(employee));
        Assert.That(company.Projects!.SelectMany(p => p.Members!).Select(m => m.Department!.Id).Distinct().Count(), Is.GreaterThan(10));
    }

    [Test]
    public void PerzonLoopWorkload_CallsPerOp_IsTheCountAndRootsArePooled()
    {
        var workload = new PerzonLoopWorkload(50_000);

        Assert.That(workload.CallsPerOp, Is.EqualTo(50_000));
        Assert.That(workload.CreateRoots(), Has.Count.EqualTo(PerzonLoopWorkload.PoolSize));
        Assert.That(new PerzonLoopWorkload(10).CreateRoots(), Has.Count.EqualTo(10));
    }

    [Test]
    public void LinkedListWorkload_Root_HasExactlyLengthNodes()
    {
        var head = (Node)new LinkedListWorkload(12_345).CreateRoots()[0];

        int count = 0;
        for (Node? n = head; n is not null; n = n.Next)
        {
            count++;
        }

        Assert.That(count, Is.EqualTo(12_345));
    }

    [Test]
    public void DtoWorkload_Root_IsATreeWithoutSharing()
    {
        var question = (Question)new DtoWorkload().CreateRoots()[0];
        var users = new List<User>
        {
            question.Owner!,
        };
        users.AddRange(question.Answers!.Select(a => a.Owner!));
        users.AddRange(question.Answers!.SelectMany(a => a.Comments!).Select(c => c.Owner!));
        users.AddRange(question.Comments!.Select(c => c.Owner!));

        Assert.That(question.Answers, Has.Count.EqualTo(DtoWorkload.Answers));
        Assert.That(users.Distinct(ReferenceEqualityComparer.Instance).Count(), Is.EqualTo(users.Count));
    }

    [Test]
    public void WorkloadCatalog_All_HasTheNineWorkloadsInTableOrder()
    {
        string[] keys = WorkloadCatalog.All(1000).Select(w => w.Key).ToArray();

        Assert.That(keys, Is.EqualTo(new[] { "perzon", "perzon-loop", "graph", "dto", "order", "int-array", "double-array", "byte-array", "linked-list" }));
    }

    private static string Name(Type type) =>
        type.IsGenericType ? $"{type.Name}[{string.Join(",", type.GetGenericArguments().Select(Name))}]" : type.Name;
}
