using System.Buffers;
using NFX.Glue.Contracts;
using NFX.Glue.Framing;
using NFX.Glue.Protocol;
using NFX.Glue.Server.Streaming;
using NFX.Glue.Transport;

namespace NFX.Glue.Server;

/// <summary>
/// The streams of this connection's calls: result streams waiting for the client's credits, uploads receiving items
/// against this end's credits. Every rule a client could break closes the connection with <see cref="GlueProtocolException"/>.
/// </summary>
internal sealed partial class ServerConnection
{
    private readonly Dictionary<int, ServerDownload> _downloads = new();
    private readonly Dictionary<int, ServerUpload> _uploads = new();
    private volatile int _streamCount;

    /// <summary>The most uploads registered at once (open, or answered and not yet closed by the client).</summary>
    private int MaxUploads => 2 * _server.Options.MaxInFlightPerConnection;

    private ValueTask HandleStreamFrame(FrameType type, ref HeaderReader header)
    {
        switch (type)
        {
            case FrameType.StreamItems:
            {
                int callId = StreamFrames.ReadCallId(ref header);
                ServerUpload upload = FindUpload(callId) ?? throw new GlueProtocolException($"Stream items for call {callId}, which has no open upload.");
                // Deserialized even when dropped: the batch registry must see every message.
                upload.Deliver(Deserialize(header.Rest));
                return default;
            }
            case FrameType.StreamCredit:
            {
                (int callId, uint credits) = StreamFrames.ReadCredit(ref header);
                ServerDownload? download;
                lock (_downloads)
                {
                    _downloads.TryGetValue(callId, out download);
                }
                // A stream that has just ended may still get the credits the client sent meanwhile: ignored.
                if (download is not null && !download.Credits.Grant(credits))
                {
                    GlueThrow.Protocol($"Call {callId} granted credits past {ProtocolConstants.MaxStreamCredit} outstanding.");
                }
                return default;
            }
            default:
            {
                int callId = StreamFrames.ReadCallId(ref header);
                StreamFrames.EnsureEnd(ref header, callId);
                ServerUpload? upload;
                lock (_uploads)
                {
                    _uploads.Remove(callId, out upload);
                    _streamCount = _uploads.Count + _downloads.Count;
                }
                if (upload is null)
                {
                    GlueThrow.Protocol($"StreamEnd for call {callId}, which has no open upload.");
                }
                upload.Complete();
                return default;
            }
        }
    }

    private ServerUpload? FindUpload(int callId)
    {
        lock (_uploads)
        {
            return _uploads.TryGetValue(callId, out ServerUpload? upload) ? upload : null;
        }
    }

    /// <summary>Registers a call's upload and grants its first window; a client past the limit breaks the protocol.</summary>
    private ServerUpload OpenUpload(HostedContract contract, MethodDescriptor method, int callId, CancellationToken callToken)
    {
        ServerUpload upload = contract.UploadFactories[method.Id]!(this, callId, _server.Options.StreamWindow, callToken);
        lock (_uploads)
        {
            if (_uploads.Count >= MaxUploads)
            {
                GlueThrow.Protocol($"The client has {_uploads.Count} uploaded streams open or unclosed (the limit is {MaxUploads}).");
            }
            if (!_uploads.TryAdd(callId, upload))
            {
                GlueThrow.Protocol($"Call id {callId} already has an upload.");
            }
            _streamCount = _uploads.Count + _downloads.Count;
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
        lock (_downloads)
        {
            _downloads[callId] = download;
            _streamCount = _uploads.Count + _downloads.Count;
        }
        return download;
    }

    /// <summary>The call ended: its result stream takes no more credits, its upload drops what still arrives.</summary>
    private void EndStreams(int callId, ServerDownload? download, ServerUpload? upload)
    {
        if (download is not null)
        {
            lock (_downloads)
            {
                _downloads.Remove(callId);
                _streamCount = _uploads.Count + _downloads.Count;
            }
        }
        upload?.Abandon();
    }

    /// <summary>The client canceled the call: its upload is closed (the Cancel is the client's last frame for it).</summary>
    private void CancelUpload(int callId)
    {
        if (_streamCount == 0)
        {
            return;
        }
        ServerUpload? upload;
        lock (_uploads)
        {
            _uploads.Remove(callId, out upload);
            _streamCount = _uploads.Count + _downloads.Count;
        }
        upload?.Fail(new OperationCanceledException("The client canceled the call."));
    }

    private void CloseStreams(Exception reason)
    {
        ServerUpload[] uploads;
        lock (_uploads)
        {
            uploads = [.. _uploads.Values];
            _uploads.Clear();
        }
        foreach (ServerUpload upload in uploads)
        {
            upload.Fail(new GlueConnectionException($"The connection closed: {reason.Message}", reason));
        }
    }
}
