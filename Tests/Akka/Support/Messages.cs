using System.Collections.Immutable;
using Akka.Actor;

namespace NFX.Tests.Akka.Messages;

/// <summary>What every test message can be: the interface-typed fields hold any of them.</summary>
public interface IShape
{
    double Area { get; }
}

public sealed record Circle(double Radius) : IShape
{
    public double Area => Math.PI * Radius * Radius;
}

public sealed record Rect(double Width, double Height) : IShape
{
    public double Area => Width * Height;
}

/// <summary>Polymorphic fields (object and interface), a collection of interfaces, and an actor to reply to.</summary>
public sealed class Order
{
    public long Id;
    public string? Customer;
    public object? Extra;
    public IShape? Shape;
    public List<IShape> Shapes = [];
    public IActorRef? ReplyTo;
    public Dictionary<string, object?> Attributes = [];
}

public sealed class Reply
{
    public long OrderId;
    public string? Text;
}

/// <summary>A cycle: each node refers to the next, the last back to the first.</summary>
public sealed class RingNode
{
    public int Value;
    public RingNode? Next;
}

/// <summary>One node of a long singly linked list (1M nodes: the queue, not the stack, carries it).</summary>
public sealed class ListNode
{
    public int Value;
    public ListNode? Next;

    public static ListNode Build(int count)
    {
        ListNode head = new() { Value = 0 };
        ListNode tail = head;
        for (int i = 1; i < count; i++)
        {
            tail = tail.Next = new ListNode { Value = i };
        }
        return head;
    }

    /// <summary>The node count, checking that values run 0, 1, 2, ... (the whole structure, not just the head).</summary>
    public static int CountChecked(ListNode? head)
    {
        int count = 0;
        for (ListNode? node = head; node is not null; node = node.Next)
        {
            if (node.Value != count)
            {
                throw new InvalidOperationException($"node {count} holds {node.Value}");
            }
            count++;
        }
        return count;
    }
}

/// <summary>Immutable: get-only properties set by the constructor, an immutable collection.</summary>
public sealed class Frozen(string name, ImmutableArray<int> values)
{
    public string Name { get; } = name;
    public ImmutableArray<int> Values { get; } = values;
}

/// <summary>Only a private constructor: Slim builds it without calling one.</summary>
public sealed class Hidden
{
    private Hidden(int secret) => Secret = secret;

    public int Secret { get; }

    public static Hidden Make(int secret) => new(secret);
}

/// <summary>A typed exception carried by Status.Failure.</summary>
public sealed class OrderRejectedException(string message, long orderId) : Exception(message)
{
    public long OrderId { get; } = orderId;
}

/// <summary>Akka's own types nested in an application message.</summary>
public sealed class Carrier
{
    public IActorRef? Actor;
    public ActorPath? Path;
    public Address? Address;
    public Props? Props;
    public Deploy? Deploy;
    public SupervisorStrategy? Strategy;
    public global::Akka.Routing.RouterConfig? Router;
    public global::Akka.Configuration.Config? Config;
    public object? Any;
}

/// <summary>An application type with an Akka surrogate of its own (ISurrogated), as Hyperion supports.</summary>
public sealed class Ticket(string code) : global::Akka.Util.ISurrogated
{
    public string Code { get; } = code;

    public global::Akka.Util.ISurrogate ToSurrogate(ActorSystem system) => new TicketSurrogate { Text = "T:" + Code };
}

public sealed class TicketSurrogate : global::Akka.Util.ISurrogate
{
    public string? Text;

    public global::Akka.Util.ISurrogated FromSurrogate(ActorSystem system) => new Ticket(Text!.Substring(2));
}

/// <summary>An actor the Props in the tests name.</summary>
public sealed class EchoActor : ReceiveActor
{
    public EchoActor() => ReceiveAny(message => Sender.Tell(message));
}

/// <summary>What the hostile-bytes tests send: its bytes are written as they are, claiming to be Slim's.</summary>
public sealed class HostileBytes(byte[] bytes)
{
    public byte[] Bytes { get; } = bytes;
}

/// <summary>
/// An actor producer that records that its constructor ran: a Props naming it must never be made from a message (making
/// it constructs the producer with the message's arguments).
/// </summary>
public sealed class RecordingProducer : IIndirectActorProducer
{
    private static int s_constructed;

    public RecordingProducer(string note) => Interlocked.Increment(ref s_constructed);

    public static int Constructed => Volatile.Read(ref s_constructed);

    public Type ActorType => typeof(EchoActor);

    public ActorBase Produce() => new EchoActor();

    public void Release(ActorBase actor)
    {
    }
}

/// <summary>Writes the surrogate of a Props naming <see cref="RecordingProducer"/>, as a hostile writer can.</summary>
public sealed class ForgedProps : global::Akka.Util.ISurrogated
{
    public global::Akka.Util.ISurrogate ToSurrogate(ActorSystem system) =>
        new Props.PropsSurrogate { Type = typeof(RecordingProducer), Arguments = ["from the message"], Deploy = Deploy.Local };
}

/// <summary>A message the hostile system binds to Akka's JSON serializer (id 1).</summary>
public sealed class JsonCarried
{
    public object? Payload { get; set; }
}
