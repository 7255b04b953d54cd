namespace NFX.Glue;

/// <summary>
/// Marks a <c>void</c> contract method as fire-and-forget: the call is queued for sending and returns at once; the
/// server runs it and sends nothing back, so failures (including a lost connection) are not reported to the caller.
/// </summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
public sealed class OneWayAttribute : Attribute
{
}
