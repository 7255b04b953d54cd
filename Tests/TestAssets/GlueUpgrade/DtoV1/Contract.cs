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

    /// <summary>The server builds an order in its own version of the types (a release-2 caller gets widened members).</summary>
    Task<Order> Lookup(int id);

    /// <summary>The server checks the receipt it received and sends it back confirmed: a DTO in both directions of one call.</summary>
    Task<Receipt> Confirm(Receipt receipt);
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
        var mine = new Receipt { Code = "R-2", Notes = ["n"], Ship = new Address { City = "Capital" }, Extra = new Address { City = "Ogdenville" } };
        mine.Self = mine;
        Receipt confirmed = await orders.Confirm(mine).ConfigureAwait(false);
        if (confirmed.Code != "R-2 confirmed" || confirmed.Notes is not null || confirmed.Ship?.City != "Capital" ||
            confirmed.Extra is not Address { City: "Ogdenville" } || !ReferenceEquals(confirmed.Self, confirmed))
        {
            errors.Add($"Confirm: {confirmed.Code}, Notes {(confirmed.Notes is null ? "null" : "set")}, Ship {confirmed.Ship?.City}, Extra {confirmed.Extra}");
        }
        return errors.Count == 0 ? "ok" : string.Join("; ", errors);
    }
}

/// <summary>A release-1 server, for the reverse upgrade: a release-2 client calls it.</summary>
public sealed class Service : IOrders
{
    public Task<string> Inspect(Order order) =>
        Task.FromResult(order.Id == 42 && ReferenceEquals(order.Parent, order) ? "ok" : $"Id = {order.Id}");

    public Task<Receipt> Issue(string code)
    {
        var receipt = new Receipt { Code = code, Notes = ["kept on the server"], Ship = new Address { City = "Springfield" }, Extra = new Address { City = "Shelbyville" } };
        receipt.Self = receipt;
        return Task.FromResult(receipt);
    }

    public Task<Order> Lookup(int id)
    {
        var order = new Order
        {
            Id = id, Customer = "Acme", Aliases = ["a", "b"], Ship = new Address { City = "Springfield" },
            Extra = new Address { City = "Shelbyville" }, Weight = 2.5f,
        };
        order.Parent = order;
        return Task.FromResult(order);
    }

    /// <summary>What a release-2 client sent, seen through release 1: Currency and Zip dropped, Notes at its default.</summary>
    public Task<Receipt> Confirm(Receipt receipt)
    {
        var errors = new List<string>();
        if (receipt.Notes is not null)
        {
            errors.Add("Notes should keep its default (the client has none)");
        }
        if (receipt.Ship?.City != "Capital")
        {
            errors.Add($"Ship.City = {receipt.Ship?.City}");
        }
        if (receipt.Extra is not Address { City: "Ogdenville" })
        {
            errors.Add($"Extra = {receipt.Extra}");
        }
        if (!ReferenceEquals(receipt.Self, receipt))
        {
            errors.Add("Self is not the receipt itself");
        }
        receipt.Code = errors.Count == 0 ? receipt.Code + " confirmed" : "server saw: " + string.Join("; ", errors);
        receipt.Notes = ["confirmed by release 1"];
        return Task.FromResult(receipt);
    }
}
