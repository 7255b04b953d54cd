namespace NFX.Perf.Rpc;

/// <summary>One timed stretch of one cell; a cell may be several stretches (one-at-a-time cells are measured in rounds).</summary>
/// <param name="Calls">Calls completed.</param>
/// <param name="Seconds">Wall time.</param>
/// <param name="Latencies">Each call's latency, Stopwatch ticks.</param>
/// <param name="ClientBytes">Bytes allocated in the client process.</param>
/// <param name="ServerBytes">Bytes allocated in the server process; null when it is this process.</param>
public sealed record RpcSample(int Calls, double Seconds, long[] Latencies, long ClientBytes, long? ServerBytes);
