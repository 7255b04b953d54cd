namespace NFX.Tests.Security.Outside;

#pragma warning disable CA1051

/// <summary>A type outside every namespace the tests allow: it must be refused unless something vouches for it.</summary>
public sealed class NotAllowed
{
    public int Secret;
}
