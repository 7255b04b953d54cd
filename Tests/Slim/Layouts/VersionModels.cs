namespace NFX.Tests.Slim.Layouts.V1
{
    /// <summary>Version 1 of an order DTO, as an older build writes it.</summary>
    public sealed class Order
    {
        public int Id;
        public string? Customer;
        public decimal Total;
        public List<string>? Aliases;
        public Address? Ship;
        public object? Extra;
        public Order? Parent;
        public float Weight;
        public long Count;
    }

    public sealed class Address
    {
        public string? City;
    }

    public struct Point
    {
        public int X;
        public int Y;
    }

    public sealed class Holder
    {
        public Point P;
        public string? Name;
    }

    public sealed class Gadget
    {
        public int Size;
    }

    /// <summary>The same in both versions; its Address is not.</summary>
    public sealed class Parcel
    {
        public Address? To;
        public string? Note;
    }

    /// <summary>The same in both versions, a list of Addresses.</summary>
    public sealed class Mailing
    {
        public List<Address>? To;
        public string? Note;
    }
}

namespace NFX.Tests.Slim.Layouts.V2
{
    /// <summary>Version 2: Id widened to long, Aliases removed, Currency and Priority added with initializers, Weight widened.</summary>
    public sealed class Order
    {
        public long Id;
        public string? Customer;
        public decimal Total;
        public string Currency = "EUR";
        public int Priority = 3;
        public Address? Ship;
        public object? Extra;
        public Order? Parent;
        public double? Weight;
        public long Count;
    }

    /// <summary>Same shape as version 1, a field renamed: must never be misread as the old one.</summary>
    public sealed class Address
    {
        public string? Town;
    }

    public struct Point
    {
        public int X;
        public int Y;
        public int Z;
    }

    public sealed class Holder
    {
        public Point P;
        public string? Name;
    }

    /// <summary>The same in both versions; its Address is not.</summary>
    public sealed class Parcel
    {
        public Address? To;
        public string? Note;
    }

    /// <summary>The same in both versions, a list of Addresses.</summary>
    public sealed class Mailing
    {
        public List<Address>? To;
        public string? Note;
    }

    /// <summary>An order whose Count narrowed: a lossy change that tolerance refuses.</summary>
    public sealed class NarrowOrder
    {
        public int Count;
    }

    /// <summary>Gadget, renamed; it declares the name it had before.</summary>
    [NFX.Slim.SlimFormerName("NFX.Tests.Slim.Layouts.V1.Gidget")]
    public sealed class Widget
    {
        public int Size;
        public string Label = "new";
    }
}
