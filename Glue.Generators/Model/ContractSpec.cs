using System;
using NFX.Slim.Generators.Model;

namespace NFX.Glue.Generators.Model;

/// <summary>
/// One contract to generate, as plain values (no symbols, so equal models skip the emitter).
/// </summary>
/// <param name="InterfaceName">The interface, fully qualified for C# (<c>global::...</c>).</param>
/// <param name="DisplayName">The interface as people read it, for comments.</param>
/// <param name="ClassName">The stem of the generated classes' names, unique in the compilation (set when all contracts are known).</param>
/// <param name="BaseInterfaces">The interfaces it extends (fully qualified), whose methods the runtime reads too.</param>
/// <param name="Methods">In id order: the ordinal order of their signatures.</param>
internal sealed record ContractSpec(
    string InterfaceName,
    string DisplayName,
    string ClassName,
    EquatableArray<string> BaseInterfaces,
    EquatableArray<MethodSpec> Methods) : IEquatable<ContractSpec>;
