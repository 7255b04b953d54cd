using NFX.Slim.Session;

namespace NFX.Slim.Cloning;

/// <summary>The clone counterpart of <see cref="IDeferredFill"/>: filling a hashed or sorted collection at the end.</summary>
internal interface IDeferredCloneFill
{
    void Fill();
}
