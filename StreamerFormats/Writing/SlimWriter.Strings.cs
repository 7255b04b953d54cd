using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Text;
using System.Text.Unicode;

namespace NFX.IO;

public sealed partial class SlimWriter
{
    // Strings of up to this many chars encode to at most 126 UTF-8 bytes, so their length prefix is one byte.
    private const int ShortStringChars = 42;

    /// <summary>
    /// Writes a string as LEB128(byteCount + 1) then its UTF-8 bytes; 0 stands for null, 1 for "".
    /// A lone surrogate is written as U+FFFD (the UTF-8 replacement), as System.Text.Json and BinaryWriter do.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteString(string? value)
    {
        if (value is null)
        {
            WriteByte(0);
            return;
        }
        // Most strings are ASCII, whose UTF-8 byte count is the char count: the prefix is known up front and the
        // chars are narrowed in one vectorized pass, which stops at the first non-ASCII char; nothing is committed
        // until it succeeds, so the general path below starts over cleanly.
        int length = value.Length;
        if (_end - _pos - VarInt.MaxBytes32 >= length)
        {
            int prefix = VarInt.Append32(ref Cursor, (uint)length + 1);
            if (TryNarrowAscii(value, prefix))
            {
                _pos += prefix + length;
                return;
            }
        }
        WriteStringSlow(value);
    }

    /// <summary>Writes <paramref name="value"/> and returns true when there is room for it; false having written nothing.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryWriteByteInRoom(byte value)
    {
        if (_pos < _end)
        {
            Cursor = value;
            _pos++;
            return true;
        }
        return false;
    }

    /// <summary>
    /// <see cref="WriteTaggedString"/>'s ASCII ways, without any call (a leaf caller takes them alone): true when
    /// <paramref name="value"/> (all ASCII, shorter than <see cref="MaxTwoBytePrefixChars"/> chars) was written with its
    /// tag and length prefix; false having committed nothing (the caller takes <see cref="WriteTaggedString"/>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryWriteTaggedAscii(byte tag, string value)
    {
        // The room first: its loads are the null check of the writer (none of its own). Room for a two-byte prefix
        // whatever the length: one test for every way.
        int room = _end - _pos - 3;
        int length = value.Length;
        if (room >= length)
        {
            ref byte cursor = ref Cursor;
            cursor = tag;
            if (length <= ShortAscii.MaxChars)
            {
                Unsafe.Add(ref cursor, 1) = (byte)(length + 1);
                if (ShortAscii.TryNarrow(ref ShortAscii.FirstChar(value), length, ref Unsafe.Add(ref cursor, 2)))
                {
                    _pos += 2 + length;
                    return true;
                }
            }
            else if (length < MaxTwoBytePrefixChars)
            {
                // LEB128 of length + 1: one byte up to 127, else two (128..16383): the low seven bits with the
                // continuation bit, then the rest.
                uint prefix = (uint)length + 1;
                int start = 2;
                if (prefix < 0x80)
                {
                    Unsafe.Add(ref cursor, 1) = (byte)prefix;
                }
                else
                {
                    Unsafe.Add(ref cursor, 1) = (byte)(prefix | 0x80);
                    Unsafe.Add(ref cursor, 2) = (byte)(prefix >> 7);
                    start = 3;
                }
                if (LongAscii.TryNarrow(ref ShortAscii.FirstChar(value), length, ref Unsafe.Add(ref cursor, start)))
                {
                    _pos += start + length;
                    return true;
                }
            }
        }
        return false;
    }

    /// <summary>Strings shorter than this have a length prefix of at most two bytes (their length + 1 is below 2^14).</summary>
    internal const int MaxTwoBytePrefixChars = 0x3FFF;

    /// <summary>
    /// <paramref name="tag"/>, then <paramref name="value"/> as <see cref="WriteString"/> writes it, with one room check
    /// for both: Slim's generated code writes a reference handle before every string it writes inline.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void WriteTaggedString(byte tag, string value)
    {
        if (TryWriteTaggedAscii(tag, value))
        {
            return;
        }
        int length = value.Length;
        if (length >= MaxTwoBytePrefixChars && _end - _pos - VarInt.MaxBytes32 - 1 >= length)
        {
            // Past the two-byte prefix: the prefix's own encoding, the chars by Ascii (a string this long is rare).
            ref byte cursor = ref Cursor;
            cursor = tag;
            int prefix = VarInt.Append32(ref Unsafe.Add(ref cursor, 1), (uint)length + 1);
            if (TryNarrowAscii(value, 1 + prefix))
            {
                _pos += 1 + prefix + length;
                return;
            }
        }
        // Nothing was committed: the general path starts over.
        WriteByte(tag);
        WriteStringSlow(value);
    }

    /// <summary>
    /// Writes <paramref name="value"/>'s chars as bytes <paramref name="offset"/> bytes past the position (room checked by
    /// the caller) when all are ASCII: short strings in two overlapping vector passes (<see cref="ShortAscii"/>), long ones
    /// by <see cref="Ascii"/>. Commits nothing: on false the caller starts over on the general path.
    /// </summary>
    /// <remarks>
    /// Not <see cref="LongAscii"/>, which string fields take (<see cref="TryWriteTaggedAscii"/>): this way writes every
    /// message's type names, and <see cref="Ascii"/> is precompiled in the framework, where LongAscii's
    /// vector code is JIT-compiled at a process's first message (~1 ms of the first round trip).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryNarrowAscii(string value, int offset) =>
        value.Length <= ShortAscii.MaxChars
            ? ShortAscii.TryNarrow(ref ShortAscii.FirstChar(value), value.Length, ref Unsafe.Add(ref Cursor, offset))
            : Ascii.FromUtf16(value, new Span<byte>(_buffer, _pos + offset, value.Length), out _) == OperationStatus.Done;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteStringSlow(string value)
    {
        if (value.Length <= ShortStringChars && _end - _pos > value.Length * 3)
        {
            int n = Encoding.UTF8.GetBytes(value, new Span<byte>(_buffer, _pos + 1, value.Length * 3));
            Cursor = (byte)(n + 1);
            _pos += n + 1;
            return;
        }
        if (value.Length > int.MaxValue / 3 - 1)
        {
            ThrowHelper.ThrowOutputTooLarge((long)value.Length * 3);
        }
        if (_sink == SinkKind.Pooled && _end - _pos - VarInt.MaxBytes32 < value.Length)
        {
            // The pooled buffer grows anyway: make room for the ASCII pass, which the caller could not try.
            Ensure(value.Length + VarInt.MaxBytes32);
            int prefix = VarInt.Append32(ref Cursor, (uint)value.Length + 1);
            if (TryNarrowAscii(value, prefix))
            {
                _pos += prefix + value.Length;
                return;
            }
        }
        // Encoding.UTF8 counts a lone surrogate as U+FFFD (3 bytes), exactly as Utf8.FromUtf16 below replaces it.
        int byteCount = Encoding.UTF8.GetByteCount(value);
        WriteVarUInt32((uint)byteCount + 1);
        if (_sink == SinkKind.Pooled || _end - _pos >= byteCount)
        {
            Ensure(byteCount);
            _pos += Encoding.UTF8.GetBytes(value, new Span<byte>(_buffer, _pos, byteCount));
            return;
        }
        // Stream and IBufferWriter sinks take a long string chunk by chunk instead of one huge buffer.
        // Utf8.FromUtf16 stops before a surrogate pair that does not fit, so pairs are never split.
        ReadOnlySpan<char> rest = value;
        while (true)
        {
            Utf8.FromUtf16(rest, new Span<byte>(_buffer, _pos, _end - _pos), out int read, out int written);
            _pos += written;
            rest = rest[read..];
            if (rest.IsEmpty)
            {
                return;
            }
            Grow(Math.Min(rest.Length * 3, DefaultChunkSize)); // at least 4 bytes free: room for any code point
        }
    }

    /// <summary>Writes bytes as they are, with no length prefix.</summary>
    public void WriteRawBytes(ReadOnlySpan<byte> bytes)
    {
        if (_end - _pos >= bytes.Length)
        {
            bytes.CopyTo(new Span<byte>(_buffer, _pos, bytes.Length));
            _pos += bytes.Length;
            return;
        }
        WriteRawBytesSlow(bytes);
    }

    /// <summary>
    /// <paramref name="tag"/> then <paramref name="bytes"/> (a remembered type entry: tens of bytes) under one room check,
    /// copied as <see cref="CopyEntryBytes"/> does.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void WriteTaggedRawBytes(byte tag, byte[] bytes)
    {
        if (_end - _pos - 1 >= bytes.Length)
        {
            ref byte cursor = ref Cursor;
            cursor = tag;
            CopyEntryBytes(bytes, ref Unsafe.Add(ref cursor, 1));
            _pos += 1 + bytes.Length;
            return;
        }
        WriteByte(tag);
        WriteRawBytesSlow(bytes);
    }

    /// <summary><see cref="WriteRawBytes"/> for a remembered type entry's bytes, copied as <see cref="CopyEntryBytes"/> does.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void WriteShortRawBytes(byte[] bytes)
    {
        if (_end - _pos >= bytes.Length)
        {
            CopyEntryBytes(bytes, ref Cursor);
            _pos += bytes.Length;
            return;
        }
        WriteRawBytesSlow(bytes);
    }

    /// <summary>
    /// Copies <paramref name="bytes"/> to <paramref name="destination"/> (room checked by the caller): 16-64 bytes inline
    /// with overlapping vector moves, others by a block copy, whose call and size dispatch cost ~30 instructions, about
    /// what the copy of a type entry costs here.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyEntryBytes(byte[] bytes, ref byte destination)
    {
        int length = bytes.Length;
        ref byte source = ref MemoryMarshal.GetArrayDataReference(bytes);
        if ((uint)(length - 16) <= 64 - 16 && Vector128.IsHardwareAccelerated)
        {
            // The first 16 and the last 16 (and, past 32, the 16 after the first and before the last): they overlap.
            Vector128<byte> first = Vector128.LoadUnsafe(ref source);
            Vector128<byte> last = Vector128.LoadUnsafe(ref source, (nuint)(length - 16));
            if (length > 32)
            {
                Vector128<byte> second = Vector128.LoadUnsafe(ref source, 16);
                Vector128<byte> third = Vector128.LoadUnsafe(ref source, (nuint)(length - 32));
                second.StoreUnsafe(ref destination, 16);
                third.StoreUnsafe(ref destination, (nuint)(length - 32));
            }
            first.StoreUnsafe(ref destination);
            last.StoreUnsafe(ref destination, (nuint)(length - 16));
        }
        else
        {
            Unsafe.CopyBlockUnaligned(ref destination, ref source, (uint)length);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteRawBytesSlow(ReadOnlySpan<byte> bytes)
    {
        if (_sink == SinkKind.Pooled)
        {
            Ensure(bytes.Length);
            bytes.CopyTo(new Span<byte>(_buffer, _pos, bytes.Length));
            _pos += bytes.Length;
            return;
        }
        // Stream and IBufferWriter sinks take large blocks chunk by chunk instead of growing one huge buffer.
        while (!bytes.IsEmpty)
        {
            if (_pos == _end)
            {
                Grow(Math.Min(bytes.Length, DefaultChunkSize));
            }
            int n = Math.Min(bytes.Length, _end - _pos);
            bytes[..n].CopyTo(new Span<byte>(_buffer, _pos, n));
            _pos += n;
            bytes = bytes[n..];
        }
    }

    /// <summary>Writes a byte array as LEB128(length + 1) then its bytes; 0 stands for null.</summary>
    public void WriteByteArray(byte[]? value)
    {
        if (value is null)
        {
            WriteByte(0);
            return;
        }
        WriteVarUInt32((uint)value.Length + 1);
        if (ShouldDefer(value.Length))
        {
            Defer(value, value.Length);
            return;
        }
        WriteRawBytes(value);
    }

    /// <summary>Writes a length prefix for a nullable sequence: LEB128(length + 1), 0 for null.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteLengthPrefix(int? length)
    {
        if (length < 0)
        {
            ThrowHelper.ThrowNegativeLength(length.GetValueOrDefault());
        }
        WriteVarUInt32(length is int n ? (uint)n + 1 : 0u);
    }
}
