namespace NFX.Tests.Glue.Support;

/// <summary>Which link a Glue test runs over: the same suite runs over both.</summary>
public enum GlueTransportKind
{
    Tcp,
    Memory,
}
