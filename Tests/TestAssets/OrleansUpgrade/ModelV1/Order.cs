namespace OrleansUpgrade;

/// <summary>Release 1: has Note, which release 2 removed; lacks Tags, which release 2 added.</summary>
public sealed class Order
{
    public string Id = string.Empty;
    public int Quantity;
    public string? Note;
    public Order? Parent;
    public object? Extra;
}

public static class Release
{
    public const int Number = 1;

    /// <summary>An order made by this release, with a cycle and another order in an object field.</summary>
    public static object Sample()
    {
        var order = new Order { Id = "made-by-1", Quantity = 7, Note = "only release 1 has notes" };
        order.Parent = order;
        order.Extra = new Order { Id = "extra-1", Quantity = 1, Parent = order };
        return order;
    }

    /// <summary>What this release sees in <paramref name="value"/>.</summary>
    public static string Describe(object value) => value is Order o
        ? $"release {Number}: {o.Id} q={o.Quantity} note={o.Note ?? "null"} cycle={ReferenceEquals(o.Parent, o)} extra={(o.Extra as Order)?.Id ?? "none"} extraParent={ReferenceEquals((o.Extra as Order)?.Parent, o)}"
        : $"release {Number}: a {value.GetType()}";
}
