using NFX.Tests.Orleans.Support;
using System.Collections.Specialized;
using System.Globalization;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using Orleans.Serialization;

namespace NFX.Tests.Orleans;

/// <summary>
/// Cultures through Orleans' <c>Serializer&lt;object&gt;</c> and copier: a culture-aware comparer may not choose the
/// options the runtime keeps a collator for (only None and IgnoreCase), and a culture comes back as it was.
/// </summary>
public sealed class CultureInputTests
{
    [Test]
    public void CultureAwareComparerWithOtherOptions_Refused_WithinBounds()
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        var value = new Localized { Headers = new NameValueCollection(StringComparer.Create(CultureInfo.GetCultureInfo("fr-FR"), CompareOptions.IgnoreNonSpace | CompareOptions.IgnoreSymbols)) { ["a"] = "1" } };
        byte[] bytes = serializer.SerializeToArray(value); // the writer writes what the program made; the reader decides

        long before = GC.GetAllocatedBytesForCurrentThread();
        Exception? e = SlimSerializers.Thrown(() => serializer.Deserialize(bytes));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(e, Is.TypeOf<SlimFormatException>(), e?.ToString());
        Assert.That(e!.Message, Does.Contain("IgnoreNonSpace, IgnoreSymbols"));
        Assert.That(allocated, Is.LessThan(1 << 20));
    }

    [Test]
    public void CultureAwareComparerIgnoringCase_ReadAndCopied()
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        var value = new Localized { Headers = new NameValueCollection(StringComparer.Create(CultureInfo.GetCultureInfo("tr-TR"), ignoreCase: true)) { ["Name"] = "x" } };

        foreach (Localized copy in new[] { (Localized)serializer.Deserialize(serializer.SerializeToArray(value))!, (Localized)services.GetRequiredService<DeepCopier<object>>().Copy(value) })
        {
            Assert.That(copy.Headers["NAME"], Is.EqualTo("x"));
        }
    }

    [Test]
    public void Culture_ComesBackAsItWas_ReadAndCopied()
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        DeepCopier<object> copier = services.GetRequiredService<DeepCopier<object>>();
        var writable = new CultureInfo("tr-TR");
        writable.NumberFormat.NumberDecimalSeparator = "#";
        writable.DateTimeFormat.ShortDatePattern = "yyyy|MM|dd";
        CultureInfo shared = CultureInfo.GetCultureInfo("tr-TR");

        foreach (Func<Localized, Localized> travel in new Func<Localized, Localized>[] { v => (Localized)serializer.Deserialize(serializer.SerializeToArray(v))!, v => (Localized)copier.Copy(v) })
        {
            CultureInfo copy = travel(new Localized { Culture = writable }).Culture!;
            Assert.That(copy.IsReadOnly, Is.False);
            Assert.That(copy, Is.Not.SameAs(writable));
            Assert.That(copy.NumberFormat.NumberDecimalSeparator, Is.EqualTo("#"));
            Assert.That(new DateTime(2024, 2, 29).ToString("d", copy), Is.EqualTo("2024|02|29"));
            Assert.That(travel(new Localized { Culture = shared }).Culture, Is.SameAs(shared));
        }
    }
}
