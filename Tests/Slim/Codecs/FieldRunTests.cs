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

    /// <summary>Every run encoding re-declared as a user format's: the same bytes and checks, but no run writers or readers.</summary>
    public sealed class NoRunFormat : StreamerFormat
    {
        public static void WriteBoolean(SlimWriter writer, bool value) => writer.WriteBoolean(value);
        public static bool ReadBoolean(SlimReader reader) => reader.ReadBoolean();
        public static void WriteByte(SlimWriter writer, byte value) => writer.WriteByte(value);
        public static byte ReadByte(SlimReader reader) => reader.ReadByte();
        public static void WriteSByte(SlimWriter writer, sbyte value) => writer.WriteSByte(value);
        public static sbyte ReadSByte(SlimReader reader) => reader.ReadSByte();
        public static void WriteChar(SlimWriter writer, char value) => writer.WriteChar(value);
        public static char ReadChar(SlimReader reader) => reader.ReadChar();
        public static void WriteInt16(SlimWriter writer, short value) => writer.WriteInt16(value);
        public static short ReadInt16(SlimReader reader) => reader.ReadInt16();
        public static void WriteUInt16(SlimWriter writer, ushort value) => writer.WriteUInt16(value);
        public static ushort ReadUInt16(SlimReader reader) => reader.ReadUInt16();
        public static void WriteInt32(SlimWriter writer, int value) => writer.WriteInt32(value);
        public static int ReadInt32(SlimReader reader) => reader.ReadInt32();
        public static void WriteUInt32(SlimWriter writer, uint value) => writer.WriteUInt32(value);
        public static uint ReadUInt32(SlimReader reader) => reader.ReadUInt32();
        public static void WriteInt64(SlimWriter writer, long value) => writer.WriteInt64(value);
        public static long ReadInt64(SlimReader reader) => reader.ReadInt64();
        public static void WriteUInt64(SlimWriter writer, ulong value) => writer.WriteUInt64(value);
        public static ulong ReadUInt64(SlimReader reader) => reader.ReadUInt64();
        public static void WriteHalf(SlimWriter writer, Half value) => writer.WriteHalf(value);
        public static Half ReadHalf(SlimReader reader) => reader.ReadHalf();
        public static void WriteSingle(SlimWriter writer, float value) => writer.WriteSingle(value);
        public static float ReadSingle(SlimReader reader) => reader.ReadSingle();
        public static void WriteDouble(SlimWriter writer, double value) => writer.WriteDouble(value);
        public static double ReadDouble(SlimReader reader) => reader.ReadDouble();
        public static void WriteDecimal(SlimWriter writer, decimal value) => writer.WriteDecimal(value);
        public static decimal ReadDecimal(SlimReader reader) => reader.ReadDecimal();
        public static void WriteDateTime(SlimWriter writer, DateTime value) => writer.WriteDateTime(value);
        public static DateTime ReadDateTime(SlimReader reader) => reader.ReadDateTime();
        public static void WriteDateTimeOffset(SlimWriter writer, DateTimeOffset value) => writer.WriteDateTimeOffset(value);
        public static DateTimeOffset ReadDateTimeOffset(SlimReader reader) => reader.ReadDateTimeOffset();
        public static void WriteTimeSpan(SlimWriter writer, TimeSpan value) => writer.WriteTimeSpan(value);
        public static TimeSpan ReadTimeSpan(SlimReader reader) => reader.ReadTimeSpan();
        public static void WriteDateOnly(SlimWriter writer, DateOnly value) => writer.WriteDateOnly(value);
        public static DateOnly ReadDateOnly(SlimReader reader) => reader.ReadDateOnly();
        public static void WriteTimeOnly(SlimWriter writer, TimeOnly value) => writer.WriteTimeOnly(value);
        public static TimeOnly ReadTimeOnly(SlimReader reader) => reader.ReadTimeOnly();
        public static void WriteGuid(SlimWriter writer, Guid value) => writer.WriteGuid(value);
        public static Guid ReadGuid(SlimReader reader) => reader.ReadGuid();
        public static void WriteNullableInt32(SlimWriter writer, int? value) => writer.WriteNullableInt32(value);
        public static int? ReadNullableInt32(SlimReader reader) => reader.ReadNullableInt32();
        public static void WriteNullableGuid(SlimWriter writer, Guid? value) => writer.WriteNullableGuid(value);
        public static Guid? ReadNullableGuid(SlimReader reader) => reader.ReadNullableGuid();
        public static void WriteNullableInt64(SlimWriter writer, long? value) => writer.WriteNullableInt64(value);
        public static long? ReadNullableInt64(SlimReader reader) => reader.ReadNullableInt64();
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
            Format = new NoRunFormat(),
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
            Format = new NoRunFormat(),
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
