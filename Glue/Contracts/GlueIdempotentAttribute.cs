namespace NFX.Glue;

/// <summary>
/// Declares that running a contract method twice has the same effect as running it once (a read, or a write keyed by
/// the caller, such as "set the status of order 42 to shipped"). Glue may then retry a call of it after the
/// connection was lost while the call was in flight, when the server may or may not have run it; calls of other
/// methods are retried only when they provably never reached the server (see <see cref="GlueRetryOptions"/>). On an
/// interface it marks every method of that interface. It has no effect on <see cref="OneWayAttribute"/> methods and on
/// streaming methods (<see cref="IAsyncEnumerable{T}"/> results or arguments), which are never retried.
/// </summary>
[AttributeUsage(AttributeTargets.Method | AttributeTargets.Interface, Inherited = false)]
public sealed class GlueIdempotentAttribute : Attribute
{
}
