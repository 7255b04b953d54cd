using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace NFX.IO;

public sealed partial class SlimReader
{
    /// <summary>
    /// The largest string, in UTF-8 bytes, that <see cref="ReadString"/> accepts; checked on the length prefix, before
    /// anything is decoded or allocated (strings are bounded by this, not by <see cref="MaxLength"/>). Defaults to
    /// <see cref="Array.MaxLength"/>; Slim sets it from its limits.
    /// </summary>
    public int MaxStringBytes { get; set; } = Array.MaxLength;

    /// <summary>
    /// The name under which a caller sets <see cref="MaxLength"/>, so a limit error names the option the user knows
    /// (Slim sets <c>MaxCollectionLength</c>, from <c>SlimLimits</c>).
    /// </summary>
    internal string MaxLengthName { get; set; } = nameof(MaxLength);

    /// <summary>
    /// Reads a string's length prefix (LEB128 of byte count + 1, 0 for null): returns -1 for null, otherwise a byte count
    /// no greater than <see cref="MaxStringBytes"/> whose bytes are all buffered (pulled from a stream if need be).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ReadStringLength()
    {
        uint raw = ReadVarUInt32();
        if (raw == 0)
        {
            return -1;
        }
        uint length = raw - 1;
        if (length > (uint)MaxStringBytes)
        {
            ThrowStringTooLong(length);
        }
        Require((int)length, "String");
        return (int)length;
    }

    /// <summary>
    /// Bytes of the input already promised to parts announced but not read yet: the elements of an array whose header
    /// allocated it while its body waits in a queue. Every length check counts them as spent, so objects waiting for
    /// their bodies can never claim more, all together, than the input has left (each alone was always checked).
    /// </summary>
    internal long Reserved => _reserved;

    /// <summary>
    /// Promises <paramref name="bytes"/> of the input left to a part that will be read later (<see cref="Reserved"/>),
    /// after checking that they are there beside what is promised already (for a stream they are pulled in first);
    /// false, promising nothing, when they are not. Give them back with <see cref="Release"/> when that part's reading starts.
    /// </summary>
    internal bool TryReserve(long bytes)
    {
        if (bytes > _end - _pos - _reserved)
        {
            long needed = bytes + _reserved;
            if (needed > Array.MaxLength || !TryFill((int)needed))
            {
                return false;
            }
        }
        _reserved += bytes;
        return true;
    }

    /// <summary>Throws the truncation error of a failed <see cref="TryReserve"/> for <paramref name="what"/>.</summary>
    [DoesNotReturn]
    internal void ThrowCannotReserve(string what, long bytes) => ThrowTruncated(what, bytes);

    /// <summary>Gives back bytes promised by <see cref="TryReserve"/>: the part they were kept for is being read now.</summary>
    internal void Release(long bytes) => _reserved -= bytes;

    [DoesNotReturn]
    private void ThrowTruncated(string what, long bytes)
    {
        string promised = _reserved == 0 ? string.Empty : $" beside {_reserved} promised to objects whose bodies come later";
        ThrowHelper.ThrowTruncated(what + promised, Position, bytes, _end - _pos - _reserved);
    }

    [DoesNotReturn]
    private void ThrowStringTooLong(uint length) =>
        ThrowHelper.ThrowLimit(nameof(MaxStringBytes), length, MaxStringBytes, Position);
}
