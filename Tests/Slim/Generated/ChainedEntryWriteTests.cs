using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// The generated writer replays a chained type entry (the one its last replay wrote next before) with the registry's
/// state restored in three stores, when the registry still holds exactly the snapshot the last replay restored. These
/// messages learn a type between the chain's two entries without a replay (a subclass first met in a base-class slot),
/// so the next chained entry's remembered bytes no longer fit: the bytes must stay a fresh writer's.
/// </summary>
public sealed class ChainedEntryWriteTests
{
    public class Note
    {
        public string? Text;
    }

    public sealed class UrgentNote : Note
    {
        public int Level;
    }

    public sealed class SoftNote : Note
    {
        public string? Tone;
    }

    public sealed class Address
    {
        public string? City;
    }

    public sealed class Line
    {
        public string? Sku;
    }

    public sealed class Pair
    {
        public Note? First;
        public Address? Second;
        public Line? Third;
    }

    // Eight types nested eight deep: past the bodies the format keeps open (6), a chained entry's body waits in the queue.
    public sealed class L1 { public L2? Next; public string? S; }
    public sealed class L2 { public L3? Next; public string? S; }
    public sealed class L3 { public L4? Next; public string? S; }
    public sealed class L4 { public L5? Next; public string? S; }
    public sealed class L5 { public L6? Next; public string? S; }
    public sealed class L6 { public L7? Next; public string? S; }
    public sealed class L7 { public L8? Next; public string? S; }
    public sealed class L8 { public string? S; }

    private static SlimOptions Options(bool generated) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(ChainedEntryWriteTests).Assembly),
        UseGeneratedCodecs = generated,
    };

    private static Pair Message(int i) => (i % 6) switch
    {
        // The chain Pair -> Address -> Line, remembered and replayed.
        0 or 1 or 2 => new Pair { Second = new Address { City = $"c{i}" }, Third = new Line { Sku = "s" } },
        // A subclass first met in First: learned between Pair's entry and Address's, with Pair's link still to Address.
        3 => new Pair { First = new UrgentNote { Level = i }, Second = new Address { City = "u" }, Third = new Line() },
        // Another one, its entry new again in this state; then the same two in the other order of slots.
        4 => new Pair { First = new SoftNote { Tone = "t" }, Second = new Address(), Third = new Line { Sku = "x" } },
        _ => new Pair { First = new Note { Text = "plain" }, Second = new Address { City = "n" }, Third = new Line() },
    };

    [Test]
    public void TypeLearnedBetweenTwoChainedEntries_EveryMessage_BytesEqualAFreshWriters()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        for (int round = 0; round < 4; round++)
        {
            for (int i = 0; i < 24; i++)
            {
                Pair value = Message(i);
                byte[] bytes = generated.Serialize(value);
                Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(new SlimSerializer(Options(true)).Serialize(value))),
                    $"round {round}, message {i}");
                Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))), $"round {round}, message {i}");
                GraphAssert.AreEquivalent(value, generated.Deserialize<Pair>(bytes));
                GraphAssert.AreEquivalent(value, new SlimSerializer(Options(true)).Deserialize<Pair>(bytes));
            }
        }
    }

    [Test]
    public void ChainedEntriesDeeperThanTheOpenBodies_EveryMessage_BytesEqualAFreshWriters()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        for (int i = 0; i < 6; i++)
        {
            var value = new L1
            {
                S = $"1:{i}",
                Next = new L2 { S = "2", Next = new L3 { Next = new L4 { S = "4", Next = new L5 { Next = new L6 { S = "6", Next = new L7 { S = "7", Next = new L8 { S = $"8:{i}" } } } } } } },
            };
            byte[] bytes = generated.Serialize(value);
            Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(new SlimSerializer(Options(true)).Serialize(value))), $"message {i}");
            Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))), $"message {i}");
            GraphAssert.AreEquivalent(value, generated.Deserialize<L1>(bytes));
            GraphAssert.AreEquivalent(value, new SlimSerializer(Options(true)).Deserialize<L1>(bytes));
        }
    }
}
