using System;
using NFX.Slim.Generators.Model;

namespace NFX.Glue.Generators.Model;

/// <summary>The return shapes of a contract method (the runtime's MethodReturnKind).</summary>
internal enum ReturnShape
{
    OneWay,
    Task,
    TaskOfT,
    ValueTask,
    ValueTaskOfT,
    Stream,
}

/// <summary>What a parameter is on the wire.</summary>
internal enum ParameterRole
{
    /// <summary>In the argument pack.</summary>
    Packed,

    /// <summary>The <c>IAsyncEnumerable&lt;T&gt;</c> the client uploads after the call frame.</summary>
    Upload,

    /// <summary>The trailing <c>CancellationToken</c>: never sent.</summary>
    Token,
}

/// <summary>One parameter: its C# type and role.</summary>
internal sealed record ParameterSpec(string TypeName, ParameterRole Role) : IEquatable<ParameterSpec>;

/// <summary>
/// One contract method as the wire sees it: the signature that fixes its id and hash, its argument pack and shape.
/// </summary>
/// <param name="Signature">The runtime's culture-invariant signature, <c>Name(Type,...):Result</c>.</param>
/// <param name="Name">The method's name.</param>
/// <param name="DeclaringInterface">The interface that declares it (fully qualified): the explicit implementation's qualifier.</param>
/// <param name="ReturnType">The declared return type (C#).</param>
/// <param name="Parameters">In declaration order.</param>
/// <param name="ArgsType">The argument pack (C#): a ValueTuple of the packed parameters (nested through Rest past seven), or GlueNoArgs.</param>
/// <param name="ResultType">The T of Task&lt;T&gt;/ValueTask&lt;T&gt; or of a result stream (C#); null when there is none.</param>
/// <param name="UploadItemType">The T of the uploaded stream (C#); null when there is none.</param>
internal sealed record MethodSpec(
    string Signature,
    string Name,
    string DeclaringInterface,
    string ReturnType,
    EquatableArray<ParameterSpec> Parameters,
    string ArgsType,
    ReturnShape Shape,
    string? ResultType,
    string? UploadItemType) : IEquatable<MethodSpec>
{
    public bool HasArgs => ArgsType != GlueNames.NoArgs;
}
