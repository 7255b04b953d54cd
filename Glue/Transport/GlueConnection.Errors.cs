using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;
using NFX.Slim;

namespace NFX.Glue.Transport;

internal abstract partial class GlueConnection
{
    /// <summary>The call a frame belongs to, for error messages (<c>IInventory.Find</c>), when this end knows it.</summary>
    protected virtual string? MethodOf(in OutgoingFrame frame) => null;

    private string OwnSide => Side == GlueSide.Client ? "client" : "server";

    private string PeerSide => Side == GlueSide.Client ? "server" : "client";

    private static string SizeOption(string side) => side == "client" ? "GlueClientOptions.MaxMessageSize" : "GlueServerOptions.MaxMessageSize";

    private static string TypesOption(string side) => side == "client" ? "GlueClientOptions.AllowedTypes" : "GlueServerOptions.AllowedTypes";

    /// <summary>
    /// A frame over <see cref="MaxSendSize"/>, said in Glue's terms: what was too big (the arguments of which method, or
    /// a result), and whose option sets the limit. The send limit is the smaller of this end's own and the one the peer
    /// announced in the handshake, so raising one side alone may not help: the message says which side it is.
    /// </summary>
    private GlueMessageTooLargeException TooLarge(in OutgoingFrame frame, long length)
    {
        string? method = MethodOf(frame);
        string what = frame.Type switch
        {
            FrameType.Result => "The result",
            FrameType.Call or FrameType.TracedCall or FrameType.OneWayCall or FrameType.TracedOneWayCall =>
                method is null ? "The arguments of a call" : $"The arguments of {method}",
            _ => $"A {frame.Type} frame",
        };
        string whose = MaxSendSize < MaxReceiveSize
            ? $"the {PeerSide}'s {SizeOption(PeerSide)} ({MaxSendSize} bytes, announced in the handshake; this {OwnSide}'s own " +
              $"{SizeOption(OwnSide)} is {MaxReceiveSize}): raise it on the {PeerSide}"
            : $"this {OwnSide}'s {SizeOption(OwnSide)} ({MaxSendSize} bytes): raise it here, and the {PeerSide}'s " +
              $"{SizeOption(PeerSide)} too if it is lower";
        string verb = what.StartsWith("The arguments", StringComparison.Ordinal) ? "make" : "makes";
        return new GlueMessageTooLargeException($"{what} {verb} a {length}-byte message, over {whose}.", length, MaxSendSize);
    }

    /// <summary>A type this end's policy refused, with the Glue option that admits it (not Slim's).</summary>
    private GlueSerializationException TypeRefused(SlimTypeNotAllowedException e) =>
        new($"The {OwnSide} refused type '{e.TypeName}' in a message from the {PeerSide}: Glue admits the types the contracts' " +
            $"parameters and results reach; if this type is meant to cross, add it to {TypesOption(OwnSide)} on the {OwnSide} " +
            "(deny-listed types are refused whatever the options say).", e);
}
