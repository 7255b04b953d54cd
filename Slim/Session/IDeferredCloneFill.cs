namespace NFX.Slim.Session;

/// <summary>The clone counterpart of <see cref="IDeferredFill"/>: filling a hashed or sorted collection at the end.</summary>
internal interface IDeferredCloneFill
{
    void Fill();
}
