namespace NFX.Tests.Glue.Support;

/// <summary>A small object graph for round trips: a parent link and a list of friends (shared references, cycles).</summary>
public sealed class Person
{
    public string Name { get; set; } = string.Empty;

    public int Age { get; set; }

    public Person? Parent { get; set; }

    public List<Person> Friends { get; set; } = new();
}
