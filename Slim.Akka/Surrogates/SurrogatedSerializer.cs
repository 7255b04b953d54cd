using Akka.Actor;
using Akka.Util;
using NFX.IO;

namespace NFX.Slim.Akka;

/// <summary>
/// Every <see cref="ISurrogated"/> type, Akka's (<c>Props</c>, <c>Deploy</c>, routers, supervisor strategies) and the
/// application's, as Hyperion does: its <see cref="ISurrogate"/> written as a nested Slim message (the surrogate must be
/// complete before <see cref="ISurrogate.FromSurrogate"/> runs, and a user serializer's references are read later),
/// read back and turned into the value. Nesting is bounded: a payload cannot recurse deeper than <see cref="MaxNesting"/>.
/// </summary>
internal sealed class SurrogatedSerializer(ExtendedActorSystem system) : ISlimTypeSerializer
{
    /// <summary>How many surrogates may nest inside one another (Props, its Deploy, its router, its supervisor, ...).</summary>
    public const int MaxNesting = 16;

    [ThreadStatic]
    private static int t_nesting;

    /// <summary>The serializer of the nested messages: the plugin's own (set once it exists, since it lists this one).</summary>
    public SlimSerializer? Slim { get; set; }

    public Type Type => typeof(ISurrogated);

    public void Write(object value, SlimWriter writer, ISlimReferenceWriter references)
    {
        ISurrogate surrogate = ((ISurrogated)value).ToSurrogate(system);
        Enter();
        try
        {
            writer.WriteByteArray(Slim!.Serialize(surrogate));
        }
        finally
        {
            t_nesting--;
        }
    }

    public object Read(SlimReader reader, ISlimReferenceReader references)
    {
        byte[] bytes = reader.ReadByteArray() ?? throw new FormatException("A surrogate's bytes cannot be null.");
        Enter();
        object? surrogate;
        try
        {
            surrogate = Slim!.Deserialize(bytes);
        }
        finally
        {
            t_nesting--;
        }
        if (surrogate is not ISurrogate s)
        {
            throw new FormatException($"A surrogate message holds a '{surrogate?.GetType().ToString() ?? "null"}', not an ISurrogate.");
        }
        RefuseProducer(s);
        return s.FromSurrogate(system);
    }

    /// <summary>
    /// A Props is made from its surrogate by constructing, when its type is an <see cref="IIndirectActorProducer"/>, that
    /// producer with the surrogate's arguments: code a type named by the bytes runs while the message is read. A writer
    /// never sends one (a Props writes the type of the actor its producer makes), so a surrogate naming a producer is
    /// refused; an actor type only makes Akka remember it with its arguments (the actor is made when it is deployed).
    /// </summary>
    private static void RefuseProducer(ISurrogate surrogate)
    {
        if (surrogate is Props.PropsSurrogate { Type: { } type } && typeof(IIndirectActorProducer).IsAssignableFrom(type))
        {
            throw new FormatException($"A Props names '{type}', an actor producer: reading it would construct the producer " +
                "with arguments from the message. A Props from another node may only name an actor type.");
        }
    }

    private static void Enter()
    {
        if (++t_nesting > MaxNesting)
        {
            t_nesting--;
            throw new FormatException($"Surrogates nest deeper than {MaxNesting} levels.");
        }
    }
}
