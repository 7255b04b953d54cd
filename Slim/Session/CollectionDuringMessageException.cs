namespace NFX.Slim.Session;

/// <summary>
/// A garbage collection ran while a message was written without checking for one (see
/// <see cref="IdentityMap{TValue}.BeginUnchecked"/>): an object the collection moved may have been taken for a new one,
/// so the message (or the depth-first clone) is thrown away and made again. Never leaves the serializer: the writer
/// (<see cref="SlimSerializer"/>) and the clone session catch it and start again, checked.
/// </summary>
internal sealed class CollectionDuringMessageException()
    : Exception("A garbage collection moved objects while the message was written by their addresses; it is written again.");
