using System.Runtime.Serialization;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>A sealed class read as a plain shell when announced as "of the declared type".</summary>
public sealed class ShellLeaf
{
    public int Value;
    public string? Name;
    public ShellLeaf? Next;
}

/// <summary>A sealed class with [OnDeserialized]: never read through the shell shortcut, its callback must still run.</summary>
public sealed class CallbackLeaf
{
    public int Value;

    [NonSerialized]
    public int Completed;

    [OnDeserialized]
    private void OnDeserialized(StreamingContext context) => Completed = Value + 1;
}

/// <summary>Holds leaves in fields and in a list of the leaf type, so every object arrives "of the declared type".</summary>
public sealed class ShellHolder
{
    public ShellLeaf? First;
    public ShellLeaf? Second;
    public List<ShellLeaf>? Leaves;
    public CallbackLeaf? Callback;
    public List<CallbackLeaf>? Callbacks;
}

/// <summary>
/// Once a reader has announced an object of a slot's declared type the full way, later objects of that type take a
/// shortcut that skips the checks that cannot change (see ReferenceSlot.ShellCodec). Every check that can change per
/// message must still hold on the shortcut: the object limit, identity, cycles, callbacks of types that have them.
/// </summary>
public sealed class ReadShellSlotTests
{
    private static ShellHolder Sample(int leaves, bool extras = true)
    {
        var first = new ShellLeaf { Value = 1, Name = "first" };
        first.Next = first; // a cycle through the declared type
        var holder = new ShellHolder
        {
            First = first,
            Second = first,
            Leaves = [],
            Callback = new CallbackLeaf { Value = 41 },
            Callbacks = [],
        };
        for (int i = 0; i < leaves; i++)
        {
            var leaf = new ShellLeaf { Value = i, Name = extras ? "leaf" + i : null, Next = i % 3 == 0 ? first : null };
            holder.Leaves.Add(leaf);
            if (i % 4 == 0)
            {
                holder.Leaves.Add(leaf); // the same leaf twice: a back-reference
            }
            if (extras)
            {
                holder.Callbacks.Add(new CallbackLeaf { Value = i });
            }
        }
        return holder;
    }

    [Test]
    public void Deserialize_RepeatedMessagesOfDeclaredTypes_KeepGraphIdentityAndCallbacks()
    {
        SlimSerializer serializer = RoundTrip.NewSerializer();
        for (int message = 0; message < 3; message++)
        {
            ShellHolder value = Sample(20);
            ShellHolder copy = serializer.Deserialize<ShellHolder>(serializer.Serialize(value));

            GraphAssert.AreEquivalent(value, copy);
            Assert.That(copy.Second, Is.SameAs(copy.First));
            Assert.That(copy.First!.Next, Is.SameAs(copy.First));
            Assert.That(copy.Leaves![1], Is.SameAs(copy.Leaves[0]));
            Assert.That(copy.Leaves[0].Next, Is.SameAs(copy.First));
            Assert.That(copy.Callback!.Completed, Is.EqualTo(42));
            Assert.That(copy.Callbacks!.Select(c => c.Completed), Is.EqualTo(Enumerable.Range(1, 20)));
        }
    }

    [Test]
    public void Deserialize_MoreObjectsThanMaxObjectsAfterWarmUp_ThrowsLimitExceeded()
    {
        SlimSerializer writer = RoundTrip.NewSerializer();
        SlimSerializer reader = RoundTrip.NewSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxObjects = 100 } });
        // A small message warms every slot up to the shortcut; the large one must still count each object.
        Assert.That(reader.Deserialize<ShellHolder>(writer.Serialize(Sample(5))).Leaves, Has.Count.EqualTo(7));

        // Only leaves beyond the limit (no strings, no callback objects): every object past it takes the shortcut.
        byte[] large = writer.Serialize(Sample(200, extras: false));

        var error = Assert.Throws<SlimLimitExceededException>(() => reader.Deserialize<ShellHolder>(large));
        Assert.That(error!.Message, Does.Contain("MaxObjects"));
        Assert.That(reader.Deserialize<ShellHolder>(writer.Serialize(Sample(5))).Leaves, Has.Count.EqualTo(7), "the reader recovers");
    }

    [Test]
    public void Deserialize_SameRootTypeUnderAnotherPolicy_IsCheckedAgain()
    {
        // No policy rule admits this assembly: only Deserialize<T> admits what T reaches.
        var serializer = new SlimSerializer();
        byte[] bytes = serializer.Serialize(new ShellLeaf { Value = 7 });

        Assert.That(serializer.Deserialize<ShellLeaf>(bytes).Value, Is.EqualTo(7));
        Assert.That(serializer.Deserialize<ShellLeaf>(bytes).Value, Is.EqualTo(7), "the same type under the same policy again");
        Assert.Throws<SlimTypeNotAllowedException>(() => serializer.Deserialize(bytes));
        Assert.Throws<SlimTypeNotAllowedException>(() => serializer.Deserialize<Version>(bytes)); // a scope in another assembly
        Assert.That(serializer.Deserialize<ShellLeaf>(bytes).Value, Is.EqualTo(7));
    }

    [Test]
    public void Deserialize_TruncatedAfterWarmUp_ThrowsFormatAtEveryLength()
    {
        SlimSerializer serializer = RoundTrip.NewSerializer();
        byte[] bytes = serializer.Serialize(Sample(6));
        serializer.Deserialize<ShellHolder>(bytes);

        for (int length = 0; length < bytes.Length; length++)
        {
            Assert.Catch<SlimDeserializationException>(
                () => serializer.Deserialize<ShellHolder>(bytes.AsSpan(0, length)), $"length {length}");
        }
    }
}
