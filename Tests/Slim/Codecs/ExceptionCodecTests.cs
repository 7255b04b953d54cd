using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Codecs;

/// <summary>An exception keeps its type, message, data, HResult and inner exception.</summary>
public sealed class ExceptionCodecTests : CodecTester<Exception>
{
    protected override Exception CreateValue()
    {
        var error = new InvalidOperationException("outer", new ArgumentException("inner", "name")) { HResult = 1234, Source = "here" };
        error.Data["key"] = 42;
        return error;
    }

    protected override void CheckCopy(Exception original, Exception copy)
    {
        Assert.That(copy, Is.TypeOf<InvalidOperationException>());
        Assert.That(copy.Data["key"], Is.EqualTo(42));
        Assert.That(((ArgumentException)copy.InnerException!).ParamName, Is.EqualTo("name"));
    }
}
