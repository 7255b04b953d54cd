using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;
using NFX.Tests.Support;

namespace NFX.Tests.Security;

/// <summary>
/// REFERENCE.md section 3, item 1: every corpus payload cut at every length, as a message whose frame still claims the
/// full length and as a message re-framed around the shorter payload (so the cut reaches the graph reader), and fed
/// one byte at a time through a non-seekable stream, whole and cut.
/// </summary>
public sealed class TruncationTests
{
    public static IEnumerable<CorpusEntry> Entries() => Corpus.Entries;

    [TestCaseSource(nameof(Entries))]
    public void Deserialize_MessageCutAtEveryLength_ThrowsSlimFormatException(CorpusEntry entry)
    {
        SlimSerializer slim = Corpus.NewSerializer();
        for (int length = 0; length < entry.Bytes.Length; length++)
        {
            byte[] cut = entry.Bytes[..length];
            var error = Assert.Throws<SlimFormatException>(() => slim.Deserialize(cut), $"cut at {length}");
            Assert.That(error!.Offset, Is.InRange(0, length), $"cut at {length}: the offset names a byte inside the input");
        }
    }

    [TestCaseSource(nameof(Entries))]
    public void Deserialize_PayloadCutAtEveryLengthAndReframed_ThrowsSlimFormatException(CorpusEntry entry)
    {
        SlimSerializer slim = Corpus.NewSerializer();
        int start = Wire.PayloadStart(entry.Bytes);
        for (int length = 0; length < entry.Bytes.Length - start; length++)
        {
            byte[] cut = Wire.Frame(entry.Bytes.AsSpan(start, length));
            Assert.Throws<SlimFormatException>(() => slim.Deserialize(cut), $"payload cut at {length} of {entry.Bytes.Length - start}");
        }
    }

    [TestCaseSource(nameof(Entries))]
    public void Deserialize_OneByteAtATimeFromNonSeekableStream_ReadsTheWholeGraph(CorpusEntry entry)
    {
        SlimSerializer slim = Corpus.NewSerializer();
        // Two messages back to back: the first read must consume exactly its own bytes.
        byte[] twice = [.. entry.Bytes, .. entry.Bytes];
        var stream = new OneByteStream(twice);
        object? first = slim.Deserialize(stream);
        Assert.That(stream.Consumed, Is.EqualTo(entry.Bytes.Length));
        object? second = slim.Deserialize(stream);
        GraphAssert.AreEquivalent(entry.Value, first);
        GraphAssert.AreEquivalent(entry.Value, second);
        Assert.That(second, Is.Not.SameAs(first));
        Assert.Throws<SlimFormatException>(() => slim.Deserialize(stream), "end of stream: no further message");
    }

    [TestCaseSource(nameof(Entries))]
    public void Deserialize_NonSeekableStreamCutAtEveryLength_ThrowsSlimFormatException(CorpusEntry entry)
    {
        SlimSerializer slim = Corpus.NewSerializer();
        for (int length = 0; length < entry.Bytes.Length; length++)
        {
            var stream = new OneByteStream(entry.Bytes, endAfter: length);
            Assert.Throws<SlimFormatException>(() => slim.Deserialize(stream), $"stream cut at {length}");
        }
    }

    [Test]
    public void Corpus_CoversEveryKindOfCodec()
    {
        // The corpus is only as good as what it exercises: each payload must round-trip, and together they must name
        // the codec families the fuzzer is meant to reach.
        SlimSerializer slim = Corpus.NewSerializer();
        foreach (CorpusEntry entry in Corpus.Entries)
        {
            GraphAssert.AreEquivalent(entry.Value, slim.Deserialize(entry.Bytes));
        }
        string all = string.Join(" ", Corpus.Entries.Select(e => System.Text.Encoding.UTF8.GetString(e.Bytes)));
        // (Built-in types such as Dictionary`2 travel as handles, so only the others show up by name.)
        Assert.That(all, Does.Contain("ImmutableSortedSet`1").And.Contain("Perzon").And.Contain("CustomSerializable")
            .And.Contain("ArgumentException").And.Contain("Money").And.Contain("InlineBox").And.Contain("WithCallbacks"));
        Assert.That(Corpus.Entries.Sum(e => e.Bytes.Length), Is.GreaterThan(3000));
    }
}
