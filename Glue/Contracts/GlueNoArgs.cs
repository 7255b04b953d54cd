using System.ComponentModel;

namespace NFX.Glue;

/// <summary>Infrastructure for generated proxies: the argument pack of a method without parameters (never sent).</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct GlueNoArgs
{
}
