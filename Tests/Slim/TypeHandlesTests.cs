using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim;

/// <summary>The writer and the clone compare an object's type handle read from its header with a slot's: it must be the runtime's.</summary>
public sealed class TypeHandlesTests
{
    private sealed class Empty
    {
    }

    private sealed class WithFields
    {
        public int A;
        public string? B;
    }

    public static IEnumerable<object> Objects() =>
        [new object(), new Empty(), new WithFields { A = 1, B = "b" }, "text", string.Empty, new int[3], Array.Empty<int>(), new string[1], 42,
            new List<int> { 1 }, new int[2, 2], Guid.NewGuid(), (Action)(() => { })];

    [TestCaseSource(nameof(Objects))]
    public void Of_AnyObject_IsItsRuntimeTypeHandle(object value)
    {
        Assert.That(TypeHandles.Of(value), Is.EqualTo(value.GetType().TypeHandle.Value));
        Assert.That(TypeHandles.Of(value), Is.EqualTo(Type.GetTypeHandle(value).Value));
    }
}
