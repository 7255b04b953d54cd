using NFX.Slim.Cloning;
using NFX.Slim.Cloning.TreeClone;
using NFX.Slim.TypeSystem;

namespace NFX.Slim;

public sealed partial class SlimSerializer
{
    private TreeClonePlans? _treeClones;

    /// <summary>Which root types DeepClone may copy depth-first, and the nodes that do it (built on first use).</summary>
    internal TreeClonePlans TreeClones => _treeClones ?? CreateTreeClones();

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

    private TreeClonePlans CreateTreeClones()
    {
        Interlocked.CompareExchange(ref _treeClones, new TreeClonePlans(Codecs), null);
        return _treeClones;
    }
}
