using System.Text.Json.Serialization;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Orders;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Perf.Contenders.Json;

/// <summary>System.Text.Json's build-time metadata for the plain workload roots, configured as the reflection row (trees).</summary>
[JsonSourceGenerationOptions(IncludeFields = true, MaxDepth = SystemTextJsonContender.MaxDepth)]
[JsonSerializable(typeof(Perzon))]
[JsonSerializable(typeof(Question))]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(Company))]
[JsonSerializable(typeof(Node))]
[JsonSerializable(typeof(int[]))]
[JsonSerializable(typeof(double[]))]
[JsonSerializable(typeof(byte[]))]
public sealed partial class PerfJsonTreeContext : JsonSerializerContext;

/// <summary>The same roots with <c>ReferenceHandler.Preserve</c>, for graphs with sharing, cycles or depth (as the reflection row).</summary>
[JsonSourceGenerationOptions(IncludeFields = true, MaxDepth = SystemTextJsonContender.MaxDepth, ReferenceHandler = JsonKnownReferenceHandler.Preserve)]
[JsonSerializable(typeof(Perzon))]
[JsonSerializable(typeof(Question))]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(Company))]
[JsonSerializable(typeof(Node))]
[JsonSerializable(typeof(int[]))]
[JsonSerializable(typeof(double[]))]
[JsonSerializable(typeof(byte[]))]
public sealed partial class PerfJsonGraphContext : JsonSerializerContext;
