namespace NFX.Slim.Session;

/// <summary>
/// When a new object's body is written (docs/FORMAT.md, "Bodies"): right after the object's announcement, depth-first,
/// while fewer than <see cref="MaxOpenBodies"/> bodies are open; otherwise queued and written after every body before
/// it, breadth-first. Writer and reader count open bodies the same way, so neither recursion nor the queue depends
/// on the input: most of a tree of DTOs is written and read without the queue (one level in six goes through it),
/// and a million-node chain nests at most this deep at a time.
/// </summary>
internal static class BodyOrder
{
    /// <summary>How many bodies may be open (nested) at once in a message of the current format version.</summary>
    /// <remarks>
    /// Chosen by measurement, not derived (docs/perf/notes.md): 6 takes a DTO tree (question, answers list, answer,
    /// comments list, comment, user) without the queue, and deeper nesting made graphs slower to write (each level is
    /// about five calls deep, and returns beyond what the processor's return predictor holds are mispredicted).
    /// </remarks>
    public const int MaxOpenBodies = 6;

    /// <summary>
    /// The open-body limit of a message of format <paramref name="version"/> (one the header check accepted): version 1
    /// wrote every body breadth-first, which is a limit of 0.
    /// </summary>
    public static int MaxOpenBodiesOf(byte version) => version == 1 ? 0 : MaxOpenBodies;
}
