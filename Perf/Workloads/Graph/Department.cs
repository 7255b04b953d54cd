namespace NFX.Perf.Workloads.Graph;

/// <summary>A department: points back to its company; its employees point back to it (cycles).</summary>
[Serializable]
public sealed class Department
{
    public int Id;
    public string? Name;
    public Company? Company;
    public Employee? Head;
    public List<Employee>? Employees;
    public Address? Office;
    public decimal Budget;
}
