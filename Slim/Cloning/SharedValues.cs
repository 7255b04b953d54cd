using System.Numerics;

namespace NFX.Slim.Cloning;

/// <summary>
/// The value types whose boxes a deep clone shares with the source: their values cannot change (primitives, enums and
/// the BCL structs documented as immutable). A box of any other struct can be changed through an interface it
/// implements (or by unboxing in place), so the clone gets its own box.
/// </summary>
internal static class SharedValues
{
    private static readonly HashSet<Type> s_immutableStructs =
    [
        typeof(decimal), typeof(DateTime), typeof(DateTimeOffset), typeof(TimeSpan), typeof(DateOnly), typeof(TimeOnly),
        typeof(Guid), typeof(Half), typeof(Int128), typeof(UInt128), typeof(BigInteger), typeof(Complex),
    ];

    /// <summary>True when a box of <paramref name="type"/> may be shared by the source and its clone.</summary>
    public static bool MayShareBox(Type type) => type.IsPrimitive || type.IsEnum || s_immutableStructs.Contains(type);
}
