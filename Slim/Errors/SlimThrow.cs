using System.Diagnostics.CodeAnalysis;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim;

/// <summary>Throw helpers for the serializer, kept out of line so the hot paths stay small.</summary>
internal static class SlimThrow
{
    [DoesNotReturn]
    public static void Format(string message, long offset) => throw new SlimFormatException($"{message} (at offset {offset}).", offset);

    [DoesNotReturn]
    public static void Limit(string limit, long requested, long maximum, long offset) =>
        throw new SlimLimitExceededException(limit, requested, maximum, offset);

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
            $"Nesting deeper than {maxDepth} inline values while writing '{TypeNames.Describe(type)}' (raise SlimLimits.MaxDepth if this is intended).");

    [DoesNotReturn]
    public static void Unsupported(string path, string reason) =>
        throw new SlimUnsupportedMemberException(path, reason);

    [DoesNotReturn]
    public static void RootType(Type expected, Type? actual) =>
        throw new SlimDeserializationException(
            $"The message's root is a '{(actual is null ? "null" : TypeNames.Describe(actual))}', not the requested '{TypeNames.Describe(expected)}'.");
}
