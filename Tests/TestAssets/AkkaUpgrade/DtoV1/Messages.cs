using Akka.Actor;

namespace AkkaUpgrade;

/// <summary>Release 1.</summary>
public sealed class Address
{
    public string? City;
}

/// <summary>Release 1: Id int and Weight float (widened in release 2), Aliases (dropped in release 2).</summary>
public sealed class Order
{
    public int Id;
    public string? Customer;
    public List<string> Aliases = [];
    public Address? Ship;
    public object? Extra;
    public Order? Parent;
    public float Weight;
}

/// <summary>Release 1: has Notes (dropped in release 2); release 2 adds Currency.</summary>
public sealed class Receipt
{
    public string? Code;
    public List<string> Notes = [];
    public Address? To;
    public Receipt? Self;
}

/// <summary>This release's actor: inspects an order of the other release, builds an order of its own, confirms a receipt.</summary>
public sealed class Desk : ReceiveActor
{
    public Desk()
    {
        Receive<Order>(order => Sender.Tell(Scenario.Inspect(order)));
        Receive<int>(id => Sender.Tell(Scenario.MakeOrder(id)));
        Receive<Receipt>(receipt =>
        {
            string verdict = receipt.Code == "R-2" && receipt.To?.City == "Ogdenville" && receipt.Self == receipt && receipt.Notes.Count == 0
                ? "ok" : $"release 1 got receipt {receipt.Code}/{receipt.To?.City}/{receipt.Self == receipt}/{receipt.Notes.Count}";
            Sender.Tell(new Receipt { Code = receipt.Code + "!" + verdict, Notes = ["from release 1"], To = receipt.To, Self = null });
        });
    }
}

public static class Scenario
{
    public const int Release = 1;

    public static Order MakeOrder(int id)
    {
        var order = new Order
        {
            Id = id, Customer = "Acme", Aliases = ["a"], Weight = 2.5f, Ship = new Address { City = "Springfield" },
            Extra = new Address { City = "Shelbyville" },
        };
        order.Parent = order;
        return order;
    }

    /// <summary>Release 1 never receives a release-2 Order (its widened Id cannot narrow); kept for symmetry.</summary>
    public static string Inspect(Order order) => order.Id == 7 ? "ok" : $"release 1 got order {order.Id}";

    /// <summary>Release 1 as the client of a release-2 desk: an order (widened there) and a receipt both ways.</summary>
    public static async Task<string> Run(IActorRef desk)
    {
        TimeSpan timeout = TimeSpan.FromSeconds(60);
        string inspected = await desk.Ask<string>(MakeOrder(7), timeout);
        if (inspected != "ok")
        {
            return "release 2 inspected: " + inspected;
        }
        var mine = new Receipt { Code = "R-1", Notes = ["n"], To = new Address { City = "Capital City" } };
        mine.Self = mine;
        Receipt back = await desk.Ask<Receipt>(mine, timeout);
        return back.Code == "R-1!ok" && back.To?.City == "Capital City" && back.Notes.Count == 0
            ? "ok" : $"release 1 got back {back.Code}/{back.To?.City}/{back.Notes.Count}";
    }
}
