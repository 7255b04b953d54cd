using System;
using NFX.Slim.Generators.Model;

namespace NFX.Glue.Generators.Model;

/// <summary>A contract the generator leaves to the runtime, and why.</summary>
internal sealed record SkippedContract(string DisplayName, string Reason) : IEquatable<SkippedContract>;

/// <summary>What one parse of a root gave: a contract to generate, or the reason there is none.</summary>
internal sealed record ContractResult(ContractSpec? Contract, SkippedContract? Skipped) : IEquatable<ContractResult>;

/// <summary>Everything one compilation generates: its contracts (distinct, ordered by name) and the ones it skips.</summary>
internal sealed record GenerationSpec(EquatableArray<ContractSpec> Contracts, EquatableArray<SkippedContract> Skipped) : IEquatable<GenerationSpec>;
