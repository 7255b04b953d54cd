namespace NFX.Slim;

public sealed partial class SlimSerializer
{
    /// <summary>
    /// Whether a message read by this serializer (<see cref="Deserialize(byte[])"/> and the other untyped reads) may
    /// name <paramref name="type"/>: its <see cref="SlimOptions.TypePolicy"/>, known and registered types, and the
    /// deny-list, exactly as the reader applies them. Hosts that keep an allow-list of their own (Orleans' type filter)
    /// ask this so that theirs and Slim's agree.
    /// </summary>
    /// <param name="type">The type to check.</param>
    /// <param name="reason">Why not, when the answer is false (the text of the <see cref="SlimTypeNotAllowedException"/> a read would throw).</param>
    public bool AllowsType(Type type, out string? reason)
    {
        ArgumentNullException.ThrowIfNull(type);
        reason = _admission.Reason(type);
        return reason is null;
    }
}
