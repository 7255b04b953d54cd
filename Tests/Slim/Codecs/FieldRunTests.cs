using NFX.IO;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

/// <summary>
/// Generated code writes consecutive fixed-size fields as one run (one capacity check, the position in a local). Its
/// bytes must be exactly those of the field-by-field path, which a format that re-declares the same encodings (so no
/// run writer is known for them) still takes.
/// </summary>
public sealed class FieldRunTests
{
    public enum Mood : short { Sad = -3, Glad = 7 }

    public struct Point
    {
        public int X;
        public long? Y;
        public Mood Mood;
    }

    public struct Wide
    {
        public decimal A, B, C, D, E, F, G, H, I, J, K, L, M; // 13 x 20 bytes: more than one run may reserve
    }

    public sealed class AllRunFields
    {
        public bool Flag;
        public byte B;
        public sbyte Sb;
        public char C;
        public short S;
        public ushort Us;
        public int I;
        public uint Ui;
        public long L;
        public ulong Ul;
        public Half H;
        public float F;
        public double D;
        public decimal M;
        public DateTime When;
        public DateTimeOffset Offset;
        public TimeSpan Span;
        public DateOnly Day;
        public TimeOnly Time;
        public Guid Id;
        public int? NullInt;
        public Guid? NullId;
        public Mood Mood;
        public Mood? NullMood;
        public Point Point;
        public Point? NullPoint;
        public string? Name; // a reference ends the run
        public int AfterName;
        public Wide Wide;
        public double Last;
    }

    /// <summary>Every run encoding re-declared as a user codec: the same bytes and checks, but no run writers or readers.</summary>
    private static readonly StreamerFormat s_noRunFormat = StreamerFormat.Default
        .With<bool, PlainBoolean>()
        .With<byte, PlainByte>()
        .With<sbyte, PlainSByte>()
        .With<char, PlainChar>()
        .With<short, PlainInt16>()
        .With<ushort, PlainUInt16>()
        .With<int, PlainInt32>()
        .With<uint, PlainUInt32>()
        .With<long, PlainInt64>()
        .With<ulong, PlainUInt64>()
        .With<Half, PlainHalf>()
        .With<float, PlainSingle>()
        .With<double, PlainDouble>()
        .With<decimal, PlainDecimal>()
        .With<DateTime, PlainDateTime>()
        .With<DateTimeOffset, PlainDateTimeOffset>()
        .With<TimeSpan, PlainTimeSpan>()
        .With<DateOnly, PlainDateOnly>()
        .With<TimeOnly, PlainTimeOnly>()
        .With<Guid, PlainGuid>()
        .With<int?, PlainNullableInt32>()
        .With<Guid?, PlainNullableGuid>()
        .With<long?, PlainNullableInt64>();

    private readonly struct PlainBoolean : IWireCodec<bool>
    {
        public static void Write(SlimWriter writer, bool value) => writer.WriteBoolean(value);
        public static bool Read(SlimReader reader) => reader.ReadBoolean();
    }

    private readonly struct PlainByte : IWireCodec<byte>
    {
        public static void Write(SlimWriter writer, byte value) => writer.WriteByte(value);
        public static byte Read(SlimReader reader) => reader.ReadByte();
    }

    private readonly struct PlainSByte : IWireCodec<sbyte>
    {
        public static void Write(SlimWriter writer, sbyte value) => writer.WriteSByte(value);
        public static sbyte Read(SlimReader reader) => reader.ReadSByte();
    }

    private readonly struct PlainChar : IWireCodec<char>
    {
        public static void Write(SlimWriter writer, char value) => writer.WriteChar(value);
        public static char Read(SlimReader reader) => reader.ReadChar();
    }

    private readonly struct PlainInt16 : IWireCodec<short>
    {
        public static void Write(SlimWriter writer, short value) => writer.WriteInt16(value);
        public static short Read(SlimReader reader) => reader.ReadInt16();
    }

    private readonly struct PlainUInt16 : IWireCodec<ushort>
    {
        public static void Write(SlimWriter writer, ushort value) => writer.WriteUInt16(value);
        public static ushort Read(SlimReader reader) => reader.ReadUInt16();
    }

    private readonly struct PlainInt32 : IWireCodec<int>
    {
        public static void Write(SlimWriter writer, int value) => writer.WriteInt32(value);
        public static int Read(SlimReader reader) => reader.ReadInt32();
    }

    private readonly struct PlainUInt32 : IWireCodec<uint>
    {
        public static void Write(SlimWriter writer, uint value) => writer.WriteUInt32(value);
        public static uint Read(SlimReader reader) => reader.ReadUInt32();
    }

    private readonly struct PlainInt64 : IWireCodec<long>
    {
        public static void Write(SlimWriter writer, long value) => writer.WriteInt64(value);
        public static long Read(SlimReader reader) => reader.ReadInt64();
    }

    private readonly struct PlainUInt64 : IWireCodec<ulong>
    {
        public static void Write(SlimWriter writer, ulong value) => writer.WriteUInt64(value);
        public static ulong Read(SlimReader reader) => reader.ReadUInt64();
    }

    private readonly struct PlainHalf : IWireCodec<Half>
    {
        public static void Write(SlimWriter writer, Half value) => writer.WriteHalf(value);
        public static Half Read(SlimReader reader) => reader.ReadHalf();
    }

    private readonly struct PlainSingle : IWireCodec<float>
    {
        public static void Write(SlimWriter writer, float value) => writer.WriteSingle(value);
        public static float Read(SlimReader reader) => reader.ReadSingle();
    }

    private readonly struct PlainDouble : IWireCodec<double>
    {
        public static void Write(SlimWriter writer, double value) => writer.WriteDouble(value);
        public static double Read(SlimReader reader) => reader.ReadDouble();
    }

    private readonly struct PlainDecimal : IWireCodec<decimal>
    {
        public static void Write(SlimWriter writer, decimal value) => writer.WriteDecimal(value);
        public static decimal Read(SlimReader reader) => reader.ReadDecimal();
    }

    private readonly struct PlainDateTime : IWireCodec<DateTime>
    {
        public static void Write(SlimWriter writer, DateTime value) => writer.WriteDateTime(value);
        public static DateTime Read(SlimReader reader) => reader.ReadDateTime();
    }

    private readonly struct PlainDateTimeOffset : IWireCodec<DateTimeOffset>
    {
        public static void Write(SlimWriter writer, DateTimeOffset value) => writer.WriteDateTimeOffset(value);
        public static DateTimeOffset Read(SlimReader reader) => reader.ReadDateTimeOffset();
    }

    private readonly struct PlainTimeSpan : IWireCodec<TimeSpan>
    {
        public static void Write(SlimWriter writer, TimeSpan value) => writer.WriteTimeSpan(value);
        public static TimeSpan Read(SlimReader reader) => reader.ReadTimeSpan();
    }

    private readonly struct PlainDateOnly : IWireCodec<DateOnly>
    {
        public static void Write(SlimWriter writer, DateOnly value) => writer.WriteDateOnly(value);
        public static DateOnly Read(SlimReader reader) => reader.ReadDateOnly();
    }

    private readonly struct PlainTimeOnly : IWireCodec<TimeOnly>
    {
        public static void Write(SlimWriter writer, TimeOnly value) => writer.WriteTimeOnly(value);
        public static TimeOnly Read(SlimReader reader) => reader.ReadTimeOnly();
    }

    private readonly struct PlainGuid : IWireCodec<Guid>
    {
        public static void Write(SlimWriter writer, Guid value) => writer.WriteGuid(value);
        public static Guid Read(SlimReader reader) => reader.ReadGuid();
    }

    private readonly struct PlainNullableInt32 : IWireCodec<int?>
    {
        public static void Write(SlimWriter writer, int? value) => writer.WriteNullableInt32(value);
        public static int? Read(SlimReader reader) => reader.ReadNullableInt32();
    }

    private readonly struct PlainNullableGuid : IWireCodec<Guid?>
    {
        public static void Write(SlimWriter writer, Guid? value) => writer.WriteNullableGuid(value);
        public static Guid? Read(SlimReader reader) => reader.ReadNullableGuid();
    }

    private readonly struct PlainNullableInt64 : IWireCodec<long?>
    {
        public static void Write(SlimWriter writer, long? value) => writer.WriteNullableInt64(value);
        public static long? Read(SlimReader reader) => reader.ReadNullableInt64();
    }
    private static AllRunFields Sample(int seed)
    {
        var random = new Random(seed);
        bool full = seed % 2 == 0;
        return new AllRunFields
        {
            Flag = full, B = (byte)random.Next(256), Sb = (sbyte)random.Next(-128, 128), C = (char)random.Next(0x10000),
            S = (short)random.Next(short.MinValue, short.MaxValue), Us = (ushort)random.Next(65536), I = random.Next(int.MinValue, int.MaxValue),
            Ui = (uint)random.NextInt64(0, uint.MaxValue), L = random.NextInt64(long.MinValue, long.MaxValue), Ul = (ulong)random.NextInt64() * 3,
            H = (Half)random.NextSingle(), F = random.NextSingle(), D = random.NextDouble() * 1e300, M = full ? decimal.MaxValue : -79.228162514264337593543950335m,
            When = new DateTime(random.NextInt64(DateTime.MaxValue.Ticks), (DateTimeKind)random.Next(3)),
            Offset = new DateTimeOffset(random.NextInt64(DateTime.MaxValue.Ticks / 2, DateTime.MaxValue.Ticks / 2 + 1000), TimeSpan.FromMinutes(random.Next(-840, 841))),
            Span = TimeSpan.FromTicks(random.NextInt64(long.MinValue, long.MaxValue)), Day = DateOnly.FromDayNumber(random.Next(3652059)),
            Time = new TimeOnly(random.NextInt64(TimeOnly.MaxValue.Ticks)), Id = Guid.NewGuid(),
            NullInt = full ? random.Next() : null, NullId = full ? null : Guid.NewGuid(), Mood = Mood.Sad, NullMood = full ? Mood.Glad : null,
            Point = new Point { X = -random.Next(), Y = full ? null : long.MinValue, Mood = Mood.Glad },
            NullPoint = full ? new Point { X = 1, Y = 2, Mood = (Mood)12345 } : null,
            Name = full ? "n" : null, AfterName = random.Next(),
            Wide = new Wide { A = 1.5m, F = decimal.MinValue, M = random.Next() },
            Last = double.NaN,
        };
    }

    [TestCase(1)]
    [TestCase(2)]
    [TestCase(3)]
    [TestCase(4)]
    public void Serialize_FixedSizeFieldRuns_SameBytesAsFieldByFieldAndRoundTrips(int seed)
    {
        var runs = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(AllRunFields)) });
        var fieldByField = new SlimSerializer(SlimOptions.Default with
        {
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(AllRunFields)),
            Format = s_noRunFormat,
        });
        AllRunFields[] values = [Sample(seed), Sample(seed + 100)];

        byte[] withRuns = runs.Serialize(values);

        Assert.That(Convert.ToHexString(withRuns), Is.EqualTo(Convert.ToHexString(fieldByField.Serialize(values))));
        GraphAssert.AreEquivalent(values, runs.Deserialize(withRuns));
    }

    /// <summary>
    /// Read runs decode the short encodings themselves and hand everything else to the reader: damaged input must end
    /// exactly as it does field by field - the same graph, or the same exception with the same message and offset.
    /// </summary>
    [Test]
    public void Deserialize_EveryByteDamaged_SameOutcomeAsFieldByField()
    {
        var runs = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(AllRunFields)) });
        var fieldByField = new SlimSerializer(SlimOptions.Default with
        {
            TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(AllRunFields)),
            Format = s_noRunFormat,
        });
        byte[] message = runs.Serialize(new[] { Sample(6), Sample(7) });
        int compared = 0, refused = 0;
        for (int i = 0; i < message.Length; i++)
        {
            foreach (byte damage in new byte[] { 0x02, 0x80, 0xFF })
            {
                byte[] damaged = (byte[])message.Clone();
                damaged[i] = damage;
                (object? graph, Exception? error) expected = Outcome(fieldByField, damaged);
                (object? graph, Exception? error) actual = Outcome(runs, damaged);
                Assert.That(actual.error?.GetType(), Is.EqualTo(expected.error?.GetType()), $"byte {i} = 0x{damage:X2}: {actual.error?.Message} / {expected.error?.Message}");
                Assert.That(actual.error?.Message, Is.EqualTo(expected.error?.Message), $"byte {i} = 0x{damage:X2}");
                if (expected.error is null)
                {
                    GraphAssert.AreEquivalent(expected.graph, actual.graph);
                }
                else
                {
                    refused++;
                }
                compared++;
            }
        }
        Assert.That(refused, Is.GreaterThan(compared / 10), "the damage reached the checks");
    }

    private static (object? Graph, Exception? Error) Outcome(SlimSerializer slim, byte[] bytes)
    {
        try
        {
            return (slim.Deserialize(bytes), null);
        }
        catch (SlimException e)
        {
            return (null, e);
        }
    }

    [Test]
    public void Serialize_RunsIntoAGrowingBuffer_EveryMessageSizeRoundTrips()
    {
        // Runs start at every offset of the pooled buffer and across its growth: the reservation must hold each time.
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(AllRunFields)) });
        for (int count = 1; count <= 300; count += 7)
        {
            AllRunFields[] values = Enumerable.Range(0, count).Select(Sample).ToArray();
            GraphAssert.AreEquivalent(values, slim.Deserialize(slim.Serialize(values)));
        }
    }
}
