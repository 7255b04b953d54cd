using System.Diagnostics;
using System.Globalization;
using NFX.Slim;
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
}
