using NFX.IO;

namespace NFX.Slim;

/// <summary>
/// A user-written serializer for one type, registered in <see cref="SlimOptions.Serializers"/> and used instead of
/// the generated one. Its value is written inline at first sight and can be referenced again later (identity kept);
/// references it writes through the <c>references</c> parameter keep identity and cycles with the rest of the graph,
/// except a cycle back to the value being read, which does not exist yet.
/// </summary>
public interface ISlimTypeSerializer
{
    /// <summary>The exact type this serializer handles.</summary>
    Type Type { get; }

    /// <summary>Writes <paramref name="value"/>.</summary>
    void Write(object value, SlimWriter writer, ISlimReferenceWriter references);

    /// <summary>Reads a value written by <see cref="Write"/>.</summary>
    object Read(SlimReader reader, ISlimReferenceReader references);
}
