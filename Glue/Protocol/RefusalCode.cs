namespace NFX.Glue.Protocol;

/// <summary>Why the server refused a handshake (<see cref="FrameType.Refused"/>).</summary>
internal enum RefusalCode : uint
{
    /// <summary>Bad magic or a protocol version the server does not speak.</summary>
    Version = 1,

    /// <summary>The authenticator rejected the token.</summary>
    Authentication = 2,

    /// <summary>The Hello broke a limit (contracts, methods, name or token length).</summary>
    Limits = 3,

    /// <summary>The two ends' layout versioning does not agree (one writes member lists the other refuses).</summary>
    Layouts = 4,
}
