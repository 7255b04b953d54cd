namespace NFX.Tests.Generators;

/// <summary>The C# programs the generator runs over in these tests: a user's model and the calls that name it.</summary>
internal static class ModelSource
{
    /// <summary>
    /// A model nobody on the project would write for Slim: records, init-only and private readonly fields, a base class
    /// with private state, structs in place (one nested in a nullable), enums, a tuple, a cycle, an interface slot with
    /// two implementations, an event, a captured primary-constructor parameter; and the calls that reach it.
    /// </summary>
    public const string Shop = """
        using System;
        using System.Collections.Generic;
        using NFX.Slim;

        namespace Shop;

        public enum Status : byte { New, Paid, Shipped }
        public enum Big : long { Small = 1, Large = long.MaxValue }

        public record struct Money(decimal Amount, string Currency);
        public readonly struct Span2 { public readonly int From; public readonly int To; public Span2(int f, int t) { From = f; To = t; } }

        public interface IPayment { }
        public sealed class Card : IPayment { public string Number = ""; public DateOnly Expires; }
        public sealed class Invoice : IPayment { public int Days; }

        public abstract class Entity
        {
            private readonly Guid _id = Guid.NewGuid();
            public Guid Id => _id;
            protected int Version;
        }

        public sealed class Customer(string name) : Entity
        {
            public string Name => name;
            public List<Order> Orders { get; } = [];
            public Invoice? Terms;
        }

        public sealed class Order : Entity
        {
            public int Number { get; init; }
            public Customer? Customer;
            public Status Status;
            public Status? Previous;
            public Big Size;
            public Money Total;
            public Money? Discount;
            public (int Line, string Sku) First;
            public Span2 Window;
            public IPayment? Payment;
            public DateTime? ShippedAt;
            public int[] Quantities = [];
            public object? Note;
            public event EventHandler? Changed;
            public void Touch() => Changed?.Invoke(this, EventArgs.Empty);
        }

        public static class Calls
        {
            public static object Build()
            {
                var customer = new Customer("Ann");
                var order = new Order
                {
                    Number = 7, Customer = customer, Status = Status.Paid, Previous = Status.New, Size = Big.Large,
                    Total = new Money(12.5m, "EUR"), Discount = new Money(1m, "EUR"), First = (1, "A-1"), Window = new Span2(3, 9),
                    Payment = new Card { Number = "4111", Expires = new DateOnly(2030, 1, 31) }, ShippedAt = null, Quantities = [1, 2], Note = "gift",
                };
                customer.Orders.Add(order);
                customer.Orders.Add(new Order { Number = 8, Customer = customer, Payment = new Invoice { Days = 30 } });
                return customer;
            }

            public static byte[] Write(SlimSerializer slim, Customer customer) => slim.Serialize(customer);

            public static Customer Read(SlimSerializer slim, byte[] bytes) => slim.Deserialize<Customer>(bytes);
        }
        """;
}
