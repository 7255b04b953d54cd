namespace NFX.Tests.Glue.Support;

/// <summary>
/// The one parameter of the Glue fixtures that run over every link:
/// <c>[TestFixtureSource(typeof(GlueTransports), nameof(GlueTransports.All))]</c> runs the fixture once per transport.
/// </summary>
public static class GlueTransports
{
    /// <summary>Loopback TCP and the in-memory pipe pair.</summary>
    public static readonly GlueTransportKind[] All = [GlueTransportKind.Tcp, GlueTransportKind.Memory];
}
