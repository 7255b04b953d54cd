using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim;

public sealed partial class SlimSerializer
{
    /// <summary>
    /// Copies <paramref name="value"/> and its whole graph in memory, without going through bytes: the same fidelity
    /// as a serialize/deserialize round trip (identity, cycles, runtime types), with immutable values (strings, boxed
    /// primitives, Uri, Version) shared rather than copied. No type policy applies: the objects are already yours.
    /// </summary>
    /// <exception cref="SlimSerializationException">A type in the graph cannot be cloned (delegates, pointers, ...).</exception>
    public T DeepClone<T>(T value)
    {
        if (value is null)
        {
            return value;
        }
        CloneSession session = Interlocked.Exchange(ref _cachedCloneSession, null) ?? new CloneSession(this);
        try
        {
            return (T)session.CloneGraph(value)!;
        }
        catch (SlimUnsupportedMemberException e) when (e.RefusedType is { } refused)
        {
            throw new SlimSerializationException($"{GraphPath.FindFirstOf(value, refused)}: {e.Reason}", e);
        }
        catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
        {
            throw new SlimSerializationException($"Cloning a '{value.GetType()}' failed: {e.Message}", e);
        }
        finally
        {
            session.Clear();
            Interlocked.CompareExchange(ref _cachedCloneSession, session, null);
        }
    }
}
