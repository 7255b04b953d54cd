using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NFX.IO;

namespace NFX.Slim.Framing;

/// <summary>
/// The frame of every Slim message (docs/FORMAT.md, "Message"): 'S' 'L', format version, flags, then the LEB128
/// length of the payload that follows. The length lets a stream hold many messages and lets a reader refuse an
/// oversized one before reading it.
/// </summary>
internal static class MessageHeader
{
    public const byte Magic0 = (byte)'S';
    public const byte Magic1 = (byte)'L';
    /// <summary>The format version written: 2 writes bodies depth-first (<see cref="Session.BodyOrder"/>).</summary>
    public const byte Version = 2;

    /// <summary>The oldest version read: 1 wrote every body breadth-first, otherwise the same bytes.</summary>
    public const byte OldestReadableVersion = 1;
    public const byte FlagBatch = 0x01;
    public const int MaxSize = 4 + VarInt.MaxBytes32;

    /// <summary>Writes the header ending exactly at <paramref name="end"/> in <paramref name="buffer"/>; returns where it starts.</summary>
    public static int WriteBefore(Span<byte> buffer, int end, int payloadLength, byte version, byte flags)
    {
        int lengthSize = VarInt.SizeOf((uint)payloadLength);
        int start = end - 4 - lengthSize;
        // One bounds check for the whole header, the fixed part in one store, the length in exactly its bytes (the
        // payload follows): a message's fixed cost, paid by the smallest ones most.
        ref byte first = ref MemoryMarshal.GetReference(buffer.Slice(start, 4 + lengthSize));
        if (BitConverter.IsLittleEndian)
        {
            Unsafe.WriteUnaligned(ref first, Magic0 | Magic1 << 8 | (uint)version << 16 | (uint)flags << 24);
        }
        else
        {
            first = Magic0;
            Unsafe.Add(ref first, 1) = Magic1;
            Unsafe.Add(ref first, 2) = version;
            Unsafe.Add(ref first, 3) = flags;
        }
        VarInt.Write32(ref Unsafe.Add(ref first, 4), (uint)payloadLength);
        return start;
    }

    /// <summary>Reads and checks a header; returns the payload length.</summary>
    public static int Read(SlimReader reader, SlimLimits limits) => Read(reader, limits, out _);

    /// <summary>Reads and checks a header; returns the payload length and the message's format version.</summary>
    // Inlined: once a message, its call and frame were a fifth of its cost (the checks' failures are out of line).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Read(SlimReader reader, SlimLimits limits, out byte version)
    {
        long offset = reader.Position;
        reader.Require(4, "the message header");
        uint fixedPart = reader.ReadFixed32(); // 'S', 'L', the version and the flags, in one load
        byte m0 = (byte)fixedPart, m1 = (byte)(fixedPart >> 8), flags = (byte)(fixedPart >> 24);
        version = (byte)(fixedPart >> 16);
        if (m0 != Magic0 || m1 != Magic1 || version is < OldestReadableVersion or > Version || (flags & ~FlagBatch) != 0)
        {
            ThrowBadHeader(m0, m1, version, flags, offset);
        }
        uint length = reader.ReadVarUInt32();
        if (length > (uint)limits.MaxMessageBytes)
        {
            SlimThrow.Limit(nameof(SlimLimits.MaxMessageBytes), length, limits.MaxMessageBytes, offset);
        }
        return (int)length;
    }

    // Out of line: the messages' formatting state would otherwise widen (and zero) Read's frame on every message.
    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowBadHeader(byte m0, byte m1, byte version, byte flags, long offset)
    {
        if (m0 != Magic0 || m1 != Magic1)
        {
            SlimThrow.Format($"Not a Slim message: it starts with 0x{m0:X2} 0x{m1:X2}, not 'SL'", offset);
        }
        if (version is < OldestReadableVersion or > Version)
        {
            SlimThrow.Format($"Slim message format version {version} is not supported (this reader knows versions {OldestReadableVersion} to {Version})", offset + 2);
        }
        SlimThrow.Format($"Slim message flags 0x{flags:X2} use reserved bits", offset + 3);
    }
}
