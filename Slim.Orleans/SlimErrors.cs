using System.Runtime.CompilerServices;

namespace NFX.Slim.Orleans;

/// <summary>Slim's own exception types, which the codec always carries, and the errors the plugin raises itself.</summary>
internal static class SlimErrors
{
    /// <summary>Every public exception type of NFX.StreamerFormats and NFX.Slim (all derive from <see cref="SlimException"/>).</summary>
    public static readonly Type[] ExceptionTypes = typeof(SlimException).Assembly.GetExportedTypes()
        .Concat(typeof(SlimSerializer).Assembly.GetExportedTypes())
        .Where(t => typeof(SlimException).IsAssignableFrom(t))
        .ToArray();

    public static bool IsSlimException(Type type) => Array.IndexOf(ExceptionTypes, type) >= 0;

    public static SlimTypeNotAllowedException NotSupported(Type type) => new(type.ToString(),
        "the Slim codec of this node does not carry it (its isSupported predicate, given to AddSlimSerializer, rejects it)");

    public static SlimDeserializationException WrongType(Type expected, object value) => new(
        $"The Slim payload was announced as '{expected}' but holds a '{value.GetType()}'.");

    public static SlimDeserializationException MissingType() => new("The Slim payload came before its type field.");

    public static SlimDeserializationException NameTooLong(uint length, int maximum, long offset) => new(
        $"The Slim field's type name declares {length} bytes at offset {offset}, over the {maximum} any type name needs: the message is forged or corrupt.");

    /// <summary>A type name outside the form Orleans' formatter writes, or over its bounds (<see cref="OrleansTypeName"/>).</summary>
    public static SlimFormatException MalformedName(string name, string problem, int position, long offset) => new(
        $"The Slim field's type name at offset {offset} is malformed at character {position} ({problem}): '{Clip(name)}'.", offset);

    /// <summary>A well-formed type name whose parts do not make a type of this process.</summary>
    public static SlimFormatException UnresolvedName(string name, string problem, long offset) => new(
        $"The Slim field's type name at offset {offset} names '{Clip(name)}', which does not make a type: {problem}.", offset);

    /// <summary>Orleans' type converter refused a name that resolves among the loaded assemblies (its allow-list, a converter of the application).</summary>
    public static SlimDeserializationException ConverterRefused(string name, long offset, Exception inner) => new(
        $"The Slim field's type name at offset {offset}, '{Clip(name)}', was refused by Orleans' type converter ({inner.GetType().Name}: {inner.Message}).", inner);

    /// <summary>Orleans' type converter resolved a name to another type than the loaded assemblies define under it.</summary>
    public static SlimDeserializationException ConverterDisagrees(string name, Type expected, Type actual, long offset) => new(
        $"The Slim field's type name at offset {offset}, '{Clip(name)}', names '{expected}' but Orleans' type converter resolved it to '{actual}'.");

    /// <summary>Names in messages are cut: a name may be 16 KiB.</summary>
    private static string Clip(string name) => name.Length <= 256 ? name : string.Concat(name.AsSpan(0, 256), "...");

    /// <summary>
    /// Orleans' reader failed inside the Slim field: for want of input (its own exceptions say only that data or an index
    /// ran out) or on a field header forged there; <paramref name="inner"/> is its exception.
    /// </summary>
    public static SlimDeserializationException Truncated(long offset, Exception inner) => new(
        $"The Slim field could not be read: Orleans' reader failed at offset {offset} ({inner.GetType().Name}: {inner.Message}). The message is truncated or corrupt.", inner);

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static SlimLimitExceededException TooLong(uint length, int maximum, long offset) =>
        new(nameof(SlimLimits.MaxMessageBytes), length, maximum, offset);
}
