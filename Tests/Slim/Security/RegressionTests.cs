using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security;

/// <summary>Bugs found by the fuzzer and by review of the read path, each pinned by the input that showed it.</summary>
public sealed class RegressionTests
{
    [Test]
    public void CustomComparer_TakesThePoolIndexAfterItsCollection()
    {
        // Found in review: a dictionary entered the pool after its header, so a custom comparer announced in that
        // header took the dictionary's index and every later back-reference pointed one object off.
        var comparer = new LengthComparer { Salt = 3 };
        var dictionary = new Dictionary<string, int>(comparer) { ["a"] = 1, ["bb"] = 2 };
        object[] value = [dictionary, dictionary, comparer, new HashSet<string>(comparer) { "x" }];
        SlimSerializer slim = Corpus.NewSerializer();
        var copy = (object[])slim.Deserialize(slim.Serialize(value))!;
        GraphAssert.AreEquivalent(value, copy);
        Assert.That(((Dictionary<string, int>)copy[0]).Comparer, Is.SameAs(copy[2]));
    }

    [Test]
    public void ImmutableSortedSet_OfElementsThatCannotBeCompared_IsRefusedAsUserCodeFailure()
    {
        // Fuzzer, seed 777, input 7421302: the sort inside ImmutableSortedSet threw InvalidOperationException, which
        // escaped as an unanticipated exception.
        SlimSerializer slim = Corpus.NewSerializer();
        byte[] bytes = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            w.WriteVarUInt32(BuiltInCount);
            w.WriteByte(EntryGeneric);
            NamedType(w, BuiltInCount, "System.Collections.Immutable.ImmutableSortedSet`1", "System.Collections.Immutable");
            w.WriteVarUInt32(1);
            w.WriteVarUInt32(TObject);
            w.WriteByte(0);      // default comparer
            w.WriteVarUInt32(2); // two elements
            w.WriteVarUInt32(NewWithType);
            NamedType(w, BuiltInCount + 2, typeof(Circle));
            New(w, BuiltInCount + 2);
            w.WriteDouble(1);    // the circles' bodies
            w.WriteDouble(2);
        });
        var error = Assert.Throws<SlimDeserializationException>(() => slim.Deserialize(bytes));
        Assert.That(error!.Message, Does.StartWith("Rebuilding a ImmutableSortedSet"));
        Assert.That(FuzzOracle.Verdict(error), Is.Null);
    }

    [Test]
    public void NameForwardedByALoadedFacade_DoesNotLoadTheTargetAssembly()
    {
        // Found in review: Assembly.GetType follows type forwarders, loading the assembly they point to.
        const string Target = "System.Net.Mail";
        Assume.That(AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == "netstandard"), "netstandard is loaded");
        Assume.That(AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == Target), Is.False, "not loaded yet");
        SlimSerializer slim = HostileInputs.AllowAll();
        byte[] bytes = Message(slim, w => { w.WriteVarUInt32(NewWithType); NamedType(w, BuiltInCount, "System.Net.Mail.MailMessage", "netstandard"); });
        Assert.Throws<SlimUnknownTypeException>(() => slim.Deserialize(bytes));
        Assert.That(AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == Target), Is.False);
    }

    [Test]
    public void UnknownAssembly_IsNotLoadedEvenWhenItExistsOnDisk()
    {
        // System.Net.Ping ships with the runtime but is not loaded: naming it must not load it.
        const string Target = "System.Net.Ping";
        Assume.That(AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == Target), Is.False, "not loaded yet");
        SlimSerializer slim = HostileInputs.AllowAll();
        byte[] bytes = Message(slim, w => { w.WriteVarUInt32(NewWithType); NamedType(w, BuiltInCount, "System.Net.NetworkInformation.Ping", Target); });
        var error = Assert.Throws<SlimUnknownTypeException>(() => slim.Deserialize(bytes));
        Assert.That(error!.AssemblyName, Is.EqualTo(Target));
        Assert.That(AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == Target), Is.False);
    }

    [Test]
    public void ListOfWideStructs_CountIsCheckedAgainstTheStructsWireSize()
    {
        // Found in review: every element counted as 1 wire byte, so N bytes could announce N wide structs and allocate
        // N * sizeof(struct) (112 bytes for seven decimals) before failing. A decimal takes at least 2 bytes on the wire.
        const int Count = 100_000;
        SlimSerializer slim = new(SlimOptions.Default with { Limits = SlimLimits.Trusted });
        byte[] bytes = slim.Serialize(new List<(decimal, decimal, decimal, decimal, decimal, decimal, decimal)> { default });
        int countAt = bytes.Length - 15; // the list's body: the count 1, then 7 zero decimals of 2 bytes each
        Assert.That(bytes[countAt], Is.EqualTo(1));
        Assert.That(bytes[(countAt + 1)..], Is.All.EqualTo(0));
        using var writer = new NFX.IO.SlimWriter();
        writer.WriteVarUInt32(Count);
        byte[] crafted = Reframe([.. bytes[..countAt], .. writer.ToArray(), .. new byte[Count]]); // Count bytes follow: 1 per element
        slim.Deserialize(bytes); // codecs built

        long before = GC.GetAllocatedBytesForCurrentThread();
        var error = Assert.Throws<SlimFormatException>(() => slim.Deserialize(crafted.AsMemory()));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(allocated, Is.LessThan(1 << 20), "refused before allocating Count * 112 bytes");
        Assert.That(error!.Message, Does.Contain($"{Count * 14L} byte(s) needed"));
    }
}
