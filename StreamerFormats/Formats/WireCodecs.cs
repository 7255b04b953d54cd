using System.Numerics;

namespace NFX.IO;

/// <summary>
/// The built-in <see cref="IWireCodec{T}"/> structs, one per native value type, each forwarding to the scalar WriteX/ReadX
/// pair: the generic helpers behind arrays and nullables (<c>WriteArray&lt;T, TCodec&gt;</c>, <c>WriteNullable&lt;T, TCodec&gt;</c>
/// and their readers) are specialized by the JIT for each of them and call the scalar methods directly, with no
/// delegate per value. Sizes and run encodings are in <see cref="BuiltInNativeTypes"/>.
/// </summary>
internal static class WireCodecs
{
    internal readonly struct BooleanCodec : IWireCodec<bool>
    {
        public static void Write(SlimWriter writer, bool value) => writer.WriteBoolean(value);
        public static bool Read(SlimReader reader) => reader.ReadBoolean();
    }

    internal readonly struct ByteCodec : IWireCodec<byte>
    {
        public static void Write(SlimWriter writer, byte value) => writer.WriteByte(value);
        public static byte Read(SlimReader reader) => reader.ReadByte();
    }

    internal readonly struct SByteCodec : IWireCodec<sbyte>
    {
        public static void Write(SlimWriter writer, sbyte value) => writer.WriteSByte(value);
        public static sbyte Read(SlimReader reader) => reader.ReadSByte();
    }

    internal readonly struct CharCodec : IWireCodec<char>
    {
        public static void Write(SlimWriter writer, char value) => writer.WriteChar(value);
        public static char Read(SlimReader reader) => reader.ReadChar();
    }

    internal readonly struct Int16Codec : IWireCodec<short>
    {
        public static void Write(SlimWriter writer, short value) => writer.WriteInt16(value);
        public static short Read(SlimReader reader) => reader.ReadInt16();
    }

    internal readonly struct UInt16Codec : IWireCodec<ushort>
    {
        public static void Write(SlimWriter writer, ushort value) => writer.WriteUInt16(value);
        public static ushort Read(SlimReader reader) => reader.ReadUInt16();
    }

    internal readonly struct Int32Codec : IWireCodec<int>
    {
        public static void Write(SlimWriter writer, int value) => writer.WriteInt32(value);
        public static int Read(SlimReader reader) => reader.ReadInt32();
    }

    internal readonly struct UInt32Codec : IWireCodec<uint>
    {
        public static void Write(SlimWriter writer, uint value) => writer.WriteUInt32(value);
        public static uint Read(SlimReader reader) => reader.ReadUInt32();
    }

    internal readonly struct Int64Codec : IWireCodec<long>
    {
        public static void Write(SlimWriter writer, long value) => writer.WriteInt64(value);
        public static long Read(SlimReader reader) => reader.ReadInt64();
    }

    internal readonly struct UInt64Codec : IWireCodec<ulong>
    {
        public static void Write(SlimWriter writer, ulong value) => writer.WriteUInt64(value);
        public static ulong Read(SlimReader reader) => reader.ReadUInt64();
    }

    internal readonly struct Int128Codec : IWireCodec<Int128>
    {
        public static void Write(SlimWriter writer, Int128 value) => writer.WriteInt128(value);
        public static Int128 Read(SlimReader reader) => reader.ReadInt128();
    }

    internal readonly struct UInt128Codec : IWireCodec<UInt128>
    {
        public static void Write(SlimWriter writer, UInt128 value) => writer.WriteUInt128(value);
        public static UInt128 Read(SlimReader reader) => reader.ReadUInt128();
    }

    internal readonly struct HalfCodec : IWireCodec<Half>
    {
        public static void Write(SlimWriter writer, Half value) => writer.WriteHalf(value);
        public static Half Read(SlimReader reader) => reader.ReadHalf();
    }

    internal readonly struct SingleCodec : IWireCodec<float>
    {
        public static void Write(SlimWriter writer, float value) => writer.WriteSingle(value);
        public static float Read(SlimReader reader) => reader.ReadSingle();
    }

    internal readonly struct DoubleCodec : IWireCodec<double>
    {
        public static void Write(SlimWriter writer, double value) => writer.WriteDouble(value);
        public static double Read(SlimReader reader) => reader.ReadDouble();
    }

    internal readonly struct DecimalCodec : IWireCodec<decimal>
    {
        public static void Write(SlimWriter writer, decimal value) => writer.WriteDecimal(value);
        public static decimal Read(SlimReader reader) => reader.ReadDecimal();
    }

    internal readonly struct BigIntegerCodec : IWireCodec<BigInteger>
    {
        public static void Write(SlimWriter writer, BigInteger value) => writer.WriteBigInteger(value);
        public static BigInteger Read(SlimReader reader) => reader.ReadBigInteger();
    }

    internal readonly struct DateTimeCodec : IWireCodec<DateTime>
    {
        public static void Write(SlimWriter writer, DateTime value) => writer.WriteDateTime(value);
        public static DateTime Read(SlimReader reader) => reader.ReadDateTime();
    }

    internal readonly struct DateTimeOffsetCodec : IWireCodec<DateTimeOffset>
    {
        public static void Write(SlimWriter writer, DateTimeOffset value) => writer.WriteDateTimeOffset(value);
        public static DateTimeOffset Read(SlimReader reader) => reader.ReadDateTimeOffset();
    }

    internal readonly struct TimeSpanCodec : IWireCodec<TimeSpan>
    {
        public static void Write(SlimWriter writer, TimeSpan value) => writer.WriteTimeSpan(value);
        public static TimeSpan Read(SlimReader reader) => reader.ReadTimeSpan();
    }

    internal readonly struct DateOnlyCodec : IWireCodec<DateOnly>
    {
        public static void Write(SlimWriter writer, DateOnly value) => writer.WriteDateOnly(value);
        public static DateOnly Read(SlimReader reader) => reader.ReadDateOnly();
    }

    internal readonly struct TimeOnlyCodec : IWireCodec<TimeOnly>
    {
        public static void Write(SlimWriter writer, TimeOnly value) => writer.WriteTimeOnly(value);
        public static TimeOnly Read(SlimReader reader) => reader.ReadTimeOnly();
    }

    internal readonly struct GuidCodec : IWireCodec<Guid>
    {
        public static void Write(SlimWriter writer, Guid value) => writer.WriteGuid(value);
        public static Guid Read(SlimReader reader) => reader.ReadGuid();
    }
}
