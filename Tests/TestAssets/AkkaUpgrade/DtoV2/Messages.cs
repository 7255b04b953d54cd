using Akka.Actor;

namespace AkkaUpgrade;

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
    public Address? To;
    public Receipt? Self;
    public string Currency = "EUR";
}

/// <summary>This release's actor: inspects an order of release 1, confirms a receipt.</summary>
public sealed class Desk : ReceiveActor
{
    public Desk()
    {
        Receive<Order>(order => Sender.Tell(Scenario.Inspect(order)));
        Receive<Receipt>(receipt =>
        {
            string verdict = receipt.Code == "R-1" && receipt.To?.City == "Capital City" && receipt.To.Zip == "00000" && receipt.Self == receipt &&
                receipt.Currency == "EUR" ? "ok" : $"release 2 got receipt {receipt.Code}/{receipt.To?.City}/{receipt.To?.Zip}/{receipt.Self == receipt}/{receipt.Currency}";
            Sender.Tell(new Receipt { Code = receipt.Code + "!" + verdict, To = receipt.To, Currency = "USD" });
        });
    }
}

public static class Scenario
{
    public const int Release = 2;

    /// <summary>An order written by release 1 (MakeOrder(7)), read here: widened members, dropped and added ones, a cycle.</summary>
    public static string Inspect(Order order) =>
        order.Id == 7 && order.Weight == 2.5 && order.Customer == "Acme" && order.Currency == "EUR" && order.Ship?.City == "Springfield" &&
        order.Ship.Zip == "00000" && (order.Extra as Address)?.City == "Shelbyville" && order.Parent == order
            ? "ok"
            : $"release 2 got order {order.Id}/{order.Weight}/{order.Customer}/{order.Currency}/{order.Ship?.City}/{order.Ship?.Zip}/{order.Extra}/{order.Parent == order}";

    /// <summary>Release 2 as the client of a release-1 desk: an order built there, and a receipt both ways.</summary>
    public static async Task<string> Run(IActorRef desk)
    {
        TimeSpan timeout = TimeSpan.FromSeconds(60);
        Order order = await desk.Ask<Order>(7, timeout);
        string inspected = Inspect(order);
        if (inspected != "ok")
        {
            return inspected;
        }
        var mine = new Receipt { Code = "R-2", To = new Address { City = "Ogdenville", Zip = "12345" }, Currency = "GBP" };
        mine.Self = mine;
        Receipt back = await desk.Ask<Receipt>(mine, timeout);
        return back.Code == "R-2!ok" && back.To?.City == "Ogdenville" && back.To.Zip == "00000" && back.Currency == "EUR"
            ? "ok" : $"release 2 got back {back.Code}/{back.To?.City}/{back.To?.Zip}/{back.Currency}";
    }
}
