using System.Collections.Specialized;
using System.Diagnostics;
using System.Globalization;
using NFX.Slim;
using NFX.Slim.Codecs;
using NFX.Slim.TypeSystem;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Security;

/// <summary>
/// Culture names from the bytes: the runtime caches every culture it creates for the life of the process (with ICU any
/// well-formed name creates one), so only the cultures the runtime lists, or those of
/// <see cref="SlimOptions.AllowedCultures"/>, may be named by a payload.
/// </summary>
public sealed class CultureNameTests
{
    private const string Unknown = "ab-CD";

    [Test]
    public void CultureAwareComparer_UnknownCulture_RefusedNamingTheCultureAndTheOption()
    {
        Assume.That(CultureInfo.GetCultures(CultureTypes.AllCultures).Any(c => c.Name.Equals(Unknown, StringComparison.OrdinalIgnoreCase)), Is.False);
        var slim = new SlimSerializer();
        byte[] bytes = HostilePayloads.CultureComparer(slim, Unknown);
        Assert.Throws<SlimCultureNotAllowedException>(() => slim.Deserialize(bytes)); // warm up: the runtime's list is computed once

        var watch = Stopwatch.StartNew();
        long before = GC.GetAllocatedBytesForCurrentThread();
        SlimCultureNotAllowedException? error = Assert.Throws<SlimCultureNotAllowedException>(() => slim.Deserialize(bytes));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(error!.CultureName, Is.EqualTo(Unknown));
        Assert.That(error.Message, Does.Contain("'ab-CD'").And.Contain("SlimOptions.AllowedCultures"));
        Assert.That(error.Offset, Is.GreaterThan(0).And.LessThan(bytes.Length));
        Assert.That(error, Is.InstanceOf<SlimDeserializationException>());
        Assert.That(watch.Elapsed, Is.LessThan(TimeSpan.FromSeconds(5)));
        Assert.That(allocated, Is.LessThan(64 * 1024), "refused before anything is built for the name");
    }

    [Test]
    public void CultureAwareComparer_ManyNewNames_EachRefused()
    {
        // The attack: every message names a new culture. Each is refused, so nothing reaches the runtime's cache.
        var slim = new SlimSerializer();
        var known = new HashSet<string>(CultureInfo.GetCultures(CultureTypes.AllCultures).Select(c => c.Name), StringComparer.OrdinalIgnoreCase);
        for (int i = 0; i < 2000; i++)
        {
            string name = $"{(char)('a' + i % 26)}{(char)('a' + i / 26 % 26)}-{(char)('A' + i / 676 % 26)}Q";
            if (known.Contains(name))
            {
                continue;
            }
            byte[] bytes = HostilePayloads.CultureComparer(slim, name);
            Assert.Throws<SlimCultureNotAllowedException>(() => slim.Deserialize(bytes), name);
        }
    }

    [Test]
    public void CultureAwareComparer_KnownCultureInAnyCase_ReadsTheRuntimesCulture()
    {
        var slim = new SlimSerializer();

        var copy = (Dictionary<string, int>)slim.Deserialize(HostilePayloads.CultureComparer(slim, "EN-us"))!;

        Assert.That(copy.Comparer, Is.EqualTo(StringComparer.Create(CultureInfo.GetCultureInfo("en-US"), ignoreCase: false)));
        Assert.That(copy["a"], Is.EqualTo(1));
    }

    [Test]
    public void AllowedCultures_Configured_OnlyThoseAreRead()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { AllowedCultures = ["en-US"] });

        Assert.That(slim.Deserialize(HostilePayloads.CultureComparer(slim, "en-US")), Is.InstanceOf<Dictionary<string, int>>());
        SlimCultureNotAllowedException? error = Assert.Throws<SlimCultureNotAllowedException>(
            () => slim.Deserialize(HostilePayloads.CultureComparer(slim, "fr-FR")));
        Assert.That(error!.CultureName, Is.EqualTo("fr-FR"), "a culture the runtime knows but the list does not name");
    }

    private static readonly CompareOptions[] s_flags =
        [CompareOptions.IgnoreCase, CompareOptions.IgnoreNonSpace, CompareOptions.IgnoreSymbols, CompareOptions.IgnoreKanaType, CompareOptions.IgnoreWidth, CompareOptions.StringSort];

    [Test]
    public void CultureAwareComparer_EveryOptionSetButNoneAndIgnoreCase_Refused()
    {
        // The runtime keeps a native collator per culture and options pair for the life of the process: a payload may
        // choose the culture (among the allowed ones) but not the options.
        var slim = new SlimSerializer();
        CultureInfo culture = CultureInfo.GetCultureInfo("en-US");
        int refused = 0;
        for (int mask = 0; mask < 1 << s_flags.Length; mask++)
        {
            CompareOptions options = s_flags.Where((_, bit) => (mask & 1 << bit) != 0).Aggregate(CompareOptions.None, (a, b) => a | b);
            StringComparer comparer;
            try
            {
                comparer = StringComparer.Create(culture, options);
            }
            catch (ArgumentException)
            {
                continue; // a combination the runtime itself refuses
            }
            byte[] dictionary = slim.Serialize(new Dictionary<string, int>(comparer) { ["a"] = 1 });
            byte[] headers = slim.Serialize(new NameValueCollection(comparer) { ["a"] = "1" });
            if (options is CompareOptions.None or CompareOptions.IgnoreCase)
            {
                Assert.That(((Dictionary<string, int>)slim.Deserialize(dictionary)!).Comparer, Is.EqualTo(comparer), options.ToString());
                Assert.That(((NameValueCollection)slim.Deserialize(headers)!)["A"], Is.EqualTo(options == CompareOptions.IgnoreCase ? "1" : null), options.ToString());
                continue;
            }
            foreach (byte[] bytes in new[] { dictionary, headers })
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                Exception? error = null;
                try
                {
                    slim.Deserialize(bytes);
                }
                catch (Exception e)
                {
                    error = e;
                }
                Assert.That(error, Is.TypeOf<SlimFormatException>(), options.ToString());
                Assert.That(error!.Message, Does.Contain(options.ToString()));
                Assert.That(GC.GetAllocatedBytesForCurrentThread() - before, Is.LessThan(1 << 20), options.ToString());
            }
            refused++;
        }
        Assert.That(refused, Is.GreaterThanOrEqualTo(30), "the option sets a payload could choose before");
    }

    [Test]
    public void CultureAwareComparer_AdmissiblePairs_AreTwoPerAllowedCulture()
    {
        Assert.That(CultureComparerOptions.Admitted, Is.EqualTo(new[] { CompareOptions.None, CompareOptions.IgnoreCase }));
        // So the collators a payload can make the runtime keep: two per allowed culture.
        Assert.That(CultureNames.For(["en-US", "fr-FR", "de-DE"]).Count * CultureComparerOptions.Admitted.Count, Is.EqualTo(6));
        Assert.That(CultureNames.Runtime.Count * CultureComparerOptions.Admitted.Count, Is.EqualTo(2 * CultureInfo.GetCultures(CultureTypes.AllCultures).Length));
    }
}
