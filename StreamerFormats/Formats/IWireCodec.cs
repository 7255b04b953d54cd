namespace NFX.IO;

/// <summary>
/// How the values of one native type <typeparamref name="T"/> are written and read, with no type handle: a user adds a
/// native type by implementing this on a (usually empty) struct and registering it with
/// <see cref="StreamerFormat.With{T, TCodec}"/>. Code generators call the two methods directly, so there is no
/// reflection and no delegate per value.
/// </summary>
/// <typeparam name="T">The native type.</typeparam>
/// <remarks>
/// <see cref="Read"/> must read exactly what <see cref="Write"/> wrote, with the <see cref="SlimReader"/> methods (they
/// check every length and value against the input); the bytes carry no type, so writer and reader must use the same format.
/// </remarks>
public interface IWireCodec<T>
{
    /// <summary>Writes one value.</summary>
    static abstract void Write(SlimWriter writer, T value);

    /// <summary>Reads one value written by <see cref="Write"/>.</summary>
    static abstract T Read(SlimReader reader);
}
