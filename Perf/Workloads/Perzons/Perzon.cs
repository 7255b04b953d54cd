namespace NFX.Perf.Workloads.Perzons;

/// <summary>The ancestor's benchmark record, field for field (REFERENCE.md section 1).</summary>
[Serializable]
public sealed class Perzon
{
    public string? FirstName;
    public string? MiddleName;
    public string? LastName;
    public Perzon? Parent;
    public int Age1;
    public int Age2;
    public int? Age3;
    public int? Age4;
    public double Salary1;
    public double? Salary2;
    public Guid ID1;
    public Guid? ID2;
    public Guid? ID3;
    public List<string>? Names1;
    public List<string>? Names2;
    public int O1 = 1;
    public bool O2 = true;
    public DateTime O3 = DateTime.Now;
    public TimeSpan O4 = TimeSpan.FromHours(12);
    public decimal O5 = 123.23M;
}
