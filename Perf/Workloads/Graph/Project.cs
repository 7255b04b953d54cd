namespace NFX.Perf.Workloads.Graph;

/// <summary>A project whose members come from several departments (shared references across the tree).</summary>
[Serializable]
public sealed class Project
{
    public int Id;
    public string? Name;
    public Employee? Lead;
    public List<Employee>? Members;
    public Dictionary<string, DateTime>? Milestones;
    public decimal Budget;
}
