using System.Collections.Specialized;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

/// <summary>HTTP-header-like entries under the default (case-insensitive) comparer: merged keys, a null key, empty and null values.</summary>
public sealed class NameValueCollectionCodecTests : CodecTester<NameValueCollection>
{
    protected override NameValueCollection CreateValue() => NameValueCollectionCases.Headers();

    protected override void CheckCopy(NameValueCollection original, NameValueCollection copy) => NameValueCollectionCases.CheckHeaders(copy);
}

/// <summary>An ordinal comparer travels with the collection: "A" and "a" stay two keys.</summary>
public sealed class OrdinalNameValueCollectionCodecTests : CodecTester<NameValueCollection>
{
    protected override NameValueCollection CreateValue() => new(StringComparer.Ordinal) { { "A", "upper" }, { "a", "lower" } };

    protected override void CheckCopy(NameValueCollection original, NameValueCollection copy)
    {
        Assert.That(copy.Count, Is.EqualTo(2));
        Assert.That((copy["A"], copy["a"]), Is.EqualTo(("upper", "lower")));
    }
}

public sealed class NameValueCollectionHolder
{
    public NameValueCollection? Headers;
    public NameValueCollection? Same;
    public NameValueCollection? Custom;
}

public sealed class NameValueCollectionMatrixTests
{
    public static IEnumerable<TestCaseData> Serializers()
    {
        foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
        {
            yield return new TestCaseData(mode, false).SetArgDisplayNames(mode.ToString(), "default policy");
            yield return new TestCaseData(mode, true).SetArgDisplayNames(mode.ToString(), "allow-all");
        }
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTripAndDeepClone_NameValueCollections_KeepEntriesComparersAndSharing(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = allowAll
            ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
            : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });
        for (int message = 0; message < 2; message++)
        {
            NameValueCollection headers = NameValueCollectionCases.Headers();
            var original = new NameValueCollectionHolder
            {
                Headers = headers,
                Same = headers,
                Custom = new NameValueCollection(new FirstLetterComparer()) { { "apple", "1" }, { "avocado", "2" }, { "banana", "3" } },
            };
            foreach (NameValueCollectionHolder copy in new[] { slim.Deserialize<NameValueCollectionHolder>(slim.Serialize(original))!, slim.DeepClone(original)! })
            {
                GraphAssert.AreEquivalent(original, copy);
                NameValueCollectionCases.CheckHeaders(copy.Headers!);
                Assert.That(copy.Same, Is.SameAs(copy.Headers));
                Assert.That(copy.Headers, Is.Not.SameAs(original.Headers));
                Assert.That(copy.Custom!.GetValues("anything-with-a"), Is.EqualTo(new[] { "1", "2" }), "the custom comparer was lost");
                Assert.That(copy.Custom["b"], Is.EqualTo("3"));
            }
        }
    }
}

/// <summary>A read-only collection (as HttpUtility.ParseQueryString and configuration give) stays read-only; hostile keys are checked.</summary>
public sealed class NameValueCollectionStateTests
{
    [Test]
    public void RoundTripAndDeepClone_ReadOnlyCollection_StaysReadOnlyWithItsEntries()
    {
        var slim = new SlimSerializer(new SlimOptions { TypePolicy = SlimTypePolicy.AllowAll });
        NameValueCollection original = ReadOnlyNames.Make(readOnly: true);
        NameValueCollection writable = ReadOnlyNames.Make(readOnly: false);
        foreach (object[] copy in new[] { slim.Deserialize<object[]>(slim.Serialize(new object[] { original, writable }))!, slim.DeepClone(new object[] { original, writable })! })
        {
            var readOnly = (NameValueCollection)copy[0];
            Assert.That(readOnly["k"], Is.EqualTo("v"));
            Assert.That(ReadOnlyNames.IsReadOnly(readOnly), Is.True, "the read-only flag was lost");
            Assert.Throws<NotSupportedException>(() => readOnly.Add("x", "y"));
            Assert.That(ReadOnlyNames.IsReadOnly((NameValueCollection)copy[1]), Is.False);
        }
    }

    [Test]
    public void Deserialize_UnknownFlagBits_IsRefusedNamingTheFlagsAndOffset()
    {
        var slim = new SlimSerializer();
        byte[] bytes = slim.Serialize(ReadOnlyNames.Make(readOnly: false));
        byte[] readOnly = slim.Serialize(ReadOnlyNames.Make(readOnly: true));
        // The flags byte is the one byte where the two messages differ (FORMAT.md: after the comparer byte).
        int flags = Enumerable.Range(0, bytes.Length).Single(i => bytes[i] != readOnly[i]);
        Assert.That((bytes[flags - 1], bytes[flags], readOnly[flags]), Is.EqualTo(((byte)0, (byte)0, (byte)1)), "default comparer, then the flags");
        bytes[flags] = 0x82;
        var e = Assert.Throws<SlimFormatException>(() => slim.Deserialize(bytes))!;
        Assert.That(e.Message, Does.Contain("NameValueCollection flags 0x82"));
        Assert.That(e.Message, Does.Contain("offset"));
    }

    [Test]
    public void Deserialize_KeysThatShareOneHashUnderAUserComparer_IsRefusedUnlessTrusted()
    {
        var options = new SlimOptions { TypePolicy = SlimTypePolicy.AllowAll };
        var flooded = new NameValueCollection(new ConstantHashComparer());
        for (int i = 0; i < 300; i++)
        {
            flooded.Add("key" + i, "v");
        }
        byte[] bytes = new SlimSerializer(options).Serialize(flooded);
        var e = Assert.Throws<SlimLimitExceededException>(() => new SlimSerializer(options).Deserialize(bytes))!;
        Assert.That(e.Message, Does.Contain(nameof(SlimLimits.MaxHashCollisions)).And.Contain("NameValueCollection"));
        var trusted = (NameValueCollection)new SlimSerializer(options with { Limits = SlimLimits.Trusted }).Deserialize(bytes)!;
        Assert.That(trusted.Count, Is.EqualTo(300));
        Assert.That(trusted["key299"], Is.EqualTo("v"));
    }
}

/// <summary>The protected read-only flag of a NameValueCollection, set and read as the framework's own subclasses do.</summary>
internal static class ReadOnlyNames
{
    private static readonly System.Reflection.PropertyInfo s_flag = typeof(NameObjectCollectionBase)
        .GetProperty("IsReadOnly", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic)!;

    public static NameValueCollection Make(bool readOnly)
    {
        var collection = new NameValueCollection { { "k", "v" } };
        s_flag.SetValue(collection, readOnly);
        return collection;
    }

    public static bool IsReadOnly(NameValueCollection collection) => (bool)s_flag.GetValue(collection)!;
}

/// <summary>Ordinal equality, one hash code for every key: the flooding a hostile sender aims at a user's comparer.</summary>
public sealed class ConstantHashComparer : System.Collections.IEqualityComparer
{
    public new bool Equals(object? x, object? y) => string.Equals(x as string, y as string, StringComparison.Ordinal);

    public int GetHashCode(object obj) => 42;
}

/// <summary>Keys equal when they start with the same letter (a comparer the collection must keep as an object).</summary>
public sealed class FirstLetterComparer : System.Collections.IEqualityComparer
{
    public new bool Equals(object? x, object? y) => Key(x) == Key(y);

    public int GetHashCode(object obj) => Key(obj);

    private static char Key(object? value) => value is string { Length: > 0 } s ? s[0] : '\0';
}

internal static class NameValueCollectionCases
{
    public static NameValueCollection Headers()
    {
        var headers = new NameValueCollection
        {
            { "Accept", "text/html" },
            { "accept", "application/json" },
            { "X-Empty", null },
            { null, "no name" },
        };
        headers.Set("X-Null", null);
        return headers;
    }

    public static void CheckHeaders(NameValueCollection copy)
    {
        Assert.That(copy.AllKeys, Is.EqualTo(new[] { "Accept", "X-Empty", null, "X-Null" }));
        Assert.That(copy.GetValues("ACCEPT"), Is.EqualTo(new[] { "text/html", "application/json" }), "values or the case-insensitive comparer lost");
        Assert.That(copy.GetValues("x-empty"), Is.Null);
        Assert.That(copy[null], Is.EqualTo("no name"));
        Assert.That(copy.GetValues("X-Null"), Is.EqualTo(new string?[] { null }));
        copy.Add("accept", "text/plain");
        Assert.That(copy.GetValues("Accept")!.Length, Is.EqualTo(3));
    }
}

/// <summary>A class deriving from NameValueCollection with a field of its own (a user's header collection).</summary>
public sealed class TaggedHeaders : NameValueCollection
{
    public TaggedHeaders() { }

    public TaggedHeaders(IEqualityComparer<string?> comparer) : base(new FirstLetterComparer()) => Comparer = comparer;

    public string? Tag;

    /// <summary>A second reference to the comparer, so identity inside the copy is checked too.</summary>
    public IEqualityComparer<string?>? Comparer;
}

public sealed class TaggedHeadersHolder
{
    public TaggedHeaders? Plain;
    public TaggedHeaders? Custom;
    public TaggedHeaders? Same;
}

/// <summary>
/// Subclasses of NameValueCollection are rebuilt through its codec (comparer, flags, entries), then their own fields,
/// as the hashed collections' subclasses are: a user's class is not refused for the framework's internals below it.
/// </summary>
public sealed class NameValueCollectionSubclassTests
{
    public static IEnumerable<TestCaseData> Serializers() => NameValueCollectionMatrixTests.Serializers();

    [TestCaseSource(nameof(Serializers))]
    public void RoundTripAndDeepClone_Subclass_KeepsEntriesComparerFlagsAndItsOwnFields(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = allowAll
            ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
            : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });
        for (int message = 0; message < 2; message++)
        {
            var plain = new TaggedHeaders { Tag = "plain" };
            plain.Add("Accept", "text/html");
            plain.Add("accept", "application/json");
            plain.Add(null, "no key");
            var custom = new TaggedHeaders(StringComparer.Ordinal) { Tag = "custom" };
            custom.Add("apple", "1");
            custom.Add("avocado", "2");
            var original = new TaggedHeadersHolder { Plain = plain, Custom = custom, Same = plain };

            foreach (TaggedHeadersHolder copy in new[] { slim.Deserialize<TaggedHeadersHolder>(slim.Serialize(original))!, slim.DeepClone(original)! })
            {
                GraphAssert.AreEquivalent(original, copy);
                Assert.That(copy.Plain, Is.TypeOf<TaggedHeaders>().And.Not.SameAs(plain));
                Assert.That(copy.Same, Is.SameAs(copy.Plain));
                Assert.That((copy.Plain!.Tag, copy.Custom!.Tag), Is.EqualTo(("plain", "custom")));
                Assert.That(copy.Plain.GetValues("ACCEPT"), Is.EqualTo(new[] { "text/html", "application/json" }), "the default comparer is case-insensitive");
                Assert.That(copy.Plain[null], Is.EqualTo("no key"));
                Assert.That(copy.Custom.GetValues("a-anything"), Is.EqualTo(new[] { "1", "2" }), "the custom comparer was lost");
                Assert.That(copy.Custom.Comparer, Is.SameAs(StringComparer.Ordinal));
                copy.Plain.Add("X-New", "added after the copy");
                Assert.That(copy.Plain["x-new"], Is.EqualTo("added after the copy"));
            }
        }
    }

    [Test]
    public void RoundTrip_ReadOnlySubclass_StaysReadOnly()
    {
        var slim = new SlimSerializer(new SlimOptions { TypePolicy = SlimTypePolicy.AllowAll });
        var original = new ReadOnlyTaggedHeaders("k", "v");

        foreach (ReadOnlyTaggedHeaders copy in new[] { slim.Deserialize<ReadOnlyTaggedHeaders>(slim.Serialize(original))!, slim.DeepClone(original)! })
        {
            Assert.That(copy["k"], Is.EqualTo("v"));
            Assert.That(copy.Tag, Is.EqualTo("sealed"));
            Assert.Throws<NotSupportedException>(() => copy.Add("other", "value"));
        }
    }
}

public sealed class ReadOnlyTaggedHeaders : NameValueCollection
{
    public ReadOnlyTaggedHeaders(string key, string value)
    {
        Add(key, value);
        Tag = "sealed";
        IsReadOnly = true;
    }

    public string? Tag;
}
