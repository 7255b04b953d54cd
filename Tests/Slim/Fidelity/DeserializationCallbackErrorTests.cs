using System.Runtime.Serialization;
using NFX.Slim;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>
/// An IDeserializationCallback that throws reaches the caller as the serializer family's exception, naming the
/// type, with the callback's own exception inside: a deserialization error when reading, a serialization error when
/// cloning (the same rule as [OnDeserialized] methods).
/// </summary>
public sealed class DeserializationCallbackErrorTests
{
    [Serializable]
    public sealed class Refusing : IDeserializationCallback
    {
        public int Value;

        public void OnDeserialization(object? sender) =>
            throw new InvalidDataException($"refused {Value}");
    }

    private static SlimSerializer NewSerializer() => new(new SlimOptions { TypePolicy = SlimTypePolicy.AllowAll });

    [Test]
    public void Deserialize_CallbackThrows_SlimDeserializationExceptionNamingTheType()
    {
        SlimSerializer slim = NewSerializer();
        byte[] bytes = slim.Serialize(new Refusing { Value = 7 });

        var error = Assert.Throws<SlimDeserializationException>(() => slim.Deserialize<Refusing>(bytes))!;

        Assert.That(error.Message, Does.Contain(typeof(Refusing).FullName!).And.Contain("OnDeserialization threw: refused 7"));
        Assert.That(error.InnerException, Is.TypeOf<InvalidDataException>());
    }

    [Test]
    public void DeepClone_CallbackThrows_SlimSerializationExceptionNamingTheType()
    {
        SlimSerializer slim = NewSerializer();

        var error = Assert.Throws<SlimSerializationException>(() => slim.DeepClone(new Refusing { Value = 8 }))!;

        Assert.That(error.Message, Does.Contain(typeof(Refusing).FullName!).And.Contain("OnDeserialization threw: refused 8"));
        Assert.That(error.InnerException, Is.TypeOf<InvalidDataException>());
    }
}
