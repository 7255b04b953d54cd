namespace NFX.Slim;

/// <summary>
/// Thrown when a member or type cannot be serialized (a live delegate, a pointer, a ref struct, a type marked
/// [SlimNotSerializable]). When the serializer can find where the offending object sits in the graph, it wraps this in
/// a <see cref="SlimSerializationException"/> whose message starts with that path, e.g.
/// <c>Order.Customer.Changed: delegates cannot be serialized</c>.
/// </summary>
public sealed class SlimUnsupportedMemberException : SlimSerializationException
{
    /// <summary>Creates an exception for <paramref name="member"/> (Type.Field, or a type name).</summary>
    public SlimUnsupportedMemberException(string member, string reason) : base($"{member}: {reason}")
    {
        Member = member.Contains('.') ? member[(member.IndexOf('.') + 1)..] : member;
        Reason = reason;
    }

    /// <summary>The member at fault, without its declaring type (for example <c>Changed</c>).</summary>
    public string Member { get; }

    /// <summary>Why it cannot be serialized.</summary>
    public string Reason { get; }

    /// <summary>Set when a whole type is refused (not one member), so the path can lead to an instance of it.</summary>
    internal Type? RefusedType { get; init; }
}
