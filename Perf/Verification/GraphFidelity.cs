namespace NFX.Perf.Verification;

/// <summary>How exactly <see cref="GraphComparer"/> holds a copy to its original.</summary>
public enum GraphFidelity
{
    /// <summary>
    /// What every faithful serializer keeps: values, runtime types and the sharing of objects. Strings and boxed values
    /// compare by value (an equal string written twice may come back as two strings or one), and a collection's
    /// comparer by its contents' order only (BinaryFormatter, say, brings a dictionary's default string comparer back
    /// as another type with the same behaviour). For the peers in Perf.
    /// </summary>
    Contents,

    /// <summary>Everything Slim and DeepClone promise besides: strings and boxes keep their identity, collections their comparer's type.</summary>
    Exact,
}
