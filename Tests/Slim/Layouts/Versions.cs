using NFX.Slim;

namespace NFX.Tests.Slim.Layouts;

/// <summary>
/// Writer and reader serializers for two versions of the same DTOs in one process: the reader maps the version-1 names
/// to the version-2 types (<see cref="SlimOptions.FormerNames"/>), exactly as a process built from version 2 resolves
/// the names a version-1 process writes.
/// </summary>
internal static class Versions
{
    public static readonly SlimFormerName[] V1AsV2 =
    [
        new(typeof(V1.Order).FullName!, typeof(V2.Order)),
        new(typeof(V1.Address).FullName!, typeof(V2.Address)),
        new(typeof(V1.Point).FullName!, typeof(V2.Point)),
        new(typeof(V1.Holder).FullName!, typeof(V2.Holder)),
        new(typeof(V1.Parcel).FullName!, typeof(V2.Parcel)),
        new(typeof(V1.Mailing).FullName!, typeof(V2.Mailing)),
    ];

    public static SlimSerializer Writer(SlimVersioning versioning, TypeRegistryMode mode = TypeRegistryMode.PerCall) =>
        new(SlimOptions.Default with { Versioning = versioning, RegistryMode = mode });

    public static SlimSerializer Reader(TypeRegistryMode mode = TypeRegistryMode.PerCall, params SlimFormerName[] formerNames) =>
        new(SlimOptions.Default with
        {
            RegistryMode = mode,
            FormerNames = formerNames.Length == 0 ? V1AsV2 : formerNames,
            TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V2"),
        });

    public static V1.Order SampleV1()
    {
        var order = new V1.Order
        {
            Id = 7, Customer = "Acme", Total = 12.50m, Aliases = ["a", "b"], Ship = new V1.Address { City = "Springfield-1" },
            Weight = 1.5f, Count = 1L << 40,
        };
        order.Parent = order;             // a cycle through the DTO
        order.Extra = order.Aliases;        // an object-typed field shares an object of a member the reader lacks
        return order;
    }
}
