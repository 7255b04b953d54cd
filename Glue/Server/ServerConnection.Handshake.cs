using System.Buffers;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;
using NFX.IO;

namespace NFX.Glue.Server;

/// <summary>The handshake: authenticate the Hello, bind its contracts, answer Welcome or Refused.</summary>
internal sealed partial class ServerConnection
{
    private async Task<bool> HandshakeAsync()
    {
        using var timeout = new CancellationTokenSource(_server.Options.HandshakeTimeout);
        try
        {
            (FrameType type, ReadOnlySequence<byte> content) = await ReadHandshakeFrameAsync(timeout.Token).ConfigureAwait(false);
            if (type != FrameType.Hello)
            {
                throw new GlueProtocolException($"Expected Hello, got frame type 0x{(byte)type:X2}.");
            }
            HelloMessage hello = HandshakeCodec.ReadHello(content);
            if (hello.Version != ProtocolConstants.Version)
            {
                await RefuseAsync(RefusalCode.Version, $"This server speaks Glue protocol version {ProtocolConstants.Version}.", timeout.Token).ConfigureAwait(false);
                return false;
            }
            if (_server.Options.Authenticator is IGlueAuthenticator authenticator)
            {
                var context = new GlueAuthContext(hello.Token, Transport.RemoteEndPoint, hello.Contracts.Select(c => c.Name).ToArray())
                {
                    ClientCertificate = Transport.RemoteCertificate,
                };
                if (!await authenticator.AuthenticateAsync(context, timeout.Token).ConfigureAwait(false))
                {
                    Log.HandshakeRefused(Logger, Transport.RemoteEndPoint, "authentication failed");
                    await RefuseAsync(RefusalCode.Authentication, "Authentication failed.", timeout.Token).ConfigureAwait(false);
                    return false;
                }
            }
            LayoutStance layouts = LayoutStance.Of(_server.Options.Versioning);
            if (LayoutStance.Disagreement(LayoutStance.FromHello(hello.Flags), layouts) is string disagreement)
            {
                Log.HandshakeRefused(Logger, Transport.RemoteEndPoint, disagreement);
                await RefuseAsync(RefusalCode.Layouts, disagreement, timeout.Token).ConfigureAwait(false);
                return false;
            }
            // Never send the client a frame it would have to drop the connection for.
            MaxSendSize = Math.Min(MaxSendSize, Math.Max(hello.MaxMessageSize, 1024));
            _sendExceptionObjects = _server.Options.SendExceptionObjects && (hello.Flags & ProtocolConstants.FlagExceptionObjects) != 0;
            var answers = new ContractAnswer[hello.Contracts.Count];
            for (int i = 0; i < answers.Length; i++)
            {
                answers[i] = Bind(i, hello.Contracts[i]);
            }
            bool readsFormat2 = (hello.Flags & ProtocolConstants.FlagReadsSlimFormat2) != 0;
            if (!readsFormat2)
            {
                Sender.WriteFormatVersion1(); // a client of an earlier release reads Slim format version 1 only
            }
            using var w = new SlimWriter(256);
            HandshakeCodec.WriteWelcome(w, new WelcomeMessage(ProtocolConstants.Version, _server.Options.MaxMessageSize,
                _server.Options.MaxInFlightPerConnection, answers,
                (hello.Flags & LayoutStance.HelloNegotiates) != 0
                    ? (byte)(layouts.ToWelcomeByte() | (readsFormat2 ? ProtocolConstants.WelcomeReadsSlimFormat2 : 0))
                    : null));
            await WriteHandshakeFrameAsync(FrameType.Welcome, w, timeout.Token).ConfigureAwait(false);
            return true;
        }
        catch (Exception e)
        {
            Log.HandshakeFailed(Logger, Transport.RemoteEndPoint, e.Message);
            AbortHandshake(e as GlueException ?? new GlueConnectionException($"The handshake failed: {e.Message}", e));
            return false;
        }
    }

    private async Task RefuseAsync(RefusalCode code, string message, CancellationToken cancellationToken)
    {
        try
        {
            using var w = new SlimWriter(128);
            HandshakeCodec.WriteRefused(w, code, message);
            await WriteHandshakeFrameAsync(FrameType.Refused, w, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            AbortHandshake(new GlueAuthenticationException($"Refused the client ({code}): {message}"));
        }
    }

    private ContractAnswer Bind(int contractId, ContractRequest request)
    {
        if (_server.FindContract(request.Name) is not HostedContract hosted)
        {
            return ContractAnswer.NotHosted;
        }
        (ContractAnswer answer, MethodDescriptor?[] map) = hosted.Bind(request);
        _bindings[contractId] = (hosted, map);
        return answer;
    }
}
