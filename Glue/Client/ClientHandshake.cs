using System.Buffers;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;

namespace NFX.Glue.Client;

/// <summary>
/// The client's half of the handshake (docs/GLUE.md, "Handshake"), apart from the bytes' transport: the Hello it sends
/// (the contracts known so far, its limits, token, layout stance and Slim format) and what it makes of the answer:
/// a Welcome checked against what was asked, or the typed error of a Refused.
/// </summary>
internal sealed class ClientHandshake
{
    private readonly LayoutStance _layouts;
    private readonly ContractRequest[] _requests;

    public ClientHandshake(GlueClientOptions options, IReadOnlyList<ContractDescriptor> contracts, bool acceptsExceptionObjects)
    {
        _layouts = LayoutStance.Of(options.Versioning);
        _requests = new ContractRequest[contracts.Count];
        for (int i = 0; i < _requests.Length; i++)
        {
            _requests[i] = Request(contracts[i]);
        }
        uint flags = (acceptsExceptionObjects ? ProtocolConstants.FlagExceptionObjects : 0) | _layouts.ToHelloFlags() | ProtocolConstants.FlagReadsSlimFormat2;
        Hello = new HelloMessage(ProtocolConstants.Version, flags, options.MaxMessageSize, options.AuthToken ?? [], _requests);
    }

    public HelloMessage Hello { get; }

    /// <summary>What a connection asks the server for a contract (in Hello, and in Bind).</summary>
    public static ContractRequest Request(ContractDescriptor contract) =>
        new(contract.Name, contract.Methods.Select(m => m.SignatureHash).ToArray());

    /// <summary>True when the server reads Slim format version 2 (a server of an earlier release reads version 1 only).</summary>
    public static bool ServerReadsSlimFormat2(WelcomeMessage welcome) =>
        welcome.Layouts is byte answer && (answer & ProtocolConstants.WelcomeReadsSlimFormat2) != 0;

    /// <summary>
    /// The server's answer: its Welcome, or <see cref="GlueAuthenticationException"/> / <see cref="GlueProtocolException"/>
    /// for a refusal, another frame, another protocol version or layout versioning the two ends do not share.
    /// </summary>
    public WelcomeMessage Accept(FrameType type, in ReadOnlySequence<byte> content)
    {
        if (type == FrameType.Refused)
        {
            (RefusalCode code, string message) = HandshakeCodec.ReadRefused(content);
            throw code switch
            {
                RefusalCode.Authentication => new GlueAuthenticationException($"The server refused the client: {message}"),
                RefusalCode.Layouts => new GlueProtocolException($"The server refused the client's layout versioning: {message}"),
                _ => new GlueProtocolException($"The server refused the client ({code}): {message}"),
            };
        }
        if (type != FrameType.Welcome)
        {
            throw new GlueProtocolException($"Expected Welcome from the server, got frame type 0x{(byte)type:X2}.");
        }
        WelcomeMessage welcome = HandshakeCodec.ReadWelcome(content, _requests, layoutsAsked: true, slimFormat2Asked: true);
        if (welcome.Version != ProtocolConstants.Version)
        {
            throw new GlueProtocolException($"The server speaks protocol version {welcome.Version}, not {ProtocolConstants.Version}.");
        }
        if (LayoutStance.Disagreement(_layouts, LayoutStance.FromWelcome(welcome.Layouts)) is string disagreement)
        {
            // A server that predates negotiation never refuses: it writes member lists this client does not accept.
            throw new GlueProtocolException(welcome.Layouts is null
                ? $"The server predates layout negotiation and writes version-tolerant layouts, which this client refuses. {disagreement}"
                : disagreement);
        }
        return welcome;
    }
}
