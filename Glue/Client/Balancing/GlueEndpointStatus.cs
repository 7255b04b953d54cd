using System.Net;

namespace NFX.Glue;

/// <summary>What a <see cref="GlueClient"/> knows about one of its endpoints (<see cref="GlueClient.GetStatus"/>).</summary>
/// <param name="EndPoint">The endpoint (null for an in-memory client).</param>
/// <param name="IsConnected">True when calls can go there now.</param>
/// <param name="CallsInFlight">Calls pending on its connection.</param>
/// <param name="ConsecutiveFailures">Failed connection attempts since it was last up.</param>
/// <param name="LastError">Why it is not connected, when it is not.</param>
/// <param name="NextAttemptIn">When it is down: time left until the next reconnect attempt.</param>
public sealed record GlueEndpointStatus(EndPoint? EndPoint, bool IsConnected, int CallsInFlight, int ConsecutiveFailures,
    string? LastError, TimeSpan? NextAttemptIn);
