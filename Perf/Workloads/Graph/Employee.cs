namespace NFX.Perf.Workloads.Graph;

/// <summary>An employee: back-pointer to the department, a manager, peers (mutual, so cycles) a shared office and an own home address.</summary>
[Serializable]
public sealed class Employee
{
    public int Id;
    public string? FirstName;
    public string? LastName;
    public string? Email;
    public Department? Department;
    public Employee? Manager;
    public List<Employee>? DirectReports;
    public Employee[]? Peers;
    public Address? Office;
    public Address? Home;
    public int[]? Scores;
    public List<string>? Skills;
    public double Salary;
    public DateTime HiredOn;
    public bool IsActive;
}
