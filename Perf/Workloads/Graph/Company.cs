namespace NFX.Perf.Workloads.Graph;

/// <summary>Root of the complex graph: departments, projects across departments and an index of employees.</summary>
[Serializable]
public sealed class Company
{
    public string? Name;
    public DateTime Founded;
    public Department[]? Departments;
    public List<Project>? Projects;
    public Dictionary<int, Employee>? EmployeesById;
    public string[]? Tags;
}
