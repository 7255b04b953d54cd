using System.Linq.Expressions;
using System.Runtime.CompilerServices;

namespace NFX.Slim.Cloning;

/// <summary>
/// A clone functor compiled the first time a deep clone calls it, not when its codec is built: compiling is the dearest
/// step of making a codec, and a serializer that only writes and reads never clones. Benignly raced: two threads that
/// clone a type for the first time together may both compile it, and either delegate serves.
/// </summary>
internal sealed class LazyCloneFunctor<TDelegate> where TDelegate : Delegate
{
    private readonly Func<Expression<TDelegate>>? _build;
    private TDelegate? _compiled;

    /// <summary>A functor compiled from the tree <paramref name="build"/> makes, on first use.</summary>
    public LazyCloneFunctor(Func<Expression<TDelegate>> build) => _build = build;

    /// <summary>A functor written at build time by the source generator: nothing to compile.</summary>
    public LazyCloneFunctor(TDelegate generated) => _compiled = generated;

    /// <summary>The functor, compiled on first use.</summary>
    public TDelegate Compiled
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _compiled ?? Compile();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private TDelegate Compile()
    {
        TDelegate compiled = _build!().Compile();
        LazyCloneFunctor.CountCompiled();
        return _compiled = compiled;
    }
}

/// <summary>How many clone functors were compiled, so a test can show that serializing alone compiles none.</summary>
internal static class LazyCloneFunctor
{
    [ThreadStatic]
    private static int t_compiled;

    /// <summary>The clone functors compiled on this thread so far (per thread, so tests running at once do not disturb it).</summary>
    public static int CompiledOnThisThread => t_compiled;

    public static void CountCompiled() => t_compiled++;
}
