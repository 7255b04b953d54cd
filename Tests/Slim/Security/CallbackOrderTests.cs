using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Security;

/// <summary>
/// REFERENCE.md section 3, item 11: user code that sees payload data ([OnDeserialized], IDeserializationCallback,
/// ISerializable constructors, GetHashCode/Equals of keys in hashed collections) runs only after the whole message was
/// read and validated; when any byte is bad, none of it runs. [OnDeserializing] runs on the blank instance, before its
/// fields are set, and sees no payload data (docs/SECURITY.md, "Callbacks").
/// </summary>
public sealed class CallbackOrderTests
{
    private static SlimSerializer Slim() => Corpus.NewSerializer();

    /// <summary>The message of <c>object[] { first, new Holder { Value = true } }</c>.</summary>
    private static byte[] WithTrailingBool(object first) => Slim().Serialize(new object[] { first, new Holder { Value = true } });

    /// <summary>The last byte of the payload belongs to the last body read: cut it, and the read fails after every other body.</summary>
    private static byte[] LastByteCut(byte[] bytes) => Wire.Frame(bytes.AsSpan(Wire.PayloadStart(bytes))[..^1]);

    private static byte[] TrailingGarbage(byte[] bytes) => Wire.Frame([.. bytes[Wire.PayloadStart(bytes)..], 0]);

    public static IEnumerable<TestCaseData> Corruptions()
    {
        yield return new TestCaseData((Func<byte[], byte[]>)LastByteCut, typeof(SlimFormatException)).SetArgDisplayNames("last body cut short");
        yield return new TestCaseData((Func<byte[], byte[]>)TrailingGarbage, typeof(SlimFormatException)).SetArgDisplayNames("unread byte after the last body");
    }

    [TestCaseSource(nameof(Corruptions))]
    public void Deserialize_InvalidMessage_RunsNoDeserializedCallbacks(Func<byte[], byte[]> corrupt, Type expected)
    {
        string token = RanLog.NewToken();
        byte[] bytes = corrupt(WithTrailingBool(new CallbackRecorder { Token = token, Value = 1 }));
        Assert.That(Assert.Catch(() => Slim().Deserialize(bytes))!.GetType(), Is.EqualTo(expected));
        Assert.That(RanLog.Of(token), Is.Empty);
    }

    [TestCaseSource(nameof(Corruptions))]
    public void Deserialize_InvalidMessage_RunsNoISerializableConstructor(Func<byte[], byte[]> corrupt, Type expected)
    {
        string token = RanLog.NewToken();
        byte[] bytes = corrupt(WithTrailingBool(new SerializableRecorder { Token = token }));
        Assert.That(Assert.Catch(() => Slim().Deserialize(bytes))!.GetType(), Is.EqualTo(expected));
        Assert.That(RanLog.Of(token), Is.Empty);
    }

    [TestCaseSource(nameof(Corruptions))]
    public void Deserialize_InvalidMessage_NeverHashesKeysOfAHashedCollection(Func<byte[], byte[]> corrupt, Type expected)
    {
        string token = RanLog.NewToken();
        var set = new HashSet<HashRecorder> { new() { Token = token, Id = 1 }, new() { Token = token, Id = 2 } };
        var dictionary = new Dictionary<HashRecorder, int> { [new() { Token = token, Id = 3 }] = 3 };
        byte[] bytes = corrupt(WithTrailingBool(new object[] { set, dictionary }));
        string[] before = RanLog.Of(token); // building the originals hashed them
        Assert.That(Assert.Catch(() => Slim().Deserialize(bytes))!.GetType(), Is.EqualTo(expected));
        Assert.That(RanLog.Of(token), Is.EqualTo(before));
    }

    [Test]
    public void Deserialize_BoolByteTwoInTheLastBody_RunsNoCallback()
    {
        string token = RanLog.NewToken();
        byte[] bytes = WithTrailingBool(new CallbackRecorder { Token = token, Value = 1 });
        Assert.That(bytes[^3..], Is.EqualTo(new byte[] { 2, 4, 1 }), "the holder's body, last: a new boxed bool, true");
        bytes[^1] = 2;
        Assert.Throws<SlimFormatException>(() => Slim().Deserialize(bytes));
        Assert.That(RanLog.Of(token), Is.Empty);
    }

    [Test]
    public void Deserialize_ValidMessage_RunsEverythingAfterTheGraphInDocumentedOrder()
    {
        string token = RanLog.NewToken();
        var recorder = new CallbackRecorder { Token = token, Value = 7 };
        var key = new HashRecorder { Token = token, Id = 5 };
        var serializable = new SerializableRecorder { Token = token };
        byte[] bytes = Slim().Serialize(new object[] { recorder, new HashSet<HashRecorder> { key }, serializable });
        int before = RanLog.Of(token).Length;

        var copy = (object[])Slim().Deserialize(bytes)!;

        string[] ran = RanLog.Of(token)[before..];
        // Deferred work first, deepest first (the ISerializable constructor, the set's hashing), then [OnDeserialized],
        // then IDeserializationCallback.
        Assert.That(ran, Is.EqualTo(new[] { "ctor", "hash", "deserialized", "callback" }));
        var recorderCopy = (CallbackRecorder)copy[0];
        Assert.That(recorderCopy.Token, Is.EqualTo(token));
        Assert.That(recorderCopy.TokenSeenByOnDeserializing, Is.EqualTo("(blank)"), "[OnDeserializing] ran before any field was set");
        Assert.That(((SerializableRecorder)copy[2]).Token, Is.EqualTo(token));
    }

    [Test]
    public void Deserialize_ThrowingCallback_IsReportedAsSlimDeserializationException()
    {
        byte[] bytes = Slim().Serialize(new Holder { Value = new ThrowsOnDeserialized() });
        var error = Assert.Throws<SlimDeserializationException>(() => Slim().Deserialize(bytes));
        Assert.That(error!.InnerException, Is.TypeOf<InvalidOperationException>());
        Assert.That(FuzzOracle.Verdict(error), Is.Null);
    }
}

public sealed class ThrowsOnDeserialized
{
    public int Value;

    [System.Runtime.Serialization.OnDeserialized]
    private void Done(System.Runtime.Serialization.StreamingContext context) => throw new InvalidOperationException("refused by the type itself");
}
