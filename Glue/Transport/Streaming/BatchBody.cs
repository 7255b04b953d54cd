namespace NFX.Glue.Transport.Streaming;

/// <summary>
/// The array type a batch of <typeparamref name="T"/> crosses the wire as: <c>T[]</c>, or <c>object[]</c> when T is
/// itself an array type. A second message of an array whose element type is an array (<c>DbRow[][]</c>) breaks
/// Slim's batch registry (the reader's registry ends up in another order), while <c>object[]</c> of the same arrays reads
/// back; receivers accept both forms.
/// </summary>
internal static class BatchBody<T>
{
    /// <summary>True when batches of T are sent as <c>object[]</c>.</summary>
    public static readonly bool Boxed = typeof(T).IsArray;
}
