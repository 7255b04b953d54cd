namespace NFX.Slim;

/// <summary>
/// Names a type the NFX.Slim source generator writes a codec for although no call in the code reaches it through
/// declared types: one held only in <c>object</c> fields, or read with the untyped <c>Deserialize</c>. The generator
/// also follows the type's fields from there. Put it on the assembly:
/// <c>[assembly: SlimSerializable(typeof(MyApp.Order))]</c>.
/// </summary>
/// <remarks>It changes no bytes and admits nothing: which types a read admits is still the type policy's decision.</remarks>
[AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true)]
public sealed class SlimSerializableAttribute : Attribute
{
    /// <summary>Names <paramref name="type"/> for code generation.</summary>
    public SlimSerializableAttribute(Type type) => Type = type;

    /// <summary>The type the generator writes a codec for.</summary>
    public Type Type { get; }
}
