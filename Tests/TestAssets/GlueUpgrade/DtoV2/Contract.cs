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

/// <summary>Release 2: adds Zip.</summary>
public sealed class Address
{
    public string? City;
    public string Zip = "00000";
}

/// <summary>Release 2: Id widened to long, Weight to double, Aliases dropped, Currency added.</summary>
public sealed class Order
{
    public long Id;
    public string? Customer;
    public string Currency = "EUR";
    public Address? Ship;
    public object? Extra;
    public Order? Parent;
    public double Weight;
}

/// <summary>Release 2: Notes dropped, Currency added.</summary>
public sealed class Receipt
{
    public string? Code;
    public string Currency = "EUR";
    public Address? Ship;
    public object? Extra;
    public Receipt? Self;
}

/// <summary>A release-2 server.</summary>
public sealed class Service : IOrders
{
    public Task<string> Inspect(Order order)
    {
        var errors = new List<string>();
        if (order.Id != 42L)
        {
            errors.Add($"Id = {order.Id}");
        }
        if (order.Customer != "Acme")
        {
            errors.Add($"Customer = {order.Customer}");
        }
        if (order.Currency != "EUR")
        {
            errors.Add($"Currency = {order.Currency} (the client has none: the initializer's value expected)");
        }
        if (order.Ship is not { City: "Springfield", Zip: "00000" })
        {
            errors.Add($"Ship = {order.Ship?.City}/{order.Ship?.Zip}");
        }
        if (order.Extra is not Address { City: "Shelbyville", Zip: "00000" })
        {
            errors.Add($"Extra = {order.Extra}");
        }
        if (!ReferenceEquals(order.Parent, order))
        {
            errors.Add("Parent is not the order itself");
        }
        if (order.Weight != 2.5)
        {
            errors.Add($"Weight = {order.Weight}");
        }
        return Task.FromResult(errors.Count == 0 ? "ok" : string.Join("; ", errors));
    }

    public Task<Receipt> Issue(string code)
    {
        var receipt = new Receipt
        {
            Code = code, Currency = "USD", Ship = new Address { City = "Springfield", Zip = "12345" }, Extra = new Address { City = "Shelbyville" },
        };
        receipt.Self = receipt;
        return Task.FromResult(receipt);
    }

    public Task<Order> Lookup(int id)
    {
        var order = new Order { Id = id, Customer = "Acme", Currency = "USD", Ship = new Address { City = "Springfield", Zip = "12345" }, Weight = 2.5 };
        order.Parent = order;
        return Task.FromResult(order);
    }

    /// <summary>What a release-1 client sent, seen through release 2: Notes dropped, Currency and Zip at their initializers.</summary>
    public Task<Receipt> Confirm(Receipt receipt)
    {
        bool ok = receipt.Currency == "EUR" && receipt.Ship is { City: "Capital", Zip: "00000" } &&
                  receipt.Extra is Address { City: "Ogdenville", Zip: "00000" } && ReferenceEquals(receipt.Self, receipt);
        receipt.Code = ok ? receipt.Code + " confirmed" : $"server saw: Currency {receipt.Currency}, Ship {receipt.Ship?.City}/{receipt.Ship?.Zip}, Extra {receipt.Extra}";
        receipt.Currency = "USD";
        return Task.FromResult(receipt);
    }
}
