using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>Object graphs: fields of every kind, shared references, cycles, polymorphism.</summary>
public sealed class GraphTests
{
    [Test]
    public void Serialize_Perzon_RoundTripsEveryField()
    {
        var parent = new Perzon { FirstName = "Ann", LastName = "Lee", Age1 = 70, Age3 = null, Salary2 = 1.5, ID2 = Guid.NewGuid() };
        var child = new Perzon
        {
            FirstName = "Bob", MiddleName = "Q", LastName = "Lee", Parent = parent, Age1 = 40, Age2 = -3, Age3 = 12, Age4 = int.MinValue,
            Salary1 = 123456.78, Salary2 = null, ID1 = Guid.NewGuid(), ID3 = Guid.Empty, Names1 = ["a", "b", null!], Names2 = [],
        };
        Perzon copy = RoundTrip.Check(child);
        Assert.That(copy.Parent!.FirstName, Is.EqualTo("Ann"));
        Assert.That(copy.O5, Is.EqualTo(123.23m));
    }

    [Test]
    public void Serialize_SelfCycle_ResolvesToTheSameObject()
    {
        var node = new Node { Name = "self" };
        node.Next = node;
        node.Payload = node;
        Node copy = RoundTrip.Check(node);
        Assert.That(copy.Next, Is.SameAs(copy));
        Assert.That(copy.Payload, Is.SameAs(copy));
    }

    [Test]
    public void Serialize_MutualCycleThroughList_KeepsIdentity()
    {
        var a = new Node { Name = "a" };
        var b = new Node { Name = "b", Other = a };
        a.Other = b;
        a.Children = [b, a, b];
        Node copy = RoundTrip.Check(a);
        Assert.That(copy.Children![0], Is.SameAs(copy.Other));
        Assert.That(copy.Children[1], Is.SameAs(copy));
    }

    [Test]
    public void Serialize_SharedArraysAndStrings_KeepIdentity()
    {
        byte[] bytes = [1, 2, 3];
        string text = new('x', 3);
        int[] ints = [4, 5];
        string[] strings = ["p", "q"];
        object[] root = [bytes, bytes, text, text, ints, ints, strings, strings, new string('x', 3)];
        object[] copy = RoundTrip.Check(root);
        Assert.That(copy[0], Is.SameAs(copy[1]));
        Assert.That(copy[2], Is.SameAs(copy[3]));
        Assert.That(copy[2], Is.Not.SameAs(copy[8]));
        Assert.That(copy[4], Is.SameAs(copy[5]));
        Assert.That(copy[6], Is.SameAs(copy[7]));
    }

    [Test]
    public void Serialize_ObjectsOverridingEquals_AreNotMerged()
    {
        var list = new List<AlwaysEqual> { new() { Tag = 1 }, new() { Tag = 2 } };
        List<AlwaysEqual> copy = RoundTrip.Check(list);
        Assert.That(copy[0], Is.Not.SameAs(copy[1]));
        Assert.That(copy[1].Tag, Is.EqualTo(2));
    }

    [Test]
    public void Serialize_Polymorphism_KeepsRuntimeTypes()
    {
        var drawing = new Drawing
        {
            Main = new Circle { R = 2 },
            Shapes = [new Square { Side = 3 }, new Circle { R = 1 }, null!],
            Pet = new Dog { Name = "Rex", Barks = 3 },
            Anything = new Point { X = 1, Y = 2, Label = "boxed struct" },
        };
        Drawing copy = RoundTrip.Check(drawing);
        Assert.That(copy.Main, Is.TypeOf<Circle>());
        Assert.That(copy.Shapes![0], Is.TypeOf<Square>());
        Assert.That(((Point)copy.Anything!).Label, Is.EqualTo("boxed struct"));
    }

    [Test]
    public void Serialize_PrivateInheritedAndReadonlyFields_RoundTrip()
    {
        var derived = new Derived();
        derived.SetSecret(1);
        derived.SetOwn(2);
        Derived copy = RoundTrip.Check(derived);
        Assert.That((copy.Secret, copy.OwnSecret), Is.EqualTo((1, 2)));

        var withReadonly = new WithReadonly(5, "five", new ReadonlyPair(6, "six"));
        WithReadonly readonlyCopy = RoundTrip.Check(withReadonly);
        Assert.That((readonlyCopy.Id, readonlyCopy.Name, readonlyCopy.Pair.A, readonlyCopy.Pair.B), Is.EqualTo((5, "five", 6, "six")));
    }

    [Test]
    public void Serialize_RecordsWithInitProperties_RoundTrip()
    {
        var customer = new Customer("Ada", 3);
        customer.Orders.Add(new Order(1, customer, 9.99m));
        customer.Orders.Add(new Order(2, customer, 0.01m));
        Customer copy = RoundTrip.Check(customer);
        Assert.That(copy.Orders[1].Customer, Is.SameAs(copy));
        Assert.That(copy, Is.EqualTo(copy.Orders[0].Customer));
    }

    [Test]
    public void Serialize_NonSerializedField_IsSkipped()
    {
        var slim = RoundTrip.NewSerializer();
        var copy = slim.Deserialize<WithNonSerialized>(slim.Serialize(new WithNonSerialized { Kept = 1, Dropped = 2 }));
        Assert.That((copy.Kept, copy.Dropped), Is.EqualTo((1, 0)));
    }

    [Test]
    public void Serialize_LinkedListOfAMillionNodes_RoundTripsWithoutRecursion()
    {
        var head = new Node { Name = "0" };
        Node tail = head;
        for (int i = 1; i < 1_000_000; i++)
        {
            tail = tail.Next = new Node();
        }
        tail.Name = "last";
        var slim = RoundTrip.NewSerializer();
        Node copy = slim.Deserialize<Node>(slim.Serialize(head));
        int count = 1;
        Node cursor = copy;
        while (cursor.Next is not null)
        {
            cursor = cursor.Next;
            count++;
        }
        Assert.That((count, cursor.Name), Is.EqualTo((1_000_000, "last")));
        Node clone = slim.DeepClone(head);
        for (count = 1; clone.Next is not null; count++)
        {
            clone = clone.Next;
        }
        Assert.That(count, Is.EqualTo(1_000_000));
    }

    [Test]
    public void Serialize_SequentialMessagesOnOneStream_ReadBackOneByOne()
    {
        var slim = RoundTrip.NewSerializer();
        using var stream = new MemoryStream();
        slim.Serialize(stream, "first");
        slim.Serialize(stream, 2);
        slim.Serialize(stream, new Node { Name = "third" });
        stream.Position = 0;
        Assert.That(slim.Deserialize(stream), Is.EqualTo("first"));
        Assert.That(slim.Deserialize(stream), Is.EqualTo(2));
        Assert.That(slim.Deserialize<Node>(stream).Name, Is.EqualTo("third"));
        Assert.Throws<SlimFormatException>(() => slim.Deserialize(stream));
    }

    [Test]
    public void Serialize_VeryLargeString_RoundTrips()
    {
        string big = string.Concat(Enumerable.Repeat("abcdé🌍", 400_000));
        Assert.That(RoundTrip.Check(big), Is.EqualTo(big));
    }
}
