using System.Globalization;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

public sealed class CultureHolder
{
    public CultureInfo? Culture;
    public CultureInfo? Same;
    public CultureInfo? Invariant;
    public object? Boxed;
}

/// <summary>A culture is its name: one whose TextInfo was used (its ISerializable path throws) comes back by name.</summary>
public sealed class CultureInfoCodecTests : CodecTester<CultureHolder>
{
    public static IEnumerable<TestCaseData> Serializers()
    {
        foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
        {
            yield return new TestCaseData(mode, false).SetArgDisplayNames(mode.ToString(), "default policy");
            yield return new TestCaseData(mode, true).SetArgDisplayNames(mode.ToString(), "allow-all");
        }
    }

    protected override CultureHolder CreateValue()
    {
        var culture = new CultureInfo("fr-FR");
        Assert.That(culture.TextInfo.ToUpper("é"), Is.EqualTo("É"));
        return new CultureHolder { Culture = culture, Same = culture, Invariant = CultureInfo.InvariantCulture, Boxed = CultureInfo.GetCultureInfo("de-DE") };
    }

    protected override void CheckCopy(CultureHolder original, CultureHolder copy)
    {
        Assert.That(copy.Culture!.Name, Is.EqualTo("fr-FR"));
        Assert.That(copy.Same, Is.SameAs(copy.Culture));
        Assert.That(copy.Culture, Is.Not.SameAs(original.Culture), "a changeable culture is shared with the original");
        Assert.That(copy.Invariant!.Name, Is.EqualTo(""));
        Assert.That(((CultureInfo)copy.Boxed!).Name, Is.EqualTo("de-DE"));
        Assert.That(copy.Culture.TextInfo.ToUpper("é"), Is.EqualTo("É"));
        Assert.That(1.5.ToString(copy.Culture), Is.EqualTo("1,5"));
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTripAndDeepClone_CultureUsedBefore_ComesBackByName(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = allowAll
            ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
            : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });
        for (int message = 0; message < 2; message++)
        {
            CultureHolder original = CreateValue();
            foreach (CultureHolder copy in new[] { slim.Deserialize<CultureHolder>(slim.Serialize(original))!, slim.DeepClone(original)! })
            {
                GraphAssert.AreEquivalent(original, copy);
                CheckCopy(original, copy);
            }
        }
    }

    [Test]
    public void Deserialize_CultureOutsideAllowedCultures_ThrowsSlimCultureNotAllowedException()
    {
        byte[] bytes = RoundTrip.NewSerializer().Serialize(CreateValue());
        SlimSerializer reader = RoundTrip.NewSerializer(SlimOptions.Default with { AllowedCultures = ["de-DE", ""] });
        SlimCultureNotAllowedException? error = Assert.Throws<SlimCultureNotAllowedException>(() => reader.Deserialize<CultureHolder>(bytes));
        Assert.That(error!.Message, Does.Contain("fr-FR"));
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTripAndDeepClone_SharedReadOnlyCulture_IsTheRuntimesInstance(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = Serializer(mode, allowAll);
        foreach (CultureInfo shared in new[] { CultureInfo.GetCultureInfo("tr-TR"), CultureInfo.InvariantCulture, CultureInfo.GetCultureInfo("ar-SA") })
        {
            Assert.That(slim.Deserialize(slim.Serialize(shared)), Is.SameAs(shared), shared.Name);
            Assert.That(slim.DeepClone(shared), Is.SameAs(shared), shared.Name);
        }
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTripAndDeepClone_WritableCultureWithChangedFormats_ComesBackAsItWas(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = Serializer(mode, allowAll);
        foreach (CultureInfo original in new[] { Customised("tr-TR", useUserOverride: true), Customised("ar-SA", useUserOverride: false), new CultureInfo("de-DE") })
        {
            foreach (CultureInfo copy in new[] { (CultureInfo)slim.Deserialize(slim.Serialize(original))!, slim.DeepClone(original)! })
            {
                Assert.That(copy, Is.Not.SameAs(original));
                Assert.That(copy.IsReadOnly, Is.False, original.Name);
                AssertSameCulture(original, copy);
                copy.NumberFormat.NumberDecimalSeparator = "~"; // still changeable, and its own
                Assert.That(original.NumberFormat.NumberDecimalSeparator, Is.Not.EqualTo("~"));
            }
        }
    }

    [TestCaseSource(nameof(Serializers))]
    public void RoundTripAndDeepClone_CustomisedCultureMadeReadOnly_ComesBackReadOnlyWithItsFormats(TypeRegistryMode mode, bool allowAll)
    {
        SlimSerializer slim = Serializer(mode, allowAll);
        CultureInfo original = CultureInfo.ReadOnly(Customised("tr-TR", useUserOverride: false));

        var read = (CultureInfo)slim.Deserialize(slim.Serialize(original))!;

        Assert.That(read.IsReadOnly, Is.True);
        Assert.That(read, Is.Not.SameAs(CultureInfo.GetCultureInfo("tr-TR")));
        AssertSameCulture(original, read);
        Assert.That(slim.DeepClone(original), Is.SameAs(original), "a read-only culture cannot change: the clone shares it");
    }

    [TestCase(0x08)]
    [TestCase(0x02)]
    [TestCase(0x80)]
    public void Deserialize_UnknownCultureFlags_ThrowsSlimFormatException(int flags)
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        byte[] bytes = slim.Serialize(CultureInfo.GetCultureInfo("de-DE"));
        int at = bytes.AsSpan().IndexOf("de-DE"u8) + 5;
        Assert.That(bytes[at], Is.EqualTo(0), "test set-up: the shared culture's flags byte follows its name");
        bytes[at] = (byte)flags;

        SlimFormatException? error = Assert.Throws<SlimFormatException>(() => slim.Deserialize(bytes));
        Assert.That(error!.Offset, Is.EqualTo(at));
    }

    [Test]
    public void Deserialize_FormatValueTheCultureCannotHold_ThrowsSlimFormatException()
    {
        SlimSerializer slim = RoundTrip.NewSerializer();
        CultureInfo culture = new("de-DE");
        culture.NumberFormat.CurrencyDecimalDigits = 7;
        byte[] bytes = slim.Serialize(culture);
        int at = bytes.AsSpan().IndexOf("de-DE"u8) + 6; // the name, the flags, then CurrencyDecimalDigits (zigzag 7 = 14)
        Assert.That(bytes[at], Is.EqualTo(14), "test set-up");
        bytes[at] = 2 * 100; // 100 digits: NumberFormatInfo allows 0 to 99

        Assert.Throws<SlimFormatException>(() => slim.Deserialize(bytes));
    }

    private static SlimSerializer Serializer(TypeRegistryMode mode, bool allowAll) => allowAll
        ? new SlimSerializer(new SlimOptions { RegistryMode = mode, TypePolicy = SlimTypePolicy.AllowAll })
        : RoundTrip.NewSerializer(SlimOptions.Default with { RegistryMode = mode });

    /// <summary>A writable culture with its number, date-time and list formats changed (and, for ar-SA, another calendar).</summary>
    private static CultureInfo Customised(string name, bool useUserOverride)
    {
        var culture = new CultureInfo(name, useUserOverride);
        if (culture.OptionalCalendars.FirstOrDefault(c => c.GetType() != culture.DateTimeFormat.Calendar.GetType()) is { } other)
        {
            culture.DateTimeFormat.Calendar = other;
        }
        culture.DateTimeFormat.Calendar.TwoDigitYearMax = 2077;
        NumberFormatInfo number = culture.NumberFormat;
        number.NumberDecimalSeparator = "#";
        number.NumberGroupSeparator = "'";
        number.NumberGroupSizes = [2, 3, 0];
        number.CurrencySymbol = "XX";
        number.CurrencyDecimalDigits = 5;
        number.PercentPositivePattern = 3;
        number.NegativeSign = "~";
        number.DigitSubstitution = DigitShapes.NativeNational;
        DateTimeFormatInfo dates = culture.DateTimeFormat;
        dates.ShortDatePattern = "yyyy|MM|dd";
        dates.LongTimePattern = "HH-mm-ss";
        dates.FullDateTimePattern = "dddd yyyy HH";
        dates.DayNames = ["d0", "d1", "d2", "d3", "d4", "d5", "d6"];
        dates.AbbreviatedMonthNames = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10", "m11", "m12", ""];
        dates.FirstDayOfWeek = DayOfWeek.Wednesday;
        dates.CalendarWeekRule = CalendarWeekRule.FirstFullWeek;
        dates.AMDesignator = "morning";
        culture.TextInfo.ListSeparator = "|";
        return culture;
    }

    /// <summary>Every public property of the number and date-time formats, value by value, and what the culture itself says.</summary>
    private static void AssertSameCulture(CultureInfo expected, CultureInfo actual)
    {
        Assert.That(actual.Name, Is.EqualTo(expected.Name));
        Assert.That(actual.UseUserOverride, Is.EqualTo(expected.UseUserOverride), expected.Name);
        Assert.That(actual.TextInfo.ListSeparator, Is.EqualTo(expected.TextInfo.ListSeparator), expected.Name);
        Assert.That(actual.DateTimeFormat.Calendar.GetType(), Is.EqualTo(expected.DateTimeFormat.Calendar.GetType()), expected.Name);
        Assert.That(actual.DateTimeFormat.Calendar.TwoDigitYearMax, Is.EqualTo(expected.DateTimeFormat.Calendar.TwoDigitYearMax), expected.Name);
        foreach ((object want, object got) in new (object, object)[] { (expected.NumberFormat, actual.NumberFormat), (expected.DateTimeFormat, actual.DateTimeFormat) })
        {
            foreach (System.Reflection.PropertyInfo property in want.GetType().GetProperties().Where(p => p.GetIndexParameters().Length == 0 && p.Name is not ("Calendar" or "IsReadOnly")))
            {
                object? a = property.GetValue(want), b = property.GetValue(got);
                Assert.That(b, Is.EqualTo(a), $"{expected.Name}: {property.DeclaringType!.Name}.{property.Name}");
            }
        }
        Assert.That(12345.678.ToString("N", actual), Is.EqualTo(12345.678.ToString("N", expected)));
        var day = new DateTime(2024, 2, 29, 13, 14, 15);
        Assert.That(day.ToString("F", actual), Is.EqualTo(day.ToString("F", expected)));
        Assert.That(day.ToString("d", actual), Is.EqualTo(day.ToString("d", expected)));
    }
}
