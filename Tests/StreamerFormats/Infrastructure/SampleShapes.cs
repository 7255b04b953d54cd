namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>Builds the samples of arrays and nullables from the scalar samples.</summary>
public static class SampleShapes
{
    /// <summary>null, then each value with a null after it.</summary>
    public static Sample<T?> Nullable<T>(Sample<T> scalar) where T : struct =>
        new([null, .. scalar.Values.SelectMany(v => new T?[] { v, null })], WireComparers.Nullable(scalar.Comparer));

    /// <summary>null, empty, one element, all values, and a long array (over 5000 elements) that crosses buffer chunks.</summary>
    public static Sample<T[]?> Array<T>(Sample<T> scalar)
    {
        T[] all = [.. scalar.Values];
        T[] longArray = Enumerable.Range(0, 5003).Select(i => all[i % all.Length]).ToArray();
        return new([null, [], [all[^1]], all, longArray], WireComparers.Array(scalar.Comparer));
    }
}
