namespace NFX.Slim.Session;

/// <summary>
/// A garbage collection ran while a message was written without checking for one (see
/// <see cref="IdentityMap{TValue}.BeginUnchecked"/>): an object the collection moved may have been taken for a new one,
/// so the message is thrown away and written again. Never leaves the serializer: <see cref="SlimSerializer"/> catches it
/// and writes the message again, checked.
/// </summary>
internal sealed class CollectionDuringMessageException()
    : Exception("A garbage collection moved objects while the message was written by their addresses; it is written again.");
