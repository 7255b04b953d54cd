using System.Text;
using NFX.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>Checks on the bytes themselves: type names written once, compact handles, registry stamps.</summary>
public sealed class WireShapeTests
{
    [Test]
    public void Serialize_ManyObjectsOfOneType_WriteTheTypeNameOnce()
    {
        var shapes = new IShape[100];
        for (int i = 0; i < shapes.Length; i++)
        {
            shapes[i] = new Circle { R = i };
        }
        byte[] bytes = RoundTrip.NewSerializer().Serialize(shapes);
        string text = Encoding.UTF8.GetString(bytes);
        Assert.That(CountOf(text, "NFX.Tests.Slim.Support.Circle"), Is.EqualTo(1));
        Assert.That(bytes.Length, Is.LessThan(100 * 11 + 200));
    }

    [Test]
    public void Serialize_Perzon_IsCompact()
    {
        var p = new Perzon { FirstName = "Dmitriy", LastName = "Khmaladze", Age1 = 35, Names1 = ["a", "b"] };
        byte[] bytes = RoundTrip.NewSerializer().Serialize(p);
        TestContext.Out.WriteLine($"Perzon: {bytes.Length} bytes");
        Assert.That(bytes.Length, Is.LessThan(200));
    }

    [Test]
    public void Deserialize_DifferentKnownTypes_FailsWithRegistryMismatch()
    {
        var writer = new SlimSerializer(SlimOptions.Default with { KnownTypes = [typeof(Circle)] });
        var reader = new SlimSerializer(SlimOptions.Default with { KnownTypes = [typeof(Square)] });
        byte[] bytes = writer.Serialize(new Circle { R = 1 });
        var error = Assert.Throws<SlimRegistryMismatchException>(() => reader.Deserialize(bytes));
        Assert.That(error!.Message, Does.Contain("KnownTypes"));
    }

    [Test]
    public void Serialize_KnownType_NeverWritesItsName()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { KnownTypes = [typeof(Circle)] });
        byte[] bytes = slim.Serialize(new Circle { R = 1 });
        Assert.That(Encoding.UTF8.GetString(bytes), Does.Not.Contain("Circle"));
        Assert.That(slim.Deserialize(bytes), Is.TypeOf<Circle>());
    }

    private static int CountOf(string text, string part)
    {
        int count = 0;
        for (int i = text.IndexOf(part, StringComparison.Ordinal); i >= 0; i = text.IndexOf(part, i + 1, StringComparison.Ordinal))
        {
            count++;
        }
        return count;
    }
}
