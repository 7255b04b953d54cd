using System.Collections.Immutable;
using NFX.Slim;
using NFX.Slim.Cloning;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// Clone functors are compiled on the first deep clone, not when a codec is built: a serializer that only writes and
/// reads compiles none. Counted per thread by <see cref="LazyCloneFunctor.CompiledOnThisThread"/>, so tests running at
/// the same time do not disturb the count.
/// </summary>
public sealed class LazyCloneFunctorTests
{
    [Test]
    public void SerializeAndDeserialize_CompileNoCloneFunctor_TheFirstDeepCloneDoes()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        LazyCloneModel source = LazyCloneModel.Sample();
        int before = LazyCloneFunctor.CompiledOnThisThread;

        LazyCloneModel read = slim.Deserialize<LazyCloneModel>(slim.Serialize(source));

        GraphAssert.AreEquivalent(source, read);
        foreach (Type built in (Type[])[typeof(LazyCloneModel), typeof(LazyCloneItem), typeof(List<LazyCloneItem>), typeof(LazyCloneItem[]),
                     typeof(Dictionary<string, LazyCloneItem>), typeof(LazyCloneDictionary), typeof(LazyCloneException),
                     typeof(LinkedList<LazyCloneItem>), typeof(LazyClonePair), typeof(ImmutableList<LazyCloneItem>)])
        {
            Assert.That(slim.Codecs.TryGetBuilt(built, out _), Is.True, $"the codec of {built.Name} was built by writing and reading");
        }
        Assert.That(LazyCloneFunctor.CompiledOnThisThread, Is.EqualTo(before), "writing and reading compiled no clone functor");

        LazyCloneModel clone = slim.DeepClone(source);

        GraphAssert.AreEquivalent(source, clone);
        int afterFirstClone = LazyCloneFunctor.CompiledOnThisThread;
        Assert.That(afterFirstClone, Is.GreaterThan(before), "the first deep clone compiled what it needs");

        GraphAssert.AreEquivalent(source, slim.DeepClone(source));
        Assert.That(LazyCloneFunctor.CompiledOnThisThread, Is.EqualTo(afterFirstClone), "each functor is compiled once");
    }
}

/// <summary>One of each kind of codec that has a clone functor: class fields, elements, keys and values, a boxed struct, subclass fields.</summary>
public sealed class LazyCloneModel
{
    public int Number;
    public string? Text;
    public LazyCloneItem? Item;
    public List<LazyCloneItem>? List;
    public LazyCloneItem[]? Array;
    public Dictionary<string, LazyCloneItem>? ByName;
    public LazyCloneDictionary? Subclass;
    public LazyCloneException? Error;
    public LinkedList<LazyCloneItem>? Linked;
    public object? Boxed;
    public ImmutableList<LazyCloneItem>? Immutable;

    public static LazyCloneModel Sample()
    {
        var shared = new LazyCloneItem { Id = 1, Name = "shared" };
        var other = new LazyCloneItem { Id = 2, Name = "other", Next = shared };
        return new LazyCloneModel
        {
            Number = 7,
            Text = "seven",
            Item = shared,
            List = [shared, other],
            Array = [other, shared],
            ByName = new() { ["a"] = shared, ["b"] = other },
            Subclass = new LazyCloneDictionary { Owner = other, ["c"] = 3 },
            Error = new LazyCloneException("failed", shared),
            Linked = new LinkedList<LazyCloneItem>([other, shared]),
            Boxed = new LazyClonePair { Key = 5, Item = shared },
            Immutable = [shared, other],
        };
    }
}

public sealed class LazyCloneItem
{
    public int Id;
    public string? Name;
    public LazyCloneItem? Next;
}

/// <summary>A dictionary subclass with a field of its own.</summary>
public sealed class LazyCloneDictionary : Dictionary<string, int>
{
    public LazyCloneItem? Owner;
}

/// <summary>An exception with a field of its own.</summary>
public sealed class LazyCloneException(string message, LazyCloneItem item) : Exception(message)
{
    public LazyCloneItem Item = item;
}

/// <summary>A struct holding a reference, so its box gets a clone of its own.</summary>
public struct LazyClonePair
{
    public int Key;
    public LazyCloneItem? Item;
}
