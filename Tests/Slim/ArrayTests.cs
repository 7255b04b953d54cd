using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>Arrays of every shape: jagged, multi-dimensional, non-zero bounds, covariant, of structs.</summary>
public sealed class ArrayTests
{
    [Test]
    public void Serialize_MultiDimensionalArrays_RoundTrip()
    {
        int[,] ints = { { 1, 2, 3 }, { 4, 5, 6 } };
        RoundTrip.Check(ints);
        var cube = new object?[2, 2, 2];
        cube[0, 1, 1] = "x";
        cube[1, 0, 0] = cube;
        var copy = RoundTrip.Check(cube);
        Assert.That(copy[1, 0, 0], Is.SameAs(copy));
        RoundTrip.Check(new Point[2, 1] { { new Point { X = 1, Label = "a" } }, { new Point { Y = 2 } } });
    }

    [Test]
    public void Serialize_NonZeroLowerBounds_RoundTrip()
    {
        var array = Array.CreateInstance(typeof(string), [3], [10]);
        array.SetValue("ten", 10);
        array.SetValue("twelve", 12);
        var copy = (Array)RoundTrip.Check<object>(array);
        Assert.That((copy.GetLowerBound(0), copy.GetValue(12)), Is.EqualTo((10, "twelve")));
        RoundTrip.Check<object>(Array.CreateInstance(typeof(int), [2, 3], [-1, 5]));
    }

    [Test]
    public void Serialize_JaggedAndCovariantArrays_RoundTrip()
    {
        int[][] jagged = [[1], [2, 3], []];
        RoundTrip.Check(jagged);
        object[] covariant = new string[] { "a", "b" };
        object[] root = [covariant, new IShape[] { new Circle { R = 1 } }];
        object[] copy = RoundTrip.Check(root);
        Assert.That(copy[0], Is.TypeOf<string[]>());
        Assert.That(copy[1], Is.TypeOf<IShape[]>());
    }

    [Test]
    public void Serialize_ArraysOfStructsAndPrimitives_RoundTrip()
    {
        RoundTrip.Check(new[] { new Point { X = 1, Label = "a" }, new Point { X = 2 } });
        RoundTrip.Check(new[] { new ReadonlyPair(1, "a") });
        RoundTrip.Check(new[] { 1.5m, -2m });
        RoundTrip.Check(new[] { DateTime.UtcNow, DateTime.MinValue });
        RoundTrip.Check(new int?[] { 1, null, 3 });
        RoundTrip.Check(new[] { ByteEnum.A, ByteEnum.B });
        RoundTrip.Check(new bool[] { true, false, true });
        RoundTrip.Check(Enumerable.Range(0, 100_000).Select(i => (long)i * i).ToArray());
    }
}
