using System.Buffers;
using NFX.Glue.Protocol;
using NFX.IO;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// The handshake parsers, which read bytes from peers that have not been authenticated: Hello, Welcome, Refused and
/// the contract entries of Bind and Bound. Input: a selector byte, then the frame body. Seeds: each message written by
/// the real writer. Only <see cref="NFX.Glue.GlueProtocolException"/> may escape.
/// </summary>
public sealed class GlueHandshakeTarget : FuzzTarget
{
    /// <summary>What the client asked for in the seeds: the Welcome and Bound parsers check the answers against it.</summary>
    private static readonly ContractRequest[] s_asked = [new("IShapes", [0x1122334455667788]), new("IOrders", [1, 2, 3])];

    /// <inheritdoc/>
    public override string Name => "glue-handshake";

    /// <inheritdoc/>
    public override IEnumerable<byte[]> DictionaryTokens() => FuzzDictionary.GlueTokens();

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds()
    {
        yield return ("hello", Body(0, w => HandshakeCodec.WriteHello(w, new HelloMessage(ProtocolConstants.Version, ProtocolConstants.FlagExceptionObjects,
            300, [0xAB], s_asked))));
        yield return ("hello-empty", Body(0, w => HandshakeCodec.WriteHello(w, new HelloMessage(ProtocolConstants.Version, 0, 1 << 20, [], []))));
        yield return ("welcome", Body(1, w => HandshakeCodec.WriteWelcome(w, new WelcomeMessage(ProtocolConstants.Version, 1 << 20, 64,
            [new ContractAnswer([true]), ContractAnswer.NotHosted]))));
        yield return ("refused", Body(2, w => HandshakeCodec.WriteRefused(w, RefusalCode.Authentication, "bad token ✓")));
        yield return ("bind", Body(3, w => HandshakeCodec.WriteContractRequest(w, s_asked[1])));
        yield return ("bound", Body(4, w => HandshakeCodec.WriteContractAnswer(w, new ContractAnswer([true, false, true]))));
        yield return ("bound-not-hosted", Body(4, w => HandshakeCodec.WriteContractAnswer(w, ContractAnswer.NotHosted)));
    }

    /// <inheritdoc/>
    protected override void Parse(byte[] input)
    {
        if (input.Length == 0)
        {
            return;
        }
        var body = new ReadOnlySequence<byte>(input, 1, input.Length - 1);
        switch (input[0] % 5)
        {
            case 0:
                HandshakeCodec.ReadHello(body);
                break;
            case 1:
                HandshakeCodec.ReadWelcome(body, s_asked);
                break;
            case 2:
                HandshakeCodec.ReadRefused(body);
                break;
            case 3:
                HandshakeCodec.ReadContractRequest(body);
                break;
            default:
                HandshakeCodec.ReadContractAnswer(body, s_asked[1].MethodHashes.Length);
                break;
        }
    }

    /// <inheritdoc/>
    protected override string? Verdict(Exception error) => GlueVerdict.Of(error);

    private static byte[] Body(byte selector, Action<SlimWriter> write)
    {
        using var w = new SlimWriter();
        w.WriteByte(selector);
        write(w);
        return w.ToArray();
    }
}
