using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;

namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>
    /// Reads a length prefix written by <see cref="SlimWriter.WriteLengthPrefix"/>: returns -1 for null, otherwise a
    /// length no greater than <see cref="MaxLength"/> whose <paramref name="elementSize"/>-byte elements fit in the
    /// bytes left (for in-memory input), so the caller can allocate without trusting the input further.
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
        if ((uint)length > (uint)MaxLength || (long)length * elementSize > _end - _pos)
        {
            CheckLengthSlow(raw - 1, what, elementSize);
        }
        return length;
    }

    /// <summary>Reads a plain (non-null) LEB128 length and checks it like <see cref="ReadNullableLength"/>.</summary>
    public int ReadLength(string what, int elementSize)
    {
        uint raw = ReadVarUInt32();
        if (raw > (uint)MaxLength || (long)raw * elementSize > _end - _pos)
        {
            CheckLengthSlow(raw, what, elementSize);
        }
        return (int)raw;
    }

    /// <summary>
    /// Checks a length read from the input against <see cref="MaxLength"/> and the bytes left; for a stream,
    /// pulls the bytes in first (growing the buffer only as data arrives).
    /// </summary>
    public void CheckLength(long length, string what, int elementSize)
    {
        if ((ulong)length > (ulong)MaxLength || length * elementSize > _end - _pos)
        {
            CheckLengthSlow((ulong)length, what, elementSize);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CheckLengthSlow(ulong length, string what, int elementSize)
    {
        if (length > (ulong)MaxLength)
        {
            ThrowHelper.ThrowLimit($"{nameof(MaxLength)} ({what})", (long)Math.Min(length, long.MaxValue), MaxLength, Position);
        }
        long bytes = (long)length * elementSize;
        if (bytes > Array.MaxLength || !TryFill((int)bytes))
        {
            ThrowHelper.ThrowTruncated($"{what} of length {length}", Position, bytes, _end - _pos);
        }
    }

    /// <summary>Reads a string: LEB128(byteCount + 1) then UTF-8; 0 is null. Invalid UTF-8 is malformed input.</summary>
    public string? ReadString()
    {
        int length = ReadStringLength();
        if (length <= 0)
        {
            return length == 0 ? string.Empty : null;
        }
        var bytes = new ReadOnlySpan<byte>(_buffer, _pos, length);
        if (!Utf8.IsValid(bytes))
        {
            ThrowHelper.ThrowFormat($"String of {length} bytes is not valid UTF-8", Position);
        }
        string value = Encoding.UTF8.GetString(bytes);
        _pos += length;
        return value;
    }

    /// <summary>Reads a byte array: LEB128(length + 1) then the bytes; 0 is null.</summary>
    public byte[]? ReadByteArray()
    {
        int length = ReadNullableLength("Byte[]", 1);
        if (length < 0)
        {
            return null;
        }
        byte[] value = length == 0 ? [] : GC.AllocateUninitializedArray<byte>(length);
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
