using Orleans;

namespace NFX.Tests.Orleans.Model;

/// <summary>An Orleans-annotated type (its generated codec serves it) holding an unannotated one (Slim's).</summary>
[GenerateSerializer]
public sealed class Annotated
{
    [Id(0)] public string Name { get; set; } = string.Empty;

    [Id(1)] public Node? Node { get; set; }
}

[GenerateSerializer]
public sealed class MixedReply
{
    [Id(0)] public Annotated? Annotated { get; set; }

    [Id(1)] public Node? Node { get; set; }

    [Id(2)] public bool SameNode { get; set; }
}
