using NFX.Slim.CodeGen;

namespace NFX.Slim.Layouts;

/// <summary>
/// A writer's layout of a class that differs from the local one, as its type entry delivered it: the reading codec is
/// taken from the catalog (compiled once per distinct layout) when the first object of the type is announced.
/// </summary>
internal sealed class LayoutPlan(LocalLayout local, RemoteMember[] members)
{
    public LocalLayout Local { get; } = local;

    public RemoteMember[] Members { get; } = members;

    /// <summary>The reading codec, once the first object of the type needed it.</summary>
    public SlimCodec? Codec { get; set; }
}
