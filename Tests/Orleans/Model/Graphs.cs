namespace NFX.Tests.Orleans.Model;

// Unannotated types: no [GenerateSerializer], no [Id]; Orleans has no codec for them, Slim carries them.

public sealed class Node
{
    public string Name = string.Empty;
    public Node? Next;
    public List<Node> Children = [];
    public object? Tag;
    public IShape? Shape;

    /// <summary>A ring of <paramref name="count"/> nodes (a cycle), each with a child pointing back at the ring's head.</summary>
    public static Node Ring(int count)
    {
        var head = new Node { Name = "n0", Shape = new Circle { Radius = 1.5 } };
        Node last = head;
        for (int i = 1; i < count; i++)
        {
            var next = new Node { Name = "n" + i, Tag = i };
            next.Children.Add(new Node { Name = "c" + i, Next = head });
            last.Next = next;
            last = next;
        }
        last.Next = head;
        head.Tag = last;
        return head;
    }
}

public interface IShape
{
    double Area { get; }
}

public sealed class Circle : IShape
{
    public double Radius;

    public double Area => Math.PI * Radius * Radius;
}

public sealed class Square : IShape
{
    public double Side;

    public double Area => Side * Side;
}

public class Base
{
    public int X;
}

public sealed class Derived : Base
{
    public string Extra = string.Empty;
}

public sealed class Holder
{
    public Dictionary<string, object> Bag = [];
    public IShape? Shape;
    public object? Any;
    public Base? Base;
    public Node? Shared1;
    public Node? Shared2;
}

public sealed class Envelope
{
    public string Label = string.Empty;
    public object? Payload;
}

public sealed class StateBox
{
    public Node? Root;
    public int Version;
}

public readonly record struct Point(int X, int Y);

/// <summary>A generic type of the application: its name in the codec's field nests the argument's name and assembly.</summary>
public sealed class Box<T>
{
    public T? Value;

    /// <summary>A type nested in a generic one: Orleans spells it <c>Box`1+Inner[[T]]</c>.</summary>
    public sealed class Inner
    {
        public T? Item;
    }
}

/// <summary>A keyed table: its dictionary is rebuilt on every read and copy.</summary>
public sealed class Table
{
    public Dictionary<long, int> Rows = [];
}

/// <summary>Values with a culture: request headers under a culture's comparer, and the culture a reply is formatted in.</summary>
public sealed class Localized
{
    public System.Collections.Specialized.NameValueCollection Headers = new();
    public System.Globalization.CultureInfo? Culture;
}
