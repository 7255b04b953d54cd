namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// A root type whose clones may go depth-first (<see cref="TreeClonePlans"/>), and how that went: a clone that meets
/// what the depth-first path does not copy (a subclass in a field) is thrown away and
/// made again the general way, so a root type whose clones keep falling back stops trying.
/// </summary>
internal sealed class TreeCloneRoot
{
    // Fallbacks beyond completions after which the depth-first attempt is not worth its wasted work any more.
    private const int GiveUpAfter = 32;
    private int _fallbacks;

    public TreeCloneRoot(TreeCloneNode node) => Node = node;

    /// <summary>The node of the root's type.</summary>
    public TreeCloneNode Node { get; }

    /// <summary>How many more times its clones fell back than completed.</summary>
    public int Fallbacks => Volatile.Read(ref _fallbacks);

    /// <summary>False once the depth-first attempt fell back many more times than it completed.</summary>
    public bool IsWorthTrying => Volatile.Read(ref _fallbacks) < GiveUpAfter;

    /// <summary>A depth-first clone completed.</summary>
    public void Completed()
    {
        // Only written when there is something to forgive: a clean run of completions touches no shared line.
        if (Volatile.Read(ref _fallbacks) > 0)
        {
            Interlocked.Decrement(ref _fallbacks);
        }
    }

    /// <summary>A depth-first clone fell back to the general path.</summary>
    public void FellBack() => Interlocked.Increment(ref _fallbacks);
}
