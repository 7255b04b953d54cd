using NFX.Slim.Cloning;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// The one rebuild path of hashed and sorted collections (dictionaries, sets, their immutable forms): the elements
/// are gathered while the body is read (or copied), and the collection is filled either at once or, when hashing or
/// comparing could observe something not complete yet, as a completion step once everything it reaches is complete
/// (<see cref="CompletionOrder"/>). A fill's failures go through one filter: input the collection refuses (a
/// duplicate key) is a <see cref="SlimFormatException"/>, a user comparer or key that throws is a
/// <see cref="SlimDeserializationException"/> (a <see cref="SlimSerializationException"/> when cloning).
/// </summary>
internal abstract class CollectionFill(Type collection, long offset) : IDeferredFill, IDeferredCloneFill
{
    /// <summary>The collection type, for messages.</summary>
    protected Type Collection { get; } = collection;

    /// <summary>Where the collection's elements ended in the input (0 when cloning), for messages.</summary>
    protected long Offset { get; } = offset;

    /// <summary>
    /// True when a collection may be filled the moment its elements are read: they are complete on reading (plain
    /// data or strings), and so are its comparers (the default or a well-known string comparer: a custom comparer is
    /// an object whose own body, ISerializable constructor or callbacks may still be pending).
    /// </summary>
    public static bool CanFillNow(bool elementsComplete, object? comparer, object? defaultComparer) =>
        elementsComplete && !ComparerCodec.IsCustom(comparer, defaultComparer);

    /// <summary>Fills now when <paramref name="now"/>, else once everything the collection reaches is complete.</summary>
    public void FillNowOrDefer(bool now, ReadSession session)
    {
        if (now)
        {
            Fill(session);
        }
        else
        {
            session.Defer(this);
        }
    }

    /// <summary>The clone counterpart of <see cref="FillNowOrDefer(bool, ReadSession)"/>.</summary>
    public void FillNowOrDefer(bool now, CloneSession session)
    {
        if (now)
        {
            Fill();
        }
        else
        {
            session.Defer(this);
        }
    }

    /// <summary>Fills from input: hashed collections are checked for flooding (docs/SECURITY.md).</summary>
    public void Fill(ReadSession session) => Run(session.Limits.MaxHashCollisions, reading: true);

    /// <summary>Fills a clone: the elements are already a valid collection's.</summary>
    public void Fill() => Run(int.MaxValue, reading: false);

    /// <summary>Builds or fills the collection; <paramref name="maxHashCollisions"/> is int.MaxValue for trusted elements.</summary>
    protected abstract void Rebuild(int maxHashCollisions);

    private void Run(int maxHashCollisions, bool reading)
    {
        try
        {
            Rebuild(maxHashCollisions);
        }
        catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
        {
            throw Failure(e, reading);
        }
    }

    /// <summary>A duplicate found by the rebuild itself (before the collection would throw).</summary>
    protected void ThrowDuplicate(string what) => SlimThrow.Format($"Duplicate {what} in a {Collection.Name}", Offset);

    private Exception Failure(Exception e, bool reading)
    {
        string message = $"Rebuilding a {Collection.Name} failed{(reading ? $" at offset {Offset}" : "")}: {e.Message}";
        if (!reading)
        {
            return new SlimSerializationException(message, e);
        }
        // The BCL collections answer inconsistent input (a key twice) with ArgumentException; anything else came from
        // user code (a comparer, a key's GetHashCode) rejecting the data.
        return e is ArgumentException and not ArgumentNullException ? new SlimFormatException(message + ".", Offset) : new SlimDeserializationException(message, e);
    }
}
