using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Support;

namespace NFX.Tests.Security;

/// <summary>
/// REFERENCE.md section 3, items 2 to 8 and 12: each crafted message of <see cref="HostileInputs"/> must fail with its
/// exact exception type (and limit name), allocate next to nothing while failing, and satisfy the fuzzing oracle
/// (a deliberate SlimDeserializationException, no runtime exception inside).
/// </summary>
public sealed class ChecklistTests
{
    private const long MaxAllocatedBytes = 4 << 20;

    public static IEnumerable<HostileCase> Cases() => HostileInputs.Cases();

    // A stream may hold further messages after this one, so cases that differ only in trailing bytes are not stream cases;
    // leaving them out (rather than skipping them at run time) keeps the run's skipped count honest.
    public static IEnumerable<HostileCase> StreamCases() => HostileInputs.Cases().Where(c => c.SameOnStreams);

    [TestCaseSource(nameof(Cases))]
    public void Deserialize_HostileInput_ThrowsTheExactDocumentedException(HostileCase hostile)
    {
        SlimSerializer slim = hostile.Serializer();
        byte[] bytes = hostile.Build(slim);

        Exception? error = Catch(() => slim.Deserialize(bytes));

        Assert.That(error, Is.Not.Null, "the input must be refused");
        Assert.That(error!.GetType(), Is.EqualTo(hostile.Expected), error.ToString());
        if (hostile.LimitName is not null)
        {
            Assert.That(((SlimLimitExceededException)error).LimitName, Does.StartWith(hostile.LimitName));
        }
        Assert.That(FuzzOracle.Verdict(error), Is.Null);
    }

    [TestCaseSource(nameof(Cases))]
    public void Deserialize_HostileInput_AllocatesNextToNothingWhileFailing(HostileCase hostile)
    {
        SlimSerializer slim = hostile.Serializer();
        byte[] bytes = hostile.Build(slim);
        Catch(() => slim.Deserialize(bytes)); // first read: codecs for the named types are built and cached

        long before = GC.GetAllocatedBytesForCurrentThread();
        Exception? error = Catch(() => slim.Deserialize(bytes));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(error, Is.InstanceOf<SlimDeserializationException>());
        Assert.That(allocated, Is.LessThan(MaxAllocatedBytes + 4L * bytes.Length), $"{allocated} bytes allocated for a {bytes.Length}-byte input");
    }

    [TestCaseSource(nameof(StreamCases))]
    public void Deserialize_HostileInputFromOneByteStream_ThrowsTheSameException(HostileCase hostile)
    {
        SlimSerializer slim = hostile.Serializer();
        byte[] bytes = hostile.Build(slim);
        Exception? error = Catch(() => slim.Deserialize(new OneByteStream(bytes)));
        Assert.That(error?.GetType(), Is.EqualTo(hostile.Expected));
    }

    [Test]
    public void Deserialize_MillionBackReferencesToOneObject_IsLinearAndKeepsIdentity()
    {
        // Item 6, "small payloads that expand into huge logical graphs": each back-reference is one byte, so the graph
        // is as large as the input justifies; what MaxObjects bounds is the number of new objects.
        const int Count = 1_000_000;
        SlimSerializer slim = HostileInputs.Policy();
        byte[] bytes = Wire.Message(slim, w =>
        {
            Wire.New(w, Wire.TObjectArray);
            w.WriteVarUInt32(Count);
            for (int i = 0; i < Count; i++)
            {
                w.WriteVarUInt32(Wire.FirstBackReference);
            }
        });
        var array = (object[])slim.Deserialize(bytes)!;
        Assert.That(array, Has.Length.EqualTo(Count));
        Assert.That(array.All(o => ReferenceEquals(o, array)), Is.True);
    }

    [Test]
    public void Deserialize_NestingJustUnderMaxDepth_IsAccepted()
    {
        // The depth limit refuses only what is deeper: 60 nested inline values read fine with MaxDepth 64.
        SlimSerializer slim = HostileInputs.Policy();
        object value = "core";
        for (int i = 0; i < 60; i++)
        {
            value = new InlineBox { Value = value };
        }
        object? copy = slim.Deserialize(slim.Serialize(value));
        for (int i = 0; i < 60; i++)
        {
            copy = ((InlineBox)copy!).Value;
        }
        Assert.That(copy, Is.EqualTo("core"));
    }

    [Test]
    public void Deserialize_EnumValueOutsideTheDefinedSet_IsAcceptedAsDotNetAllows()
    {
        // Item 7, enums: .NET enums are not limited to their named members ([Flags] combinations, members added by a
        // newer writer), so an undefined value of the right underlying type is data, not an attack. Only values
        // outside the underlying type are malformed (see the "short enum" case above).
        SlimSerializer slim = HostileInputs.Policy();
        object? copy = slim.Deserialize(slim.Serialize((ShortEnum)1234));
        Assert.That(copy, Is.EqualTo((ShortEnum)1234));
        Assert.That(Enum.IsDefined((ShortEnum)copy!), Is.False);
    }

    private static Exception? Catch(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }
}
