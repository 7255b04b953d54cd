using System.Net;
using Microsoft.Extensions.Logging;

namespace NFX.Glue.Telemetry;

/// <summary>Glue's log messages (source-generated: no formatting or allocation unless the level is enabled).</summary>
internal static partial class Log
{
    [LoggerMessage(1, LogLevel.Information, "Glue server listening on {EndPoint} (TLS: {Tls})")]
    public static partial void ServerStarted(ILogger logger, EndPoint endPoint, bool tls);

    [LoggerMessage(2, LogLevel.Information, "Glue server stopping: {Connections} connections, draining for at most {Timeout}")]
    public static partial void ServerStopping(ILogger logger, int connections, TimeSpan timeout);

    [LoggerMessage(3, LogLevel.Information, "Glue server stopped")]
    public static partial void ServerStopped(ILogger logger);

    [LoggerMessage(13, LogLevel.Warning, "Glue server stopped with calls still running on {Unfinished} connections when the drain time ran out (their tokens were canceled)")]
    public static partial void ServerStoppedUnfinished(ILogger logger, int unfinished);

    [LoggerMessage(4, LogLevel.Debug, "Glue {Side} connection to {Peer} opened")]
    public static partial void ConnectionOpened(ILogger logger, GlueSide side, EndPoint? peer);

    [LoggerMessage(5, LogLevel.Debug, "Glue {Side} connection to {Peer} closed: {Reason}")]
    public static partial void ConnectionClosed(ILogger logger, GlueSide side, EndPoint? peer, string reason);

    [LoggerMessage(6, LogLevel.Warning, "Glue heartbeat: nothing received from {Peer} for {Silent} ms; closing the connection as dead")]
    public static partial void HeartbeatTimeout(ILogger logger, EndPoint? peer, long silent);

    [LoggerMessage(7, LogLevel.Warning, "Glue server refused a connection from {Peer}: {Reason}")]
    public static partial void HandshakeRefused(ILogger logger, EndPoint? peer, string reason);

    [LoggerMessage(8, LogLevel.Warning, "Glue server dropped a connection from {Peer} during the handshake: {Reason}")]
    public static partial void HandshakeFailed(ILogger logger, EndPoint? peer, string reason);

    [LoggerMessage(9, LogLevel.Warning, "Glue client: {EndPoint} is down ({Failures} failed attempts in a row): {Reason}; next attempt in {Delay} ms")]
    public static partial void NodeDown(ILogger logger, EndPoint? endPoint, int failures, string reason, long delay);

    [LoggerMessage(10, LogLevel.Information, "Glue client: connected to {EndPoint}")]
    public static partial void NodeUp(ILogger logger, EndPoint? endPoint);

    [LoggerMessage(11, LogLevel.Information, "Glue client: {EndPoint} is closing the connection ({Reason}); new calls use a new connection or another endpoint")]
    public static partial void NodeDraining(ILogger logger, EndPoint? endPoint, string reason);

    [LoggerMessage(40, LogLevel.Information, "Glue client: retrying {Method} (retry {Retry}, reason {Reason}): {Error}")]
    public static partial void CallRetried(ILogger logger, string method, int retry, string reason, string error);

    [LoggerMessage(41, LogLevel.Warning, "Glue client: not retrying {Method}: the retry budget is spent ({Error})")]
    public static partial void RetryBudgetSpent(ILogger logger, string method, string error);

    [LoggerMessage(42, LogLevel.Information, "Glue client: endpoint {EndPoint} added")]
    public static partial void EndpointAdded(ILogger logger, System.Net.EndPoint endPoint);

    [LoggerMessage(43, LogLevel.Information, "Glue client: endpoint {EndPoint} removed; its calls in flight finish, then its connection closes")]
    public static partial void EndpointRemoved(ILogger logger, System.Net.EndPoint? endPoint);

    [LoggerMessage(44, LogLevel.Warning, "Glue client: the endpoint provider failed ({Error}); the client keeps the endpoints it has and asks again in {Delay} ms")]
    public static partial void EndpointProviderFailed(ILogger logger, string error, long delay);

    [LoggerMessage(45, LogLevel.Warning, "Glue DNS endpoints: resolving {Host} failed ({Error}); keeping the last answer")]
    public static partial void DnsLookupFailed(ILogger logger, string host, string error);
}
