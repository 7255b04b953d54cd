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

    [DoesNotReturn]
    private void ThrowStringTooLong(uint length) =>
        ThrowHelper.ThrowLimit(nameof(MaxStringBytes), length, MaxStringBytes, Position);
}
