using NFX.Slim;

// The workload models reach Slim only as object (a contender's Serialize(object prepared)): named here so the source
// generator writes their codecs for the "Slim (generated)" rows; it follows their fields from each.
[assembly: SlimSerializable(typeof(NFX.Perf.Workloads.Perzons.Perzon))]
[assembly: SlimSerializable(typeof(NFX.Perf.Workloads.Graph.Company))]
[assembly: SlimSerializable(typeof(NFX.Perf.Workloads.Dto.Question))]
[assembly: SlimSerializable(typeof(NFX.Perf.Workloads.Orders.Order))]
[assembly: SlimSerializable(typeof(NFX.Perf.Workloads.LinkedList.Node))]
[assembly: SlimSerializable(typeof(NFX.Perf.Workloads.Scaling.ScalingTreeNode))]
