using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Codecs;

/// <summary>
/// A <see cref="CultureInfo"/>, inline (its own ISerializable form throws on this platform once its TextInfo was used):
/// the culture name (an allowed culture, <see cref="SlimOptions.AllowedCultures"/>), then a flags byte. 0 is the runtime's
/// shared read-only instance for the name (<see cref="CultureInfo.GetCultureInfo(string)"/>, <see cref="CultureInfo.InvariantCulture"/>
/// for ""), read as that very instance.
/// Any other culture object (one a program made with <c>new CultureInfo</c>, writable, perhaps with its formats changed,
/// or made read-only with <see cref="CultureInfo.ReadOnly"/>) sets bit 0 and is followed by its number format, date-time
/// format and list separator (<see cref="CultureFormats"/>): it comes back as its own object, writable or not as it was,
/// with the same user-override setting and formats.
/// </summary>
internal sealed class CultureInfoCodec(CultureNames cultures) : SlimCodec(typeof(CultureInfo))
{
    private const byte OwnInstance = 1, ReadOnly = 2, UserOverride = 4;

    public override bool HasBody => false;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session)
    {
        var culture = (CultureInfo)value;
        writer.WriteString(culture.Name);
        if (IsShared(culture))
        {
            writer.WriteByte(0);
            return;
        }
        writer.WriteByte((byte)(OwnInstance | (culture.IsReadOnly ? ReadOnly : 0) | (culture.UseUserOverride ? UserOverride : 0)));
        CultureFormats.Write(writer, culture);
    }

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        long offset = reader.Position;
        string read = reader.ReadString() ?? throw new SlimFormatException($"A null culture name at offset {offset}.", offset);
        // Only a name of the bounded set reaches the runtime, whose culture cache never shrinks.
        if (!cultures.TryGet(read, out string? canonical))
        {
            throw new SlimCultureNotAllowedException(read, offset);
        }
        long flagsOffset = reader.Position;
        byte flags = reader.ReadByte();
        if (flags != 0 && (flags & OwnInstance) == 0 || (flags & ~(OwnInstance | ReadOnly | UserOverride)) != 0)
        {
            SlimThrow.Format($"Unknown CultureInfo flags 0x{flags:X2} (0: the shared instance; else bit 0 set, bit 1 read-only, bit 2 user overrides)", flagsOffset);
        }
        try
        {
            if (flags == 0)
            {
                // The invariant culture's shared instance is not the one GetCultureInfo("") keeps.
                return canonical.Length == 0 ? CultureInfo.InvariantCulture : CultureInfo.GetCultureInfo(canonical);
            }
            var culture = new CultureInfo(canonical, (flags & UserOverride) != 0);
            CultureFormats.Read(reader, culture);
            return (flags & ReadOnly) != 0 ? CultureInfo.ReadOnly(culture) : culture;
        }
        catch (CultureNotFoundException)
        {
            // A name of SlimOptions.AllowedCultures the runtime does not know.
            throw new SlimFormatException($"Unknown culture name '{canonical}' for a CultureInfo at offset {offset}.", offset);
        }
    }

    /// <summary>A read-only culture cannot change: the clone is the same object. A writable one is copied with its formats.</summary>
    public override object CloneHeader(object source, CloneSession session)
    {
        var culture = (CultureInfo)source;
        return culture.IsReadOnly ? culture : (CultureInfo)culture.Clone();
    }

    private static bool IsShared(CultureInfo culture) =>
        culture.IsReadOnly && (ReferenceEquals(culture, CultureInfo.InvariantCulture) || ReferenceEquals(culture, CultureInfo.GetCultureInfo(culture.Name)));
}

/// <summary>
/// The changeable part of a culture object, in a fixed order: its <see cref="NumberFormatInfo"/> (strings, integers,
/// group sizes, native digits), its <see cref="DateTimeFormatInfo"/> (the calendar as an index into the culture's
/// <see cref="CultureInfo.OptionalCalendars"/> and its two-digit-year limit, then names, patterns and separators) and
/// its <see cref="TextInfo.ListSeparator"/>. Read values go through the formats' own setters, which refuse what a
/// format cannot hold (a day-name array of the wrong length, a null); that is a <see cref="SlimFormatException"/>.
/// </summary>
internal static class CultureFormats
{
    // Wire order: never reorder; a new member goes at the end with a new format version.
    private static readonly PropertyInfo[] s_number = Properties(typeof(NumberFormatInfo),
        "CurrencyDecimalDigits", "CurrencyDecimalSeparator", "CurrencyGroupSeparator", "CurrencyGroupSizes", "CurrencyNegativePattern",
        "CurrencyPositivePattern", "CurrencySymbol", "DigitSubstitution", "NaNSymbol", "NativeDigits", "NegativeInfinitySymbol",
        "NegativeSign", "NumberDecimalDigits", "NumberDecimalSeparator", "NumberGroupSeparator", "NumberGroupSizes",
        "NumberNegativePattern", "PercentDecimalDigits", "PercentDecimalSeparator", "PercentGroupSeparator", "PercentGroupSizes",
        "PercentNegativePattern", "PercentPositivePattern", "PercentSymbol", "PerMilleSymbol", "PositiveInfinitySymbol", "PositiveSign");

    // After the calendar (setting it resets the rest); FullDateTimePattern after the long patterns (setting those resets it).
    private static readonly PropertyInfo[] s_dateTime = Properties(typeof(DateTimeFormatInfo),
        "AbbreviatedDayNames", "AbbreviatedMonthGenitiveNames", "AbbreviatedMonthNames", "AMDesignator", "CalendarWeekRule",
        "DateSeparator", "DayNames", "FirstDayOfWeek", "LongDatePattern", "LongTimePattern", "MonthDayPattern",
        "MonthGenitiveNames", "MonthNames", "PMDesignator", "ShortDatePattern", "ShortestDayNames", "ShortTimePattern",
        "TimeSeparator", "YearMonthPattern", "FullDateTimePattern");

    /// <summary>The number of values written per culture object (the calendar's two and the list separator included).</summary>
    internal static int ValueCount => s_number.Length + 2 + s_dateTime.Length + 1;

    public static void Write(SlimWriter writer, CultureInfo culture)
    {
        WriteAll(writer, culture.NumberFormat, s_number);
        DateTimeFormatInfo dates = culture.DateTimeFormat;
        writer.WriteInt32(CalendarIndex(culture, dates.Calendar));
        writer.WriteInt32(dates.Calendar.TwoDigitYearMax);
        WriteAll(writer, dates, s_dateTime);
        writer.WriteString(culture.TextInfo.ListSeparator);
    }

    public static void Read(SlimReader reader, CultureInfo culture)
    {
        ReadAll(reader, culture.NumberFormat, s_number);
        DateTimeFormatInfo dates = culture.DateTimeFormat;
        long offset = reader.Position;
        int index = reader.ReadInt32();
        Calendar[] calendars = culture.OptionalCalendars;
        if ((uint)index >= (uint)calendars.Length)
        {
            SlimThrow.Format($"Calendar {index} of a CultureInfo '{culture.Name}' that has {calendars.Length}", offset);
        }
        Set(dates, typeof(DateTimeFormatInfo).GetProperty(nameof(DateTimeFormatInfo.Calendar))!, calendars[index], offset);
        offset = reader.Position;
        int twoDigitYearMax = reader.ReadInt32();
        Set(dates.Calendar, typeof(Calendar).GetProperty(nameof(Calendar.TwoDigitYearMax))!, twoDigitYearMax, offset);
        ReadAll(reader, dates, s_dateTime);
        offset = reader.Position;
        Set(culture.TextInfo, typeof(TextInfo).GetProperty(nameof(TextInfo.ListSeparator))!, reader.ReadString(), offset);
    }

    private static void WriteAll(SlimWriter writer, object format, PropertyInfo[] properties)
    {
        foreach (PropertyInfo property in properties)
        {
            switch (property.GetValue(format))
            {
                case string text:
                    writer.WriteString(text);
                    break;
                case string[] texts:
                    writer.WriteVarUInt32((uint)texts.Length);
                    foreach (string text in texts)
                    {
                        writer.WriteString(text);
                    }
                    break;
                case int[] sizes:
                    writer.WriteVarUInt32((uint)sizes.Length);
                    foreach (int size in sizes)
                    {
                        writer.WriteInt32(size);
                    }
                    break;
                case object number: // int and the enums (DigitShapes, CalendarWeekRule, DayOfWeek)
                    writer.WriteInt32(Convert.ToInt32(number, CultureInfo.InvariantCulture));
                    break;
                default:
                    writer.WriteString(null);
                    break;
            }
        }
    }

    private static void ReadAll(SlimReader reader, object format, PropertyInfo[] properties)
    {
        foreach (PropertyInfo property in properties)
        {
            long offset = reader.Position;
            Type type = property.PropertyType;
            object? value;
            if (type == typeof(string))
            {
                value = reader.ReadString();
            }
            else if (type == typeof(string[]))
            {
                var texts = new string?[reader.ReadLength(property.Name, 1)];
                for (int i = 0; i < texts.Length; i++)
                {
                    texts[i] = reader.ReadString();
                }
                value = texts;
            }
            else if (type == typeof(int[]))
            {
                var sizes = new int[reader.ReadLength(property.Name, 1)];
                for (int i = 0; i < sizes.Length; i++)
                {
                    sizes[i] = reader.ReadInt32();
                }
                value = sizes;
            }
            else
            {
                int number = reader.ReadInt32();
                value = type.IsEnum ? Enum.ToObject(type, number) : number;
            }
            Set(format, property, value, offset);
        }
    }

    private static int CalendarIndex(CultureInfo culture, Calendar calendar)
    {
        Calendar[] calendars = culture.OptionalCalendars;
        for (int i = 0; i < calendars.Length; i++)
        {
            if (calendars[i].GetType() == calendar.GetType() &&
                (calendar is not GregorianCalendar gregorian || ((GregorianCalendar)calendars[i]).CalendarType == gregorian.CalendarType))
            {
                return i;
            }
        }
        throw new SlimSerializationException($"The calendar {calendar.GetType().Name} of a CultureInfo '{culture.Name}' is not one of its optional calendars.");
    }

    /// <summary>Through the format's own setter, which validates the value.</summary>
    private static void Set(object target, PropertyInfo property, object? value, long offset)
    {
        try
        {
            property.SetValue(target, value);
        }
        catch (TargetInvocationException e) when (e.InnerException is ArgumentException or InvalidOperationException)
        {
            SlimThrow.Format($"A CultureInfo's {property.DeclaringType!.Name}.{property.Name} cannot hold the value read ({e.InnerException.Message})", offset);
        }
    }

    private static PropertyInfo[] Properties([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicProperties)] Type type, params string[] names)
    {
        var properties = new PropertyInfo[names.Length];
        for (int i = 0; i < names.Length; i++)
        {
            properties[i] = type.GetProperty(names[i], BindingFlags.Public | BindingFlags.Instance) ?? throw new MissingMemberException(type.Name, names[i]);
        }
        return properties;
    }
}
