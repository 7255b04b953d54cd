using System.ComponentModel;

namespace NFX.Glue.Generated;

/// <summary>
/// The argument pack of a contract method without parameters (no body is sent for it). Used by the proxies Glue
/// generates; not meant to be used directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public readonly struct GlueNoArgs
{
}
