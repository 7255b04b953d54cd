using NFX.Glue.Contracts;
using NFX.Glue.Protocol;

namespace NFX.Tests.Glue.Support;

/// <summary>What a hand-made peer (<see cref="RawPeer"/>) needs to speak <see cref="IShapes"/>: its Hello entry and method ids.</summary>
internal static class ShapesWire
{
    /// <summary>The Hello's contract entry for <see cref="IShapes"/>, every method's signature hash in order.</summary>
    public static ContractRequest Request
    {
        get
        {
            ContractDescriptor shapes = ContractDescriptor.For(typeof(IShapes));
            return new ContractRequest(shapes.Name, shapes.Methods.Select(m => m.SignatureHash).ToArray());
        }
    }

    /// <summary>The client's method id of <see cref="IShapes"/>'s method <paramref name="name"/> (its first overload).</summary>
    public static int MethodId(string name) => ContractDescriptor.For(typeof(IShapes)).Methods.First(m => m.Method.Name == name).Id;
}
