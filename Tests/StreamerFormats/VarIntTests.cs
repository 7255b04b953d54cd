using System.Runtime.Intrinsics.X86;
using NFX.IO;
using NFX.Tests.StreamerFormats.Infrastructure;
using NFX.Tests.Support;

namespace NFX.Tests.StreamerFormats;

public sealed class VarIntTests
{
    [TestCase(0u, 1)]
    [TestCase(127u, 1)]
    [TestCase(128u, 2)]
    [TestCase(16383u, 2)]
    [TestCase(16384u, 3)]
    [TestCase(uint.MaxValue, 5)]
    public void WriteVarUInt32_LengthBoundary_RoundTripsInExpectedBytes(uint value, int expectedBytes)
    {
        using var writer = new SlimWriter();
        writer.WriteVarUInt32(value);
        Assert.That(writer.WrittenSpan.Length, Is.EqualTo(expectedBytes));
        using var reader = new SlimReader(writer.ToArray());
        Assert.That(reader.ReadVarUInt32(), Is.EqualTo(value));
        Assert.That(reader.IsAtEnd, Is.True);
    }

    /// <summary>The writer spreads the 7-bit groups without a loop: its bytes must be LEB128's, byte for byte.</summary>
    [Test]
    public void WriteVarUInt_EveryBitLengthAndRandomValues_BytesEqualPlainLeb128()
    {
        var random = new Random(2718);
        var values = new List<ulong>();
        for (int bits = 0; bits <= 64; bits++)
        {
            ulong top = bits == 0 ? 0 : 1UL << (bits - 1);
            values.AddRange([top, top | 1, bits == 64 ? ulong.MaxValue : (top << 1) - 1]);
            for (int i = 0; i < 20; i++)
            {
                values.Add(bits == 0 ? 0 : top | ((ulong)random.NextInt64() & (top - 1)));
            }
        }
        foreach (ulong value in values)
        {
            using var writer = new SlimWriter();
            writer.WriteVarUInt64(value);
            Assert.That(Convert.ToHexString(writer.WrittenSpan), Is.EqualTo(Leb128(value)), $"64-bit {value}");
            Assert.That(VarInt.SizeOf(value), Is.EqualTo(Leb128(value).Length / 2), $"size of {value}");
            if (value <= uint.MaxValue)
            {
                using var writer32 = new SlimWriter();
                writer32.WriteVarUInt32((uint)value);
                Assert.That(Convert.ToHexString(writer32.WrittenSpan), Is.EqualTo(Leb128(value)), $"32-bit {value}");
            }
        }
    }

    [Test]
    public void SpreadAndBitDeposit_EveryBitLength_PutEachSevenBitGroupInItsByte()
    {
        // The writer spreads a varint's groups by shifts (Spread) or, where it is fast, by BMI2's bit deposit: the test
        // above covers the one this machine takes, this one both, against the groups taken one by one.
        var random = new Random(31);
        for (int bits = 0; bits <= 56; bits++)
        {
            for (int i = 0; i < 50; i++)
            {
                ulong value = bits == 0 ? 0 : 1UL << (bits - 1) | ((ulong)random.NextInt64() & ((1UL << (bits - 1)) - 1));
                ulong expected = 0;
                for (int group = 0; group < 8; group++)
                {
                    expected |= (value >> (7 * group) & 0x7F) << (8 * group);
                }
                Assert.That(VarInt.Spread(value), Is.EqualTo(expected), $"shifts, {value:X}");
                if (Bmi2.X64.IsSupported)
                {
                    Assert.That(Bmi2.X64.ParallelBitDeposit(value, 0x7F7F_7F7F_7F7F_7F7F), Is.EqualTo(expected), $"bit deposit, {value:X}");
                }
            }
        }
    }

    /// <summary>The span writer patches headers in front of written bytes: it must touch nothing past its encoding.</summary>
    [TestCase(300u)]
    [TestCase(70_000u)]
    [TestCase(uint.MaxValue)]
    public void VarIntWrite_IntoASpan_LeavesTheBytesAfterItUntouched(uint value)
    {
        byte[] buffer = Enumerable.Repeat((byte)0xEE, 16).ToArray();
        int n32 = VarInt.Write(buffer, value);
        Assert.That(buffer.Skip(n32), Is.All.EqualTo((byte)0xEE));
        buffer = Enumerable.Repeat((byte)0xEE, 16).ToArray();
        int n64 = VarInt.Write(buffer, (ulong)value << 20);
        Assert.That(buffer.Skip(n64), Is.All.EqualTo((byte)0xEE));
        Assert.That(Convert.ToHexString(buffer, 0, n64), Is.EqualTo(Leb128((ulong)value << 20)));
    }

    private static string Leb128(ulong value)
    {
        var bytes = new List<byte>();
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }
        bytes.Add((byte)value);
        return Convert.ToHexString(bytes.ToArray());
    }
}

/// <summary>
/// The reader decodes varints two ways: a fast path when at least 10 bytes are buffered and a byte-by-byte path near
/// the end of the input. Both must agree on every input, valid or not.
/// </summary>
public sealed class VarIntDecodePathTests
{
    [Test]
    public void ReadVarUInt_FastAndSlowPaths_AgreeOnRandomInputs()
    {
        var random = new Random(314159);
        for (int i = 0; i < 20_000; i++)
        {
            byte[] bytes = RandomVarInts.Next(random);
            byte[] padded = [.. bytes, .. new byte[16]];
            // A byte array takes the fast path; a one-byte-at-a-time stream over the same bytes the slow one.
            Assert.That(Decode(new SlimReader(padded), r => r.ReadVarUInt64(), out long usedFast),
                Is.EqualTo(Decode(new SlimReader(new OneByteStream(padded)), r => r.ReadVarUInt64(), out long usedSlow)),
                $"64-bit {Convert.ToHexString(bytes)}");
            Assert.That(usedFast, Is.EqualTo(usedSlow));
            Assert.That(Decode(new SlimReader(padded), r => r.ReadVarUInt32(), out usedFast),
                Is.EqualTo(Decode(new SlimReader(new OneByteStream(padded)), r => r.ReadVarUInt32(), out usedSlow)),
                $"32-bit {Convert.ToHexString(bytes)}");
            Assert.That(usedFast, Is.EqualTo(usedSlow));
        }
    }

    [Test]
    public void WriteVarUInt64_EveryBitLength_RoundTripsThroughFastPath()
    {
        using var writer = new SlimWriter();
        var values = new List<ulong>();
        for (int bits = 0; bits <= 64; bits++)
        {
            ulong top = bits == 0 ? 0 : 1UL << (bits - 1);
            values.AddRange([top, top | (top >> 1) | 1, bits == 64 ? ulong.MaxValue : (top << 1) - 1]);
        }
        foreach (ulong value in values)
        {
            writer.WriteVarUInt64(value);
        }
        writer.WriteRawBytes(new byte[16]); // keep every value on the fast path
        using var reader = new SlimReader(writer.ToArray());
        foreach (ulong value in values)
        {
            Assert.That(reader.ReadVarUInt64(), Is.EqualTo(value));
        }
        Assert.That(reader.BufferedBytes, Is.EqualTo(16));
    }

    [Test]
    public void WriteVarUInt32_EveryBitLength_RoundTripsThroughFastPath()
    {
        using var writer = new SlimWriter();
        var values = new List<uint>();
        for (int bits = 0; bits <= 32; bits++)
        {
            uint top = bits == 0 ? 0 : 1u << (bits - 1);
            values.AddRange([top, top | (top >> 1) | 1, bits == 32 ? uint.MaxValue : (top << 1) - 1]);
        }
        foreach (uint value in values)
        {
            writer.WriteVarUInt32(value);
        }
        writer.WriteRawBytes(new byte[16]); // keep every value on the 8-byte path
        using var reader = new SlimReader(writer.ToArray());
        foreach (uint value in values)
        {
            Assert.That(reader.ReadVarUInt32(), Is.EqualTo(value));
        }
        Assert.That(reader.BufferedBytes, Is.EqualTo(16));
    }

    [TestCase("8000", "a trailing zero byte")]
    [TestCase("80808000", "a trailing zero byte")]
    [TestCase("8080808010", "a 32-bit integer")]
    [TestCase("808080808001", "a 32-bit integer")]
    [TestCase("8080808080808000", "a 32-bit integer")]
    public void ReadVarUInt32_MalformedOnFastPath_ThrowsFormatAtItsStart(string hex, string expected)
    {
        byte[] bytes = [0x05, .. Convert.FromHexString(hex), .. new byte[16]];
        using var reader = new SlimReader(bytes);
        reader.ReadByte();

        var error = Assert.Throws<NFX.Slim.SlimFormatException>(() => reader.ReadVarUInt32());
        Assert.That(error!.Offset, Is.EqualTo(1));
        Assert.That(error.Message, Does.Contain(expected));
    }

    private static string Decode<T>(SlimReader reader, Func<SlimReader, T> read, out long consumed)
    {
        using (reader)
        {
            try
            {
                T value = read(reader);
                consumed = reader.Position;
                return $"value {value}";
            }
            catch (NFX.Slim.SlimFormatException ex)
            {
                consumed = ex.Offset;
                return ex.Message;
            }
        }
    }
}
