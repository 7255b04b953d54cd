namespace NFX.Perf.Workloads.Graph;

/// <summary>A department's office; every employee of the department shares the same instance.</summary>
[Serializable]
public sealed class Address
{
    public string? Street;
    public string? City;
    public string? Zip;
    public double Latitude;
    public double Longitude;
}
