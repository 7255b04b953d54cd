using System.Collections.Immutable;
using NFX.Glue.Contracts;

namespace NFX.Glue.Generated;

/// <summary>One contract's generated proxy factory and methods, as registered.</summary>
internal sealed class GeneratedContract(Func<object, object> createProxy, ImmutableArray<GlueGeneratedMethod> methods)
{
    public Func<object, object> CreateProxy { get; } = createProxy;

    /// <summary>In id order.</summary>
    public ImmutableArray<GlueGeneratedMethod> Methods { get; } = methods;

    /// <summary>
    /// Whether the code was generated from this build of the interface: the same signatures in the same order. A
    /// contract of another assembly may have changed since the generating assembly was compiled.
    /// </summary>
    public bool Matches(IReadOnlyList<MethodDescriptor> described)
    {
        if (described.Count != Methods.Length)
        {
            return false;
        }
        for (int i = 0; i < Methods.Length; i++)
        {
            if (!string.Equals(described[i].Signature, Methods[i].Signature, StringComparison.Ordinal))
            {
                return false;
            }
        }
        return true;
    }
}
