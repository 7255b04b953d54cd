using System.Text;
using NFX.Slim;
using NFX.Tests.Slim.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Slim;

// Small record types for these tests; SteadyName is a prefix of SteadyNameLonger on purpose.
public sealed class SteadyName { public int Value; }
public sealed class SteadyNameLonger { public int Value; }
public sealed class Steady2 { public int Value; }
public sealed class Steady3 { public int Value; }
public sealed class Steady4 { public int Value; }
public sealed class Steady5 { public int Value; }
public sealed class Steady6 { public int Value; }
public sealed class Steady7 { public int Value; }
public sealed class Steady8 { public int Value; }
public sealed class Steady9 { public int Value; }
public abstract class SteadyAbstract { public int Value; }

/// <summary>A holder whose typed fields may be announced without a type handle once the type's layout has crossed.</summary>
public sealed class SteadyHolder
{
    public SteadyName? First;
    public SteadyNameLonger? Second;
    public List<SteadyName>? More;
}

/// <summary>
/// PerCall writers and readers meet the same type entries in every message and take shortcuts for them (a named entry
/// matched by its bytes, a type's readability checked once, the last layouts sent and entry facts remembered): whatever
/// they have seen before, each message must be written and read as if it were the first, and every check after the
/// names (layout, policy, instantiability) must still run.
/// </summary>
public sealed class SteadyStateTests
{
    [Test]
    public void Serialize_SameGraphAgainAfterOtherTypes_WritesTheSameBytes()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        var shared = new SteadyName { Value = 7 };
        var value = new SteadyHolder { First = shared, Second = new SteadyNameLonger { Value = 8 }, More = [shared, new SteadyName { Value = 9 }] };

        byte[] first = slim.Serialize(value);
        foreach (Type type in s_types)
        {
            slim.Serialize(Make(type, 1)); // other entries in between: the writer's remembered facts turn over
        }
        byte[] again = slim.Serialize(value);

        // Each PerCall message carries its own type entries and layouts: nothing learned by an earlier one may be left out.
        Assert.That(again, Is.EqualTo(first));
        SteadyHolder copy = RoundTrip.Check(value, slim);
        Assert.That(copy.More![0], Is.SameAs(copy.First));
    }

    private static object Make(Type type, int value)
    {
        object instance = Activator.CreateInstance(type)!;
        type.GetField("Value")!.SetValue(instance, value);
        return instance;
    }

    private static readonly Type[] s_types =
    [
        typeof(SteadyName), typeof(SteadyNameLonger), typeof(Steady2), typeof(Steady3), typeof(Steady4), typeof(Steady5),
        typeof(Steady6), typeof(Steady7), typeof(Steady8), typeof(Steady9),
    ];

    [Test]
    public void Deserialize_MoreTypesInTurnThanTheReaderRemembers_EachReadsBackAsItself()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        byte[][] messages = [.. s_types.Select((t, i) => slim.Serialize(Make(t, i + 100)))];

        // Three passes in two orders: entries are remembered, evicted and matched again; a name that is a prefix of
        // another (SteadyName, SteadyNameLonger) must never match the longer one.
        for (int pass = 0; pass < 3; pass++)
        {
            IEnumerable<int> order = pass == 1 ? Enumerable.Range(0, s_types.Length).Reverse() : Enumerable.Range(0, s_types.Length);
            foreach (int i in order)
            {
                object? copy = slim.Deserialize(messages[i]);
                Assert.That(copy, Is.InstanceOf(s_types[i]), $"pass {pass}, message {i}");
                Assert.That(s_types[i].GetField("Value")!.GetValue(copy), Is.EqualTo(i + 100));
            }
        }
    }

    [Test]
    public void Deserialize_KnownTypeEntryWithAnotherFingerprint_ThrowsLayoutMismatch()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        byte[] message = slim.Serialize(new SteadyName { Value = 1 });
        Assert.That(slim.Deserialize(message), Is.InstanceOf<SteadyName>()); // the reader now knows this entry's bytes

        // The 4-byte fingerprint follows the assembly name of the entry.
        byte[] assembly = Encoding.UTF8.GetBytes(typeof(SteadyName).Assembly.GetName().Name!);
        int at = message.AsSpan().IndexOf(assembly) + assembly.Length;
        byte[] forged = (byte[])message.Clone();
        forged[at] ^= 0xFF;

        Assert.Throws<SlimLayoutMismatchException>(() => slim.Deserialize(forged));
        Assert.That(slim.Deserialize(message), Is.InstanceOf<SteadyName>(), "the honest message still reads after the forged one");
    }

    [Test]
    public void Deserialize_UnknownTypeNamedAgain_IsRefusedEveryTime()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        byte[] forged = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            NamedType(w, BuiltInCount, "NFX.Tests.Slim.NoSuchSteadyType", typeof(SteadyName).Assembly.GetName().Name!, layout: false);
        });

        for (int i = 0; i < 3; i++)
        {
            Assert.Throws<SlimUnknownTypeException>(() => slim.Deserialize(forged), $"attempt {i}");
        }
    }

    [Test]
    public void Deserialize_AbstractTypeAfterConcreteOnesWereRead_IsRefused()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        for (int i = 0; i < 3; i++)
        {
            Assert.That(slim.Deserialize(slim.Serialize(new SteadyName { Value = i })), Is.InstanceOf<SteadyName>());
        }
        byte[] forged = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            NamedType(w, BuiltInCount, typeof(SteadyAbstract));
        });

        for (int i = 0; i < 2; i++)
        {
            SlimDeserializationException error = Assert.Throws<SlimDeserializationException>(() => slim.Deserialize(forged))!;
            Assert.That(error.Message, Does.Contain(nameof(SteadyAbstract)));
        }
    }
}
