namespace NFX.Perf.Quick;

/// <summary>One timed direction of one contender on one workload.</summary>
/// <param name="NanosecondsPerOp">Median over the batches.</param>
/// <param name="AllocatedBytesPerOp">Median over the batches, from GC.GetAllocatedBytesForCurrentThread.</param>
/// <param name="Batches">How many batches were timed.</param>
/// <param name="OpsPerBatch">Ops per batch.</param>
/// <param name="Gc">The garbage collector's work inside the timed batches (collections, pause).</param>
public sealed record Measurement(double NanosecondsPerOp, double AllocatedBytesPerOp, int Batches, int OpsPerBatch, GcTally Gc = default);
