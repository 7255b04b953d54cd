using System.Runtime.Serialization;

namespace NFX.Tests.Slim.Support;

#pragma warning disable CA1051 // public fields are the point of some of these models

public class Node
{
    public string? Name;
    public Node? Next;
    public Node? Other;
    public object? Payload;
    public List<Node>? Children;
}

public sealed class Perzon
{
    public string? FirstName, MiddleName, LastName;
    public Perzon? Parent;
    public int Age1, Age2;
    public int? Age3, Age4;
    public double Salary1;
    public double? Salary2;
    public Guid ID1;
    public Guid? ID2, ID3;
    public List<string>? Names1, Names2;
    public int O1 = 1;
    public bool O2 = true;
    public DateTime O3 = new(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
    public TimeSpan O4 = TimeSpan.FromHours(12);
    public decimal O5 = 123.23M;
}

public struct Point
{
    public int X;
    public int Y;
    public string? Label;
}

public readonly struct ReadonlyPair(int a, string b)
{
    public readonly int A = a;
    public readonly string B = b;
}

public sealed class WithReadonly(int id, string name, ReadonlyPair pair)
{
    private readonly int _id = id;
    private readonly string _name = name;
    public readonly ReadonlyPair Pair = pair;
    public int Id => _id;
    public string Name => _name;
}

public record Customer(string Name, int Level)
{
    public List<Order> Orders { get; init; } = [];
}

public record Order(int Number, Customer Customer, decimal Total);

public interface IShape
{
    double Area { get; }
}

public sealed class Circle : IShape
{
    public double R;
    public double Area => Math.PI * R * R;
}

public sealed class Square : IShape
{
    public double Side;
    public double Area => Side * Side;
}

public abstract class Animal
{
    public string? Name;
}

public sealed class Dog : Animal
{
    public int Barks;
}

public sealed class Drawing
{
    public IShape? Main;
    public IShape[]? Shapes;
    public Animal? Pet;
    public object? Anything;
}

public class BaseWithPrivate
{
    private int _secret = 7;
    public int Secret => _secret;
    public void SetSecret(int value) => _secret = value;
}

public sealed class Derived : BaseWithPrivate
{
    private int _secret = 9; // same name as the base field: both must survive
    public int OwnSecret => _secret;
    public void SetOwn(int value) => _secret = value;
}

public sealed class WithNonSerialized
{
    public int Kept;
    [NonSerialized] public int Dropped;
}

public enum ByteEnum : byte { A = 1, B = 200 }
public enum LongEnum : long { Min = long.MinValue, Max = long.MaxValue }
public enum ULongEnum : ulong { Big = ulong.MaxValue }

public sealed class WithCallbacks : IDeserializationCallback
{
    public int Value;
    [NonSerialized] public List<string> Log = [];

    [OnSerializing] private void OnSerializing(StreamingContext context) => Log.Add("serializing");
    [OnSerialized] private void OnSerialized(StreamingContext context) => Log.Add("serialized");
    [OnDeserializing] private void OnDeserializing(StreamingContext context) => (Log ??= []).Add("deserializing");
    [OnDeserialized] private void OnDeserialized(StreamingContext context) => (Log ??= []).Add("deserialized");
    public void OnDeserialization(object? sender) => (Log ??= []).Add("callback");
}

public sealed class WithDelegate
{
    public string? Name;
    public Action? Changed;
    public event EventHandler? Event;
    public void Raise() => Event?.Invoke(this, EventArgs.Empty);
}

[NFX.Slim.SlimNotSerializable]
public sealed class Secretive
{
    public string? Password;
}

public sealed class Holder
{
    public object? Value;
}

public sealed class KeyObject(int id)
{
    public int Id = id;
    public override bool Equals(object? obj) => obj is KeyObject other && other.Id == Id;
    public override int GetHashCode() => Id;
}

public sealed class AlwaysEqual
{
    public int Tag;
    public override bool Equals(object? obj) => obj is AlwaysEqual;
    public override int GetHashCode() => 1;
}
