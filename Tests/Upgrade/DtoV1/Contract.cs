using NFX.Glue;

namespace Upgrade;

/// <summary>The contract, identical in both releases.</summary>
[Glued]
public interface IOrders
{
    /// <summary>The server checks what it received and answers "ok" or what differs.</summary>
    Task<string> Inspect(Order order);

    /// <summary>The server builds a receipt in its own version of the types.</summary>
    Task<Receipt> Issue(string code);
}

/// <summary>Release 1.</summary>
public sealed class Address
{
    public string? City;
}

/// <summary>Release 1: Id is an int, Weight a float, Aliases exists (release 2 drops it).</summary>
public sealed class Order
{
    public int Id;
    public string? Customer;
    public List<string>? Aliases;
    public Address? Ship;
    public object? Extra;
    public Order? Parent;
    public float Weight;
}

/// <summary>Release 1: has Notes (release 2 replaced it by Currency).</summary>
public sealed class Receipt
{
    public string? Code;
    public List<string>? Notes;
    public Address? Ship;
    public object? Extra;
    public Receipt? Self;
}

/// <summary>What a release-1 client does against any server, and what it expects back.</summary>
public static class Scenario
{
    public static async Task<string> Run(IOrders orders)
    {
        var order = new Order
        {
            Id = 42, Customer = "Acme", Aliases = ["a", "b"], Ship = new Address { City = "Springfield" },
            Extra = new Address { City = "Shelbyville" }, Weight = 2.5f,
        };
        order.Parent = order;
        string inspected = await orders.Inspect(order).ConfigureAwait(false);
        if (inspected != "ok")
        {
            return "server saw: " + inspected;
        }
        Receipt receipt = await orders.Issue("R-1").ConfigureAwait(false);
        var errors = new List<string>();
        if (receipt.Code != "R-1")
        {
            errors.Add($"Code = {receipt.Code}");
        }
        if (receipt.Notes is not null)
        {
            errors.Add("Notes should keep its default (the server has none)");
        }
        if (receipt.Ship?.City != "Springfield")
        {
            errors.Add($"Ship.City = {receipt.Ship?.City}");
        }
        if (receipt.Extra is not Address { City: "Shelbyville" })
        {
            errors.Add($"Extra = {receipt.Extra}");
        }
        if (!ReferenceEquals(receipt.Self, receipt))
        {
            errors.Add("Self is not the receipt itself");
        }
        return errors.Count == 0 ? "ok" : string.Join("; ", errors);
    }
}
