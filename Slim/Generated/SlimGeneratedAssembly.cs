using System.ComponentModel;

namespace NFX.Slim.Generated;

/// <summary>
/// The generated codecs of one assembly, as its generated registry answers for them: registered from the assembly's
/// module initializer with nothing else done there, then asked when a serializer first needs a type. A process thus pays
/// for the codecs it uses (each codec class is loaded, and under the JIT compiled, at its first use), not for every type
/// the generator reached.
/// </summary>
/// <remarks>Implemented by generated code only.</remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class SlimGeneratedAssembly
{
    /// <summary>The codec generated for exactly <paramref name="type"/>, or null when this assembly has none.</summary>
    public abstract SlimGeneratedCodec? Codec(Type type);

    /// <summary>
    /// Registers the types the generator reached (<see cref="SlimGeneratedCodecs.RegisterTypes"/>) and the closed generic
    /// codecs they need (the <c>SlimGeneratedCodecs.Register*</c> instantiations); called once, at the first type name
    /// or generic codec a serializer looks up.
    /// </summary>
    public abstract void RegisterTypesAndInstantiations();
}
