using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// A string field of a generated body is read in one call of the reader when it is new and fits a two-byte length, and
/// the checked way otherwise: both give the runtime path's strings, identities and refusals.
/// </summary>
public sealed class InlineStringReadTests
{
    private static SlimOptions Options(bool generated, SlimLimits? limits = null) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(InlineStringReadTests).Assembly),
        UseGeneratedCodecs = generated,
        Limits = limits ?? SlimLimits.Default,
    };

    private static IEnumerable<string?> Texts()
    {
        yield return null;
        yield return "";
        for (int length = 1; length <= 40; length++)
        {
            yield return new string((char)('a' + length % 26), length);
            yield return "é" + new string('x', length - 1);          // not ASCII: the UTF-8 way
            yield return new string('y', length - 1) + "\u00FF";      // the last byte not ASCII
        }
        foreach (int length in new[] { 125, 126, 127, 128, 129, 1000, 16381, 16382, 16383, 16384 }) // one, two and three length bytes
        {
            yield return new string('w', length);
            yield return new string('v', length - 1) + "é";
        }
        yield return "😀";
    }

    [Test]
    public void Read_EveryLengthAndEncoding_SameAsTheRuntimePathWithSharedStringsShared()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        Assert.That(generated.Codecs.Get(typeof(Names)), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).True);
        foreach (string? text in Texts())
        {
            var value = new Names { First = text, Second = text, Third = text is null ? "z" : text + "!", List = [text, "abc", text] };
            byte[] bytes = generated.Serialize(value);
            Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))));
            foreach (SlimSerializer reader in new[] { generated, runtime })
            {
                Names copy = reader.Deserialize<Names>(bytes);
                GraphAssert.AreEquivalent(value, copy);
                Assert.That(copy.First, Is.EqualTo(text));
                if (text is not null)
                {
                    Assert.That(copy.Second, Is.SameAs(copy.First), $"a shared string stays shared ({text.Length} chars)");
                    Assert.That(copy.List![0], Is.SameAs(copy.First));
                    Assert.That(copy.List[2], Is.SameAs(copy.First));
                }
            }
        }
    }

    [Test]
    public void Read_LongTextOfAnotherScript_AllocatedAsOnTheRuntimePath()
    {
        // 8,000 Cyrillic chars are 16,000 bytes of UTF-8: the ASCII attempt allocates 16,000 chars (32 KB) and the
        // decoded string 8,000 (16 KB). Returning to the checked way would try ASCII again: 80 KB in all.
        string text = new('ж', 8000);
        var reader = new SlimSerializer(Options(true));
        byte[] bytes = reader.Serialize(new Names { First = text });
        Assert.That(reader.Deserialize<Names>(bytes).First, Is.EqualTo(text)); // compiled and warmed up

        long before = GC.GetAllocatedBytesForCurrentThread();
        Names copy = reader.Deserialize<Names>(bytes);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(copy.First, Is.EqualTo(text));
        Assert.That(allocated, Is.InRange(48_000L, 60_000L));
    }

    [Test]
    public void Read_ObjectLimitReachedAtAString_RefusedAsOnTheRuntimePath()
    {
        var value = new Names { First = "one", Second = "two", Third = "three" };
        byte[] bytes = new SlimSerializer(Options(true)).Serialize(value);
        var limits = SlimLimits.Default with { MaxObjects = 3 }; // the root and two strings
        foreach (bool generated in new[] { true, false })
        {
            var reader = new SlimSerializer(Options(generated, limits));
            reader.Deserialize<Names>(new SlimSerializer(Options(true)).Serialize(new Names { First = "warm" })); // the slot has read one
            var error = Assert.Throws<SlimLimitExceededException>(() => reader.Deserialize<Names>(bytes))!;
            Assert.That(error.LimitName, Is.EqualTo(nameof(SlimLimits.MaxObjects)));
            Assert.That(error.Requested, Is.EqualTo(4));
        }
    }

    [Test]
    public void Read_ShortStringOverMaxStringBytes_Refused()
    {
        byte[] bytes = new SlimSerializer(Options(true)).Serialize(new Names { First = "abcdefgh" });
        foreach (bool generated in new[] { true, false })
        {
            var reader = new SlimSerializer(Options(generated, SlimLimits.Default with { MaxStringBytes = 7 }));
            var error = Assert.Throws<SlimLimitExceededException>(() => reader.Deserialize<Names>(bytes))!;
            Assert.That(error.LimitName, Does.StartWith(nameof(SlimLimits.MaxStringBytes)));
            Assert.That(new SlimSerializer(Options(generated, SlimLimits.Default with { MaxStringBytes = 8 })).Deserialize<Names>(bytes).First,
                Is.EqualTo("abcdefgh"));
        }
    }

    [TestCase("00", "is null")]                 // announced, then the null string
    [TestCase("09 61 62 63", "")]               // a length past the end of the message
    [TestCase("05 61 62 C3 28", "UTF-8")]       // invalid UTF-8 in a short string
    [TestCase("85 00 61 62 63 64", "Non-minimal")] // the length in two bytes, the second 0
    public void Read_HostileStringAfterItsHandle_RefusedWithASlimException(string replacement, string expected)
    {
        // "abcd" is written as its handle (01), LEB128(4 + 1) and the four bytes: swap what follows the handle.
        byte[] bytes = new SlimSerializer(Options(true)).Serialize(new Names { First = "abcd" });
        string hex = Convert.ToHexString(bytes);
        int at = hex.IndexOf("010561626364", StringComparison.Ordinal);
        Assert.That(at, Is.GreaterThan(0));
        string body = hex[..(at + 2)] + replacement.Replace(" ", "", StringComparison.Ordinal) + hex[(at + 12)..];
        foreach (bool generated in new[] { true, false })
        {
            var reader = new SlimSerializer(Options(generated));
            reader.Deserialize<Names>(bytes); // the slot has read one
            byte[] hostile = WithPayload(bytes, Convert.FromHexString(body));
            var error = Assert.Throws(Is.InstanceOf<SlimException>(), () => reader.Deserialize<Names>(hostile))!;
            Assert.That(error.Message, Does.Contain(expected));
        }
    }

    /// <summary>The message <paramref name="edited"/> with its header's length set to the bytes after the header.</summary>
    private static byte[] WithPayload(byte[] original, byte[] edited)
    {
        // The header is 'S' 'L', the version, the flags and LEB128(payload length), one byte for these short messages.
        int header = 5;
        Assert.That(original[header - 1], Is.EqualTo(original.Length - header), "a one-byte payload length");
        edited[header - 1] = (byte)(edited.Length - header);
        return edited;
    }

    public sealed class Names
    {
        public string? First;
        public string? Second;
        public string? Third;
        public List<string?>? List;
    }
}
