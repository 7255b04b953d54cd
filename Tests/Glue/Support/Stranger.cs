namespace NFX.Tests.Glue.Support;

/// <summary>A type no test contract mentions: type policies refuse it unless it is registered.</summary>
public sealed class Stranger
{
    public string Name { get; set; } = string.Empty;
}
