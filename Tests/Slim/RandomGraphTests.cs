using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// Seeded random object graphs (random sharing, cycles, polymorphic slots, collections, arrays, boxed values)
/// round-tripped through bytes and through DeepClone, and compared structurally with identity.
/// </summary>
public sealed class RandomGraphTests
{
    public sealed class Vertex
    {
        public int Id;
        public string? Label;
        public Vertex? Left;
        public Vertex? Right;
        public object? Anything;
        public IShape? Shape;
        public List<Vertex?>? Edges;
        public Dictionary<string, object?>? Bag;
        public Vertex[]? Array;
        public (int, Vertex?) Pair;
        public decimal? Amount;
    }

    [TestCase(1)]
    [TestCase(2)]
    [TestCase(3)]
    [TestCase(4)]
    [TestCase(5)]
    [TestCase(6)]
    [TestCase(7)]
    [TestCase(8)]
    public void RandomGraph_RoundTripsAndClones_WithIdentity(int seed)
    {
        Vertex root = Generate(new Random(seed), 300 + seed * 50);
        RoundTrip.Check(root);
        RoundTrip.Check<object>(root);
    }

    /// <summary>A random graph of <paramref name="count"/> vertices (also the graphs of IdentityMapTests' collection stress).</summary>
    internal static Vertex Generate(Random random, int count)
    {
        var vertices = new List<Vertex>();
        for (int i = 0; i < count; i++)
        {
            vertices.Add(new Vertex { Id = i, Label = random.Next(4) == 0 ? null : "v" + random.Next(50) });
        }
        Vertex Pick() => vertices[random.Next(vertices.Count)];
        foreach (Vertex v in vertices)
        {
            v.Left = random.Next(3) == 0 ? null : Pick();
            v.Right = random.Next(2) == 0 ? v : Pick();
            v.Anything = random.Next(7) switch
            {
                0 => null,
                1 => random.Next(),
                2 => Pick(),
                3 => "text" + random.Next(10),
                4 => new[] { random.NextDouble(), double.NaN },
                5 => new object[] { Pick(), 1L, Pick() },
                _ => new Point { X = random.Next(), Label = "p" },
            };
            v.Shape = random.Next(3) switch
            {
                0 => null,
                1 => new Circle { R = random.NextDouble() },
                _ => new Square { Side = random.Next(10) },
            };
            if (random.Next(3) == 0)
            {
                v.Edges = Enumerable.Range(0, random.Next(5)).Select(_ => random.Next(5) == 0 ? null : Pick()).ToList();
            }
            if (random.Next(4) == 0)
            {
                v.Bag = new Dictionary<string, object?> { ["a"] = Pick(), ["b"] = random.Next(), ["self"] = v.Bag };
            }
            if (random.Next(5) == 0)
            {
                v.Array = [Pick(), v, Pick()];
            }
            v.Pair = (random.Next(), random.Next(2) == 0 ? null : Pick());
            v.Amount = random.Next(2) == 0 ? null : random.Next() / 100m;
        }
        // Share a few collections between vertices.
        for (int i = 0; i < count / 10; i++)
        {
            Pick().Edges = Pick().Edges;
            Pick().Array = Pick().Array;
        }
        return vertices[0];
    }
}
