using NFX.Slim;

namespace NFX.Tests.Security.Support;

/// <summary>
/// Decides whether the outcome of reading hostile bytes is acceptable. Acceptable: a value, or a
/// <see cref="SlimDeserializationException"/> (or subtype) that Slim threw on purpose. A bug: any other exception
/// escaping; the catch-all wrapper Slim puts around exceptions it did not anticipate (its message starts with
/// <see cref="CatchAllPrefix"/>); a runtime exception such as IndexOutOfRange or NullReference inside a wrapper,
/// which means a check is missing, unless the wrapper reports user code failing on the data it was given
/// (ISerializable constructors, callbacks, user serializers, comparers), which is that code's business.
/// </summary>
public static class FuzzOracle
{
    public const string CatchAllPrefix = "Deserialization failed at offset";

    private static readonly string[] s_userCodeWrappers =
    [
        "The ISerializable constructor of", "Callback ", "The custom serializer for", "Rebuilding a", "Exception.Data entry",
    ];

    /// <summary>Null when <paramref name="error"/> (null: the read succeeded) is acceptable, else why it is a bug.</summary>
    public static string? Verdict(Exception? error)
    {
        if (error is null)
        {
            return null;
        }
        if (error is not SlimDeserializationException)
        {
            return $"escaped {error.GetType().FullName}: {error.Message}";
        }
        if (error.Message.StartsWith(CatchAllPrefix, StringComparison.Ordinal))
        {
            return $"unanticipated {error.InnerException?.GetType().FullName} (a missing check): {error.Message}";
        }
        bool userCode = s_userCodeWrappers.Any(p => error.Message.StartsWith(p, StringComparison.Ordinal)) ||
                        error.Message.Contains(".OnDeserialization threw", StringComparison.Ordinal);
        for (Exception? inner = error.InnerException; inner is not null && !userCode; inner = inner.InnerException)
        {
            if (inner is IndexOutOfRangeException or NullReferenceException or InvalidCastException or ArgumentOutOfRangeException or
                OverflowException or ArrayTypeMismatchException or InvalidProgramException or KeyNotFoundException or
                DivideByZeroException or NotImplementedException or AccessViolationException or InsufficientExecutionStackException)
            {
                return $"{inner.GetType().FullName} inside {error.GetType().Name} (a missing check): {error.Message}";
            }
        }
        return null;
    }
}
