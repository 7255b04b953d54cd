using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Unicode;

namespace NFX.IO;

public sealed partial class SlimReader
{
    // Strict UTF-8: invalid input is malformed, never silently replaced.
    private static readonly UTF8Encoding s_strictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private static readonly SpanAction<char, SlimReader> s_widenAscii = static (chars, reader) =>
        reader._asciiWidened = chars.Length <= ShortAscii.MaxChars
            ? ShortAscii.TryWiden(ref reader._buffer[reader._pos], chars.Length, ref MemoryMarshal.GetReference(chars))
            : LongAscii.TryWiden(ref reader._buffer[reader._pos], chars.Length, ref MemoryMarshal.GetReference(chars));

    private bool _asciiWidened; // the outcome of the last s_widenAscii (a SpanAction cannot return one)

    /// <summary>
    /// Reads a length prefix written by <see cref="SlimWriter.WriteLengthPrefix"/>: returns -1 for null, otherwise a
    /// length no greater than <see cref="MaxLength"/> whose elements, each at least <paramref name="elementSize"/>
    /// bytes on the wire (pass 1 or more), fit in the bytes left; for a stream those bytes are pulled in first. The
    /// caller can then allocate without trusting the input further.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int ReadNullableLength(string what, int elementSize)
    {
        uint raw = ReadVarUInt32();
        if (raw == 0)
        {
            return -1;
        }
        int length = (int)(raw - 1);
        if ((uint)length > (uint)MaxLength || (long)length * elementSize > _end - _pos - _reserved)
        {
            CheckLengthSlow(raw - 1, what, elementSize);
        }
        return length;
    }

    /// <summary>Reads a plain (non-null) LEB128 length and checks it like <see cref="ReadNullableLength"/>.</summary>
    public int ReadLength(string what, int elementSize)
    {
        uint raw = ReadVarUInt32();
        if (raw > (uint)MaxLength || (long)raw * elementSize > _end - _pos - _reserved)
        {
            CheckLengthSlow(raw, what, elementSize);
        }
        return (int)raw;
    }

    /// <summary>
    /// Checks a length read from the input (an element count, a product of dimensions) against
    /// <see cref="MaxLength"/> and the bytes left (less those already promised to bodies still to come,
    /// <see cref="TryReserve"/>); for a stream, pulls the bytes in first (growing the buffer only as
    /// data arrives). Negative lengths and lengths beyond the largest array are malformed input.
    /// </summary>
    public void CheckLength(long length, string what, int elementSize)
    {
        if ((ulong)length > (ulong)MaxLength || length * elementSize > _end - _pos - _reserved)
        {
            CheckLengthSlow((ulong)length, what, elementSize);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CheckLengthSlow(ulong length, string what, int elementSize)
    {
        if (length > (ulong)Array.MaxLength)
        {
            ThrowHelper.ThrowFormat(
                $"Length {(long)length} of {what} is negative or beyond the largest possible array ({Array.MaxLength})", Position);
        }
        if (length > (ulong)MaxLength)
        {
            ThrowHelper.ThrowLimit($"{MaxLengthName} ({what})", (long)length, MaxLength, Position);
        }
        long bytes = (long)length * Math.Max(elementSize, 0);
        if (bytes + _reserved > Array.MaxLength || !TryFill((int)(bytes + _reserved)))
        {
            ThrowTruncated($"{what} of length {length}", bytes);
        }
    }

    /// <summary>
    /// Reads a string: LEB128(byteCount + 1) then UTF-8; 0 is null, 1 is empty. Invalid UTF-8 (including an encoded
    /// surrogate or an overlong form) is malformed input.
    /// </summary>
    public string? ReadString()
    {
        int length = ReadStringLength();
        if (length <= 0)
        {
            return length == 0 ? string.Empty : null;
        }
        // Most strings are ASCII: the string is allocated at its final length and widened in one vectorized pass that
        // also checks every byte (Encoding.ASCII.GetString would count, then widen, after a validity check). Anything
        // else is decoded (and validated) strictly below; the string allocated for the attempt is dropped.
        string value = string.Create(length, this, s_widenAscii);
        if (_asciiWidened)
        {
            _pos += length;
            return value;
        }
        if (!TryDecodeUtf8(length, out value))
        {
            ThrowInvalidUtf8(length);
        }
        _pos += length;
        return value;
    }

    /// <summary>
    /// The read-side twin of <see cref="SlimWriter.WriteTaggedString"/> for its common case: when the next byte is
    /// <paramref name="tag"/> and a non-null string of fewer than 16,383 bytes of valid UTF-8 follows it (a length prefix
    /// of one or two bytes), all buffered and within <see cref="MaxStringBytes"/>, reads both and returns the string; otherwise
    /// reads nothing and returns null, and the caller reads the tag and the string the general way (which also reports
    /// whatever is wrong with them). One call and one position update for what Slim's generated code reads before
    /// nearly every string: the handle of a string written inline.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)] // inlined at every string field, it left the generated bodies too many locals to track
    internal string? TryReadTaggedString(byte tag)
    {
        int pos = _pos;
        int available = _end - pos;
        if (available >= 3)
        {
            ref byte at = ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_buffer), (nint)(uint)pos);
            // LEB128(length + 1) in one byte (a prefix of 0, the null string, is not this case) or in two.
            int length = Unsafe.Add(ref at, 1) - 1;
            int start = 2;
            if (length >= 0x7F)
            {
                uint high = Unsafe.Add(ref at, 2);
                length = (int)((uint)(length - 0x7F) | high << 7) - 1;
                start = high - 1 < 0x7F ? 3 : int.MaxValue; // a second byte of 0 is not minimal; one with 0x80 is longer
            }
            if (at == tag && length >= 0 && length <= available - start && length <= MaxStringBytes)
            {
                _pos = pos + start;
                if (length == 0)
                {
                    return string.Empty;
                }
                string value = string.Create(length, this, s_widenAscii);
                if (_asciiWidened)
                {
                    _pos += length;
                    return value;
                }
                // Not ASCII: decoded here, so text of other scripts is allocated twice (the attempt and the string), as
                // ReadString does, not three times by the caller's way; invalid UTF-8 is left to that way to report.
                if (TryDecodeUtf8(length, out value))
                {
                    _pos += length;
                    return value;
                }
                _pos = pos;
            }
        }
        return null;
    }

    /// <summary>Decodes <paramref name="length"/> bytes at the position as strict UTF-8; false when they are not valid.</summary>
    private bool TryDecodeUtf8(int length, out string value)
    {
        try
        {
            value = s_strictUtf8.GetString(_buffer, _pos, length);
            return true;
        }
        catch (DecoderFallbackException)
        {
            value = "";
            return false;
        }
    }

    [DoesNotReturn]
    private void ThrowInvalidUtf8(int length)
    {
        var bytes = new ReadOnlySpan<byte>(_buffer, _pos, length);
        int valid = Utf8.IsValid(bytes) ? length : FirstInvalidUtf8(bytes);
        ThrowHelper.ThrowFormat($"String of {length} bytes is not valid UTF-8 (first bad byte at +{valid})", Position);
    }

    private static int FirstInvalidUtf8(ReadOnlySpan<byte> bytes)
    {
        Span<char> scratch = stackalloc char[256];
        int consumed = 0;
        while (consumed < bytes.Length)
        {
            OperationStatus status = Utf8.ToUtf16(bytes[consumed..], scratch, out int read, out _, replaceInvalidSequences: false);
            consumed += read;
            if (status != OperationStatus.DestinationTooSmall)
            {
                break;
            }
        }
        return consumed;
    }

    /// <summary>Reads a byte array: LEB128(length + 1) then the bytes; 0 is null.</summary>
    public byte[]? ReadByteArray()
    {
        int length = ReadNullableLength("Byte[]", 1);
        if (length < 0)
        {
            return null;
        }
        byte[] value = length == 0 ? new byte[0] : GC.AllocateUninitializedArray<byte>(length); // never a shared empty array
        new ReadOnlySpan<byte>(_buffer, _pos, length).CopyTo(value);
        _pos += length;
        return value;
    }

    /// <summary>Copies the next <paramref name="destination"/>.Length bytes into it.</summary>
    public void ReadRawBytes(Span<byte> destination)
    {
        Require(destination.Length, "raw bytes");
        new ReadOnlySpan<byte>(_buffer, _pos, destination.Length).CopyTo(destination);
        _pos += destination.Length;
    }
}
