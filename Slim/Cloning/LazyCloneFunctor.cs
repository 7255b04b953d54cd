using System.Runtime.CompilerServices;

namespace NFX.Slim.Cloning;

/// <summary>
/// A clone functor compiled the first time a deep clone calls it, not when its codec is built: compiling is the dearest
/// step of making a codec, and a serializer that only writes and reads never clones. Benignly raced: two threads that
/// clone a type for the first time together may both compile it, and either delegate serves. It holds the function that
/// builds and compiles the tree, not one that returns the tree: a delegate type over an expression type would load
/// System.Linq.Expressions at every codec built, on the generated path too, where nothing is ever compiled.
/// </summary>
internal sealed class LazyCloneFunctor<TDelegate> where TDelegate : Delegate
{
    private readonly Func<TDelegate>? _compile;
    private TDelegate? _compiled;

    /// <summary>A functor <paramref name="compile"/> builds and compiles (an expression tree), on first use.</summary>
    public LazyCloneFunctor(Func<TDelegate> compile) => _compile = compile;

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
        TDelegate compiled = _compile!();
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
