namespace NFX.Slim;

/// <summary>How long the type registry (the table that turns a type name into a short "$n" handle) lives.</summary>
public enum TypeRegistryMode
{
    /// <summary>
    /// Every message starts from the known types only and carries the names of the other types it uses once.
    /// A serializer in this mode is safe to use from many threads at once.
    /// </summary>
    PerCall = 0,

    /// <summary>
    /// The registry persists across messages, so a type name crosses the wire once per connection. A serializer in
    /// this mode serves one direction of one connection (only Serialize, or only Deserialize), from one thread at a
    /// time, and both ends must reset together (<see cref="SlimSerializer.ResetBatchRegistry"/>) on reconnect.
    /// </summary>
    Batch = 1,
}
