using System.Buffers;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Server.Streaming;
using NFX.Glue.Transport;
using NFX.Glue.Transport.Streaming;

namespace NFX.Glue.Server;

/// <summary>
/// The streams of this connection's calls: result streams waiting for the client's credits, uploads receiving items
/// against this end's credits. Every rule a client could break closes the connection with <see cref="GlueProtocolException"/>.
/// </summary>
internal sealed partial class ServerConnection
{
    private readonly StreamTable<ServerDownload> _downloads = new();
    private readonly StreamTable<ServerUpload> _uploads = new();

    /// <summary>The most uploads registered at once (open, or answered and not yet closed by the client).</summary>
    private int MaxUploads => 2 * _server.Options.MaxInFlightPerConnection;

    private ValueTask HandleStreamFrame(FrameType type, ref HeaderReader header)
    {
        switch (type)
        {
            case FrameType.StreamItems:
            {
                int callId = StreamFrames.ReadCallId(ref header);
                ServerUpload upload = _uploads.Find(callId) ?? throw new GlueProtocolException($"Stream items for call {callId}, which has no open upload.");
                // Deserialized even when dropped: the batch registry must see every message.
                upload.Deliver(Deserialize(header.Rest));
                return default;
            }
            case FrameType.StreamCredit:
            {
                (int callId, uint credits) = StreamFrames.ReadCredit(ref header);
                // A stream that has just ended may still get the credits the client sent meanwhile: ignored.
                if (_downloads.Find(callId) is ServerDownload download && !download.Credits.Grant(credits))
                {
                    GlueThrow.Protocol($"Call {callId} granted credits past {ProtocolConstants.MaxStreamCredit} outstanding.");
                }
                return default;
            }
            default:
            {
                _uploads.TakeEnded(ref header, "upload").Complete();
                return default;
            }
        }
    }

    /// <summary>Registers a call's upload and grants its first window; a client past the limit breaks the protocol.</summary>
    private ServerUpload OpenUpload(HostedContract contract, MethodDescriptor method, int callId, CancellationToken callToken)
    {
        ServerUpload upload = contract.UploadFactories[method.Id]!(this, callId, _server.Options.StreamWindow, callToken);
        // Only the reader loop adds uploads: the count checked here can only have dropped meanwhile.
        if (_uploads.Count >= MaxUploads)
        {
            GlueThrow.Protocol($"The client has {_uploads.Count} uploaded streams open or unclosed (the limit is {MaxUploads}).");
        }
        if (!_uploads.TryAdd(callId, upload))
        {
            GlueThrow.Protocol($"Call id {callId} already has an upload.");
        }
        upload.Open();
        return upload;
    }

    /// <summary>
    /// The upload of a call refused before it ran (the server is stopping): items the client sends before it learns
    /// that are counted and dropped until its Cancel closes the upload.
    /// </summary>
    private void OpenAbandonedUpload(HostedContract contract, MethodDescriptor method, int callId)
    {
        ServerUpload upload = OpenUpload(contract, method, callId, default);
        upload.Abandon();
    }

    private ServerDownload OpenDownload(MethodDescriptor method, int callId, CancellationTokenSource cancellation)
    {
        var download = new ServerDownload(this, callId, method, cancellation);
        _downloads.Set(callId, download);
        return download;
    }

    /// <summary>The call ended: its result stream takes no more credits, its upload drops what still arrives.</summary>
    private void EndStreams(int callId, ServerDownload? download, ServerUpload? upload)
    {
        if (download is not null)
        {
            _downloads.Remove(callId);
        }
        upload?.Abandon();
    }

    /// <summary>The client canceled the call: its upload is closed (the Cancel is the client's last frame for it).</summary>
    private void CancelUpload(int callId)
    {
        _uploads.Remove(callId)?.Fail(new OperationCanceledException("The client canceled the call."));
    }

    private void CloseStreams(Exception reason)
    {
        foreach (ServerUpload upload in _uploads.TakeAll())
        {
            upload.Fail(new GlueConnectionException($"The connection closed: {reason.Message}", reason));
        }
    }
}
