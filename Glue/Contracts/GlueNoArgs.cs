namespace NFX.Glue.Contracts;

/// <summary>The argument pack of a method without parameters (never sent); generated proxies pass it.</summary>
internal readonly struct GlueNoArgs
{
}
