using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.TypeSystem;

namespace NFX.Slim;

/// <summary>Throw helpers for the serializer, kept out of line so the hot paths stay small.</summary>
internal static class SlimThrow
{
    /// <summary>Malformed input: the wire layer's helper, so a format error reads the same from every layer.</summary>
    [DoesNotReturn]
    public static void Format(string message, long offset) => ThrowHelper.ThrowFormat(message, offset);

    /// <summary>A limit exceeded: the wire layer's helper.</summary>
    [DoesNotReturn]
    public static void Limit(string limit, long requested, long maximum, long offset) => ThrowHelper.ThrowLimit(limit, requested, maximum, offset);

    // The per-message checks: their messages are built here, not at the call sites, whose frames would otherwise
    // reserve (and zero, on every message) the string builders' state.
    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void InputAfterMessage(int extra, int length, long offset) =>
        Format($"The input holds {extra} byte(s) after the message's {length}", offset);

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void UnreadPayload(long unread, long offset) => Format($"The message payload has {unread} unread byte(s)", offset);

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void UnreadAfterLastObject(int unread, long offset) =>
        Format($"The message payload has {unread} unread byte(s) after its last object", offset);

    /// <summary>An unexpected exception while reading, wrapped with the offset it stopped at.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static SlimDeserializationException ReadFailed(Exception e, long offset) =>
        new($"Deserialization failed at offset {offset}: {e.Message}", e);

    [DoesNotReturn]
    public static void RegistryMismatch(uint count, uint checksum, int expectedCount, uint expectedChecksum, long offset) =>
        throw new SlimRegistryMismatchException(
            $"Type registry mismatch at offset {offset}: the message was written with {count} registered types (checksum 0x{checksum:X8}), " +
            $"this reader has {expectedCount} (checksum 0x{expectedChecksum:X8}). Writer and reader need the same SlimOptions.KnownTypes; " +
            "in Batch mode both ends must see every message in order and reset together.");

    [DoesNotReturn]
    public static void BadBackReference(uint index, int poolCount, long offset) =>
        throw new SlimDeserializationException(
            $"Back-reference at offset {offset} names object #{index}, but only {poolCount} object(s) were announced so far.");

    [DoesNotReturn]
    public static void ReferenceToUnfinished(uint index, long offset) =>
        throw new SlimDeserializationException(
            $"Back-reference at offset {offset} names object #{index} while it is still being read (a cycle through an immutable value or custom serializer cannot be rebuilt).");

    [DoesNotReturn]
    public static void SlotTypeMismatch(ReferenceSlot slot, Type actual, long offset) =>
        throw new SlimDeserializationException(
            $"At offset {offset}, {slot.Name} (declared '{TypeNames.Describe(slot.DeclaredType)}') would receive a '{TypeNames.Describe(actual)}'.");

    [DoesNotReturn]
    public static void NotInstantiable(ReferenceSlot slot, long offset) =>
        throw new SlimDeserializationException(
            $"At offset {offset}, {slot.Name} announces a new object of its declared type '{TypeNames.Describe(slot.DeclaredType)}', which is abstract.");

    [DoesNotReturn]
    public static void NoInstances(ReferenceSlot slot, Type type, long offset) =>
        throw new SlimDeserializationException(
            $"At offset {offset}, {slot.Name} announces a new '{TypeNames.Describe(type)}', a type that has no instances (abstract, interface, open generic, static or special).");

    [DoesNotReturn]
    public static void NullInlineValue(Type type, long offset) =>
        throw new SlimFormatException($"A non-null {type.Name} was announced but its value is null (at offset {offset}).", offset);

    [DoesNotReturn]
    public static void BadHandle(uint handle, long offset) =>
        throw new SlimFormatException($"Invalid reference handle {handle} at offset {offset}.", offset);

    [DoesNotReturn]
    public static void BadTypeHandle(uint handle, int count, long offset) =>
        throw new SlimDeserializationException(
            $"Type handle {handle} at offset {offset} is not defined: the registry has {count} types and a new one must take handle {count}.");

    [DoesNotReturn]
    public static T UnknownType<T>(string name, string assembly, long offset) =>
        throw new SlimUnknownTypeException(name, assembly, offset);

    [DoesNotReturn]
    public static void DepthOnWrite(Type type, int maxDepth) =>
        throw new SlimSerializationException(
            $"Nesting deeper than {maxDepth} inline values while writing '{TypeNames.Describe(type)}': if this is intended, raise " +
            "SlimOptions.Limits.MaxDepth on both sides (Limits = SlimLimits.Default with { MaxDepth = ... }) or use the SlimLimits.Trusted preset.");

    [DoesNotReturn]
    public static void OverLimitOnWrite(long payloadBytes, int objects, SlimLimits limits)
    {
        (string option, long value, long maximum, string what) = payloadBytes > limits.MaxMessageBytes
            ? (nameof(SlimLimits.MaxMessageBytes), payloadBytes, (long)limits.MaxMessageBytes, "bytes")
            : (nameof(SlimLimits.MaxObjects), (long)objects, (long)limits.MaxObjects, "objects (strings included)");
        throw new SlimSerializationException(
            $"The message would hold {value} {what}, over SlimOptions.Limits.{option} ({maximum}): a reader with these limits " +
            $"would refuse it. Raise SlimOptions.Limits.{option} on both the writing and the reading side " +
            $"(Limits = SlimLimits.Default with {{ {option} = ... }}), or use the SlimLimits.Trusted preset for trusted data.");
    }

    [DoesNotReturn]
    public static void Unsupported(string path, string reason) =>
        throw new SlimUnsupportedMemberException(path, reason);

    /// <summary>A whole type refused: the facade turns it into the path of the first object of that type in the graph.</summary>
    [DoesNotReturn]
    public static void UnsupportedType(Type type, string reason) =>
        throw new SlimUnsupportedMemberException(TypeNames.Describe(type), reason) { RefusedType = type };

    [DoesNotReturn]
    public static void RootType(Type expected, Type? actual) =>
        throw new SlimDeserializationException(
            $"The message's root is a '{(actual is null ? "null" : TypeNames.Describe(actual))}', not the requested '{TypeNames.Describe(expected)}'.");
}
