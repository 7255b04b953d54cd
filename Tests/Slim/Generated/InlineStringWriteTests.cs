using NFX.IO;
using NFX.Slim;
using static NFX.Tests.Slim.Generated.InPlaceBodyTests;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// Strings written by generated bodies (the session's leaf for a new short ASCII string or a one-byte back-reference,
/// and the rest's way for everything else): the runtime path's bytes for every kind of string at every distance from
/// the end of the first buffer, and back-references on both sides of the one-byte handles.
/// </summary>
public sealed class InlineStringWriteTests
{
    private static SlimOptions Options(bool generated) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(InlineStringWriteTests).Assembly),
        UseGeneratedCodecs = generated,
    };

    /// <summary>
    /// Names of every kind the string ways tell apart: null, empty, ASCII of 1-40 chars (the short way's 32 and past it),
    /// 126-128 and 300 chars (the one-byte prefix's limit), 16,381-16,384 chars (the leaf's two-byte prefix's limit),
    /// non-ASCII first, last and alone, and strings met again.
    /// </summary>
    private static List<string?> Names(int count)
    {
        var names = new List<string?>();
        var random = new Random(1);
        for (int i = 0; names.Count < count; i++)
        {
            int length = i % 41;
            string ascii = new string((char)('a' + i % 26), length) + (i % 7 == 0 ? "" : i.ToString());
            names.Add((i % 13) switch
            {
                0 => null,
                1 => "",
                2 => "\u00E9" + ascii,
                3 => ascii + "\u4E2D",
                4 => new string('x', 126 + i % 3),
                5 when i % 2 == 1 => new string('y', 300),
                // Around the leaf's limit: the last lengths with a two-byte prefix, and the first with three.
                5 => new string('z', SlimWriter.MaxTwoBytePrefixChars - 2 + i / 26 % 4),
                // Met again: early names (one-byte back-references) and, past ~130 names, ones whose handle takes two bytes.
                6 or 7 => names[random.Next(names.Count)],
                _ => ascii,
            });
        }
        return names;
    }

    private static Link Tree(IReadOnlyList<string?> names, int padding) => new()
    {
        Name = new string('p', padding),
        Children = names.Select(name => new Link { Name = name }).ToList(),
    };

    [Test]
    public void Serialize_StringsOfEveryKindAtEveryDistanceFromTheBufferEnd_TheRuntimePathsBytes()
    {
        List<string?> names = Names(400);
        for (int padding = 0; padding < 48; padding++)
        {
            // Fresh serializers: the first buffer's end falls at a different string for each padding.
            SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
            Link value = Tree(names, padding);
            byte[] generatedBytes = generated.Serialize(value);
            byte[] runtimeBytes = runtime.Serialize(value);
            Assert.That(Convert.ToHexString(generatedBytes), Is.EqualTo(Convert.ToHexString(runtimeBytes)), $"padding {padding}");
            Link copy = runtime.Deserialize<Link>(generatedBytes);
            Assert.That(copy.Children!.Select(child => child.Name), Is.EqualTo(names), $"padding {padding}");
            // The second message of the same serializer: the pool's entries of the first are stale, not found.
            Assert.That(Convert.ToHexString(generated.Serialize(value)), Is.EqualTo(Convert.ToHexString(runtimeBytes)), $"padding {padding}, again");
        }
    }

    [TestCase(false)]
    [TestCase(true)]
    public void Serialize_BackReferencesToEveryIndexAroundTheOneByteLimit_TheRuntimePathsBytes(bool shifted)
    {
        // 100 new names, then each met again: back-references to every name's pool index (a link and its name each take
        // one; a first child without a name shifts them by one), 125 the last of one byte, 126 the first of two.
        var unique = Enumerable.Range(0, 100).Select(i => "n" + i).ToList();
        var names = new List<string?>();
        if (shifted)
        {
            names.Add(null);
        }
        names.AddRange(unique);
        names.AddRange(unique);
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        Link value = Tree(names, 1);
        byte[] bytes = generated.Serialize(value);
        Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))));
        Link copy = runtime.Deserialize<Link>(bytes);
        List<Link> children = copy.Children!;
        Assert.That(children.Select(child => child.Name), Is.EqualTo(names));
        int offset = shifted ? 1 : 0;
        Assert.That(Enumerable.Range(0, 100).All(i => ReferenceEquals(children[offset + i].Name, children[offset + 100 + i].Name)), Is.True);
    }

    [Test]
    public void Serialize_AStringMetAgain_KeepsItsIdentity_OneAndTwoByteHandles()
    {
        List<string?> names = Names(400);
        var slim = new SlimSerializer(Options(true));
        Link copy = slim.Deserialize<Link>(slim.Serialize(Tree(names, 0)));
        List<Link> children = copy.Children!;
        int checkedPairs = 0, farPairs = 0;
        for (int i = 0; i < names.Count; i++)
        {
            if (names[i] is null)
            {
                continue;
            }
            int first = names.FindIndex(name => ReferenceEquals(name, names[i]));
            if (first != i)
            {
                Assert.That(children[i].Name, Is.SameAs(children[first].Name), $"name {i}, first met at {first}");
                checkedPairs++;
                // Each child is a link and its name in the pool: a name first met past the 70th child has an index
                // past 125, whose back-reference takes two bytes.
                farPairs += first > 70 ? 1 : 0;
            }
        }
        Assert.That(checkedPairs, Is.GreaterThan(20));
        Assert.That(farPairs, Is.GreaterThan(3));
    }
}
