using NFX.Slim;

namespace NFX.Glue.Protocol;

/// <summary>
/// What one end of a connection does with DTO layouts (docs/GLUE.md, "Handshake"): whether its messages carry strict
/// layouts (fingerprints) or version-tolerant ones (member lists), and whether it refuses member lists from the peer.
/// The two ends state theirs in the handshake and must agree, or the handshake fails naming the difference.
/// </summary>
/// <remarks>
/// On the wire, in the Hello flags and in the Welcome's layouts byte:
/// <code>
/// Hello flags:   0000 0010  the client negotiates layouts (bits 2-3 are its stance; it reads the Welcome's layouts byte)
///                0000 0100  the client writes strict layouts
///                0000 1000  the client refuses member lists
/// Welcome byte:  0000 0001  the server writes strict layouts
///                0000 0010  the server refuses member lists
/// </code>
/// A client without the negotiation flag, and a server whose Welcome has no layouts byte, predate negotiation: they
/// write member lists and read both forms (<see cref="Legacy"/>).
/// </remarks>
internal readonly record struct LayoutStance(bool WritesStrict, bool RefusesMemberLists)
{
    public const uint HelloNegotiates = 2;
    private const uint HelloWritesStrict = 4;
    private const uint HelloRefusesMemberLists = 8;
    private const byte WelcomeWritesStrict = 1;
    private const byte WelcomeRefusesMemberLists = 2;

    /// <summary>The bits a Welcome's layouts byte may have.</summary>
    public const byte WelcomeMask = WelcomeWritesStrict | WelcomeRefusesMemberLists;

    /// <summary>A peer that predates negotiation: writes member lists, reads both forms.</summary>
    public static LayoutStance Legacy => new(false, false);

    /// <summary>The stance of an end configured with <paramref name="versioning"/>: Strict writes and requires fingerprints.</summary>
    public static LayoutStance Of(SlimVersioning versioning) =>
        versioning == SlimVersioning.Strict ? new(true, true) : new(false, false);

    /// <summary>The client's stance from its Hello flags (<see cref="Legacy"/> without the negotiation flag).</summary>
    public static LayoutStance FromHello(uint flags) =>
        (flags & HelloNegotiates) == 0 ? Legacy : new((flags & HelloWritesStrict) != 0, (flags & HelloRefusesMemberLists) != 0);

    /// <summary>The server's stance from its Welcome (<see cref="Legacy"/> when the Welcome has no layouts byte).</summary>
    public static LayoutStance FromWelcome(byte? layouts) =>
        layouts is byte b ? new((b & WelcomeWritesStrict) != 0, (b & WelcomeRefusesMemberLists) != 0) : Legacy;

    /// <summary>The Hello flags stating this stance, negotiation flag included.</summary>
    public uint ToHelloFlags() => HelloNegotiates | (WritesStrict ? HelloWritesStrict : 0) | (RefusesMemberLists ? HelloRefusesMemberLists : 0);

    /// <summary>The Welcome's layouts byte stating this stance.</summary>
    public byte ToWelcomeByte() => (byte)((WritesStrict ? WelcomeWritesStrict : 0) | (RefusesMemberLists ? WelcomeRefusesMemberLists : 0));

    /// <summary>What keeps the two ends from agreeing, or null when each accepts what the other writes.</summary>
    public static string? Disagreement(LayoutStance client, LayoutStance server)
    {
        const string fix = "Set Versioning alike on both ends (GlueClientOptions.Versioning, GlueServerOptions.Versioning): " +
            "SlimVersioning.Tolerant, the default, lets a cluster upgrade node by node; Strict makes every DTO match exactly.";
        if (!client.WritesStrict && server.RefusesMemberLists)
        {
            return "Layout versioning differs: the client writes version-tolerant layouts (member lists, Versioning = Tolerant) " +
                $"and the server accepts only strict ones (Versioning = Strict). {fix}";
        }
        if (!server.WritesStrict && client.RefusesMemberLists)
        {
            return "Layout versioning differs: the server writes version-tolerant layouts (member lists, Versioning = Tolerant) " +
                $"and the client accepts only strict ones (Versioning = Strict). {fix}";
        }
        return null;
    }
}
