namespace NFX.Perf.Workloads.Graph;

/// <summary>The complex cross-referenced graph (over 50,000 objects, arrays, lists, dictionaries, cycles).</summary>
public sealed class GraphWorkload(int seed = Workload.DefaultSeed) : Workload(seed)
{
    /// <summary>Departments in the company.</summary>
    public const int Departments = 100;

    /// <summary>Employees per department.</summary>
    public const int EmployeesPerDepartment = 100;

    /// <summary>Projects spanning departments.</summary>
    public const int Projects = 500;

    /// <inheritdoc/>
    public override string Key => "graph";

    /// <inheritdoc/>
    public override string Title => "Complex graph (company, cross-referenced)";

    /// <inheritdoc/>
    public override string Description =>
        $"A company of {Departments} departments x {EmployeesPerDepartment} employees (back-pointers, manager, mutual peers, " +
        $"shared offices), {Projects} projects with members across departments, a Dictionary<int, Employee> index; " +
        "about 52,000 objects besides strings. One op = the whole graph.";

    /// <inheritdoc/>
    public override WorkloadTraits Traits => WorkloadTraits.SharedReferences | WorkloadTraits.Cycles;

    /// <inheritdoc/>
    public override IReadOnlyList<object> CreateRoots() =>
        [CompanyGenerator.Create(new Random(Seed), Departments, EmployeesPerDepartment, Projects)];
}
