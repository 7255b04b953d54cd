using System.ComponentModel;

namespace NFX.Glue.Generated;

/// <summary>
/// Calls one contract method on a service instance: <paramref name="args"/> is the method's boxed argument pack (a
/// ValueTuple of its parameters, or null when it has none), <paramref name="upload"/> the stream the client uploads
/// (null when the method takes none); the result is the method's value, a stream source, or null. The server's
/// dispatch; Glue generates one per method (at build time or at run time); not meant to be used directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate ValueTask<object?> GlueMethodInvoker(object instance, object? args, object? upload, CancellationToken cancellationToken);
