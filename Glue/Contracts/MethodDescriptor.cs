using System.Reflection;

namespace NFX.Glue.Contracts;

/// <summary>One validated contract method: its wire id, signature, argument pack and return shape.</summary>
internal sealed class MethodDescriptor
{
    private string? _spanName;

    public MethodDescriptor(ContractDescriptor contract, MethodInfo method, string signature, Type[] parameterTypes,
        bool hasCancellationToken, MethodReturnKind returnKind, Type? resultType, int uploadParameterIndex = -1, Type? uploadItemType = null)
    {
        UploadParameterIndex = uploadParameterIndex;
        UploadItemType = uploadItemType;
        Contract = contract;
        Method = method;
        Signature = signature;
        SignatureHash = WireNames.Hash(signature);
        ParameterTypes = parameterTypes;
        HasCancellationToken = hasCancellationToken;
        ReturnKind = returnKind;
        ResultType = resultType;
    }

    public ContractDescriptor Contract { get; }

    public MethodInfo Method { get; }

    /// <summary>Position in the contract's ordinal-sorted signature list: the method id on the wire.</summary>
    public int Id { get; internal set; }

    /// <summary>Culture-invariant <c>Name(ParamType,...):ResultType</c>; the basis of <see cref="SignatureHash"/>.</summary>
    public string Signature { get; }

    public ulong SignatureHash { get; }

    /// <summary>Parameter types in order, without the trailing <see cref="CancellationToken"/> and the uploaded stream.</summary>
    public Type[] ParameterTypes { get; }

    public bool HasCancellationToken { get; }

    public MethodReturnKind ReturnKind { get; }

    /// <summary>The T of Task&lt;T&gt;/ValueTask&lt;T&gt;, or the item type of a result stream; null when the method returns no value.</summary>
    public Type? ResultType { get; }

    /// <summary>
    /// The value type that carries all arguments as one object (a ValueTuple, or <see cref="Generated.GlueNoArgs"/>):
    /// the generated code's when the contract has some, else made at run time; set with the ids.
    /// </summary>
    public Type ArgsType { get; internal set; } = null!;

    public bool IsOneWay => ReturnKind == MethodReturnKind.OneWay;

    /// <summary>Marked <see cref="GlueIdempotentAttribute"/> (on the method or its interface): may be retried after a lost connection.</summary>
    public bool IsIdempotent { get; init; }

    /// <summary>The server streams the result (<c>IAsyncEnumerable&lt;T&gt;</c>; <see cref="ResultType"/> is T).</summary>
    public bool IsServerStream => ReturnKind == MethodReturnKind.Stream;

    /// <summary>The position of the <c>IAsyncEnumerable&lt;T&gt;</c> parameter the client streams (-1: none); it is not in the argument pack.</summary>
    public int UploadParameterIndex { get; }

    /// <summary>The item type of the stream the client uploads (null: none).</summary>
    public Type? UploadItemType { get; }

    /// <summary>The client streams an argument (a client-streaming or, with <see cref="IsServerStream"/>, a duplex call).</summary>
    public bool HasUpload => UploadItemType is not null;

    /// <summary>The call carries a stream in either direction.</summary>
    public bool IsStreaming => IsServerStream || HasUpload;

    public bool HasArgs => ParameterTypes.Length > 0;

    public string DisplayName => $"{Contract.Interface.Name}.{Method.Name}";

    /// <summary>The span name and <c>rpc.method</c>-style label for telemetry: <c>ContractName/Method</c>, made once.</summary>
    public string SpanName => _spanName ??= $"{Contract.Name}/{Method.Name}";

    public override string ToString() => $"{Contract.Name}.{Signature}";
}
