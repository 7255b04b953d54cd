namespace OrleansUpgrade;

/// <summary>Release 2: Note removed, Tags added (with an initializer).</summary>
public sealed class Order
{
    public string Id = string.Empty;
    public int Quantity;
    public List<string> Tags = ["untagged"];
    public Order? Parent;
    public object? Extra;
}

public static class Release
{
    public const int Number = 2;

    /// <summary>An order made by this release, with a cycle and another order in an object field.</summary>
    public static object Sample()
    {
        var order = new Order { Id = "made-by-2", Quantity = 9, Tags = ["rush", "gift"] };
        order.Parent = order;
        order.Extra = new Order { Id = "extra-2", Quantity = 2, Parent = order };
        return order;
    }

    /// <summary>What this release sees in <paramref name="value"/>.</summary>
    public static string Describe(object value) => value is Order o
        ? $"release {Number}: {o.Id} q={o.Quantity} tags={string.Join(",", o.Tags)} cycle={ReferenceEquals(o.Parent, o)} extra={(o.Extra as Order)?.Id ?? "none"} extraParent={ReferenceEquals((o.Extra as Order)?.Parent, o)}"
        : $"release {Number}: a {value.GetType()}";
}
