using System.Diagnostics.CodeAnalysis;
using NFX.Slim;

namespace NFX.IO;

/// <summary>Throws for the wire layer, kept out of line so the hot methods stay small and inlinable.</summary>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowOutputTooLarge(long wanted) =>
        throw new SlimSerializationException($"The output would grow to {wanted} bytes, beyond the largest possible array.");

    [DoesNotReturn]
    public static void ThrowNegativeLength(int length) =>
        throw new ArgumentOutOfRangeException(nameof(length), length, "A length prefix cannot be negative.");

    [DoesNotReturn]
    public static void ThrowBufferWriterTooSmall(int wanted, int got) =>
        throw new InvalidOperationException($"The IBufferWriter returned {got} bytes when at least {wanted} were asked for.");

    [DoesNotReturn]
    public static void ThrowNotPooledSink() =>
        throw new InvalidOperationException("WrittenSpan, WrittenMemory and ToArray are only available when the writer targets its own pooled buffer.");

    [DoesNotReturn]
    public static void ThrowTruncated(string what, long offset, long needed, long available) =>
        throw new SlimFormatException(
            $"Unexpected end of input reading {what} at offset {offset}: {needed} byte(s) needed, {available} available.", offset);

    [DoesNotReturn]
    public static void ThrowFormat(string message, long offset) =>
        throw new SlimFormatException($"{message} (at offset {offset}).", offset);

    [DoesNotReturn]
    public static void ThrowOverlongVarInt(string what, long offset, int maxBytes) =>
        throw new SlimFormatException(
            $"Malformed variable-length integer for {what} at offset {offset}: longer than {maxBytes} bytes.", offset);

    [DoesNotReturn]
    public static void ThrowOutOfRange(string what, long offset, string value) =>
        throw new SlimFormatException($"Value {value} at offset {offset} is out of range for {what}.", offset);

    [DoesNotReturn]
    public static void ThrowLimit(string limitName, long requested, long maximum, long offset) =>
        throw new SlimLimitExceededException(limitName, requested, maximum, offset);
}
