using NFX.Glue;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>The contract of Glue's frame parsers: malformed input is a <see cref="GlueProtocolException"/>, nothing else.</summary>
internal static class GlueVerdict
{
    /// <summary>Null when <paramref name="error"/> is a protocol error (wrapping, at most, a documented Slim error).</summary>
    public static string? Of(Exception error)
    {
        if (error is not GlueProtocolException)
        {
            return $"escaped {error.GetType().FullName}: {error.Message}";
        }
        return error.InnerException is { } inner && FuzzOracle.Verdict(inner) is string problem
            ? $"{problem} inside {nameof(GlueProtocolException)}: {error.Message}"
            : null;
    }
}
