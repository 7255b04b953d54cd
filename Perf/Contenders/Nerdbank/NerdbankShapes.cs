using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;
using PolyType;

namespace NFX.Perf.Contenders.Nerdbank;

/// <summary>
/// The PolyType witness for Nerdbank.MessagePack: shapes of the plain workload roots generated at build time, so the
/// workload types stay attribute-free (the witness form PolyType documents for types one cannot annotate).
/// </summary>
[GenerateShapeFor<Perzon>]
[GenerateShapeFor<Question>]
[GenerateShapeFor<Order>]
[GenerateShapeFor<Company>]
[GenerateShapeFor<Node>]
[GenerateShapeFor<int[]>]
[GenerateShapeFor<double[]>]
[GenerateShapeFor<byte[]>]
public sealed partial class NerdbankShapes;
