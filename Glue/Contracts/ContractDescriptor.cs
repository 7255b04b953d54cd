using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.Glue.Generated;

namespace NFX.Glue.Contracts;

/// <summary>
/// A validated contract: built once per interface by reflection, then shared. Methods are numbered by the ordinal
/// sort of their culture-invariant signatures, so both ends agree on ids without exchanging names per call.
/// </summary>
internal sealed class ContractDescriptor
{
    /// <summary>What a contract's description reads of its interface: its methods and the interfaces it extends.</summary>
    public const DynamicallyAccessedMemberTypes Reflected =
        DynamicallyAccessedMemberTypes.PublicMethods | DynamicallyAccessedMemberTypes.NonPublicMethods | DynamicallyAccessedMemberTypes.Interfaces;

    private static readonly ConcurrentDictionary<Type, ContractDescriptor> s_cache = new();

    private ContractDescriptor(Type contract, string name)
    {
        Interface = contract;
        Name = name;
    }

    public Type Interface { get; }

    /// <summary>The contract name on the wire.</summary>
    public string Name { get; }

    /// <summary>Methods in id order.</summary>
    public ImmutableArray<MethodDescriptor> Methods { get; private set; }

    /// <summary>
    /// The proxy and dispatch the NFX.Glue source generator wrote for this build of the interface; null when none was
    /// registered (then they are generated at run time, where the process can).
    /// </summary>
    public GeneratedContract? Generated { get; private set; }

    public static ContractDescriptor For([DynamicallyAccessedMembers(Reflected)] Type contract)
    {
        ArgumentNullException.ThrowIfNull(contract);
        return s_cache.TryGetValue(contract, out ContractDescriptor? found) ? found : s_cache.GetOrAdd(contract, Build(contract));
    }

    /// <summary>Maps a method of the interface (or of an interface it extends) to its descriptor.</summary>
    public MethodDescriptor? Find(MethodInfo method)
    {
        foreach (MethodDescriptor m in Methods)
        {
            if (m.Method == method)
            {
                return m;
            }
        }
        return null;
    }

    [UnconditionalSuppressMessage("Trimming", "IL2075", Justification =
        "The methods of the interfaces a contract extends: the generated registration of a contract keeps them (DynamicDependency), " +
        "as it keeps the contract's; a trimmed app without generated code for a contract describes what the trimmer left, and the " +
        "peers match methods by signature, so a method the trimmer removed (never called here) is only missing.")]
    // ILC reports the interfaces' methods as IL2065 (the array of types loses the annotation), the analyzer as IL2075.
    [UnconditionalSuppressMessage("Trimming", "IL2065", Justification =
        "The methods of the interfaces a contract extends: the generated registration of a contract keeps them (DynamicDependency), " +
        "as it keeps the contract's; a trimmed app without generated code for a contract describes what the trimmer left, and the " +
        "peers match methods by signature, so a method the trimmer removed (never called here) is only missing.")]
    private static ContractDescriptor Build([DynamicallyAccessedMembers(Reflected)] Type contract)
    {
        string display = contract.Name;
        if (!contract.IsInterface)
        {
            throw new GlueContractException($"Contract {display}: a contract must be an interface.");
        }
        if (contract.ContainsGenericParameters)
        {
            throw new GlueContractException($"Contract {display}: an open generic interface cannot be a contract; close its type arguments.");
        }
        if (!contract.IsVisible)
        {
            throw new GlueContractException($"Contract {display}: the interface must be public (proxies are generated in another assembly).");
        }
        GluedAttribute? glued = contract.GetCustomAttribute<GluedAttribute>();
        if (glued is null)
        {
            throw new GlueContractException($"Contract {display}: the interface is not marked [Glued].");
        }
        var descriptor = new ContractDescriptor(contract, string.IsNullOrEmpty(glued.Name) ? WireNames.Of(contract) : glued.Name);

        var methods = new List<MethodDescriptor>();
        var signatures = new HashSet<string>(StringComparer.Ordinal);
        foreach (Type type in (Type[])[contract, .. contract.GetInterfaces()])
        {
            foreach (MethodInfo method in type.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance))
            {
                MethodDescriptor m = Describe(descriptor, method);
                if (!signatures.Add(m.Signature))
                {
                    throw new GlueContractException($"Contract {display}: {type.Name}.{method.Name} has the same signature as another method ({m.Signature}).");
                }
                methods.Add(m);
            }
        }
        methods.Sort((a, b) => string.CompareOrdinal(a.Signature, b.Signature));
        for (int i = 0; i < methods.Count; i++)
        {
            methods[i].Id = i;
        }

        GeneratedContract? generated = GlueGeneratedContracts.Find(contract);
        bool matches = generated?.Matches(methods) == true;
        if (!matches && !RuntimeFeature.IsDynamicCodeSupported)
        {
            throw new GlueContractException(generated is null
                ? $"Contract {display}: no proxy and dispatch were generated for it at build time, and this process cannot generate code at run time (NativeAOT). " +
                  "Reference the NFX.Glue package from the project that calls GetProxy, Host, AddService or AddGlueClient for it (its source generator writes them for those contracts and every [Glued] interface of the project) and build again."
                : $"Contract {display}: its generated proxy and dispatch were built against another version of the interface (the method signatures differ), and this process cannot generate code at run time (NativeAOT). " +
                  "Build the assembly that registers them against the interface this process loads.");
        }
        descriptor.Generated = matches ? generated : null;
        for (int i = 0; i < methods.Count; i++)
        {
            methods[i].ArgsType = matches ? generated!.Methods[i].ArgsType
                : RuntimeFeature.IsDynamicCodeSupported ? ArgsPack.TypeFor(methods[i].ParameterTypes)
                : throw new UnreachableException("refused above");
        }
        descriptor.Methods = [.. methods];
        return descriptor;
    }

    private static MethodDescriptor Describe(ContractDescriptor contract, MethodInfo method)
    {
        string where = $"{method.DeclaringType!.Name}.{method.Name}";
        if (method.IsSpecialName)
        {
            throw new GlueContractException($"Contract method {where}: properties and events are not supported in a contract; use methods.");
        }
        if (method.IsGenericMethodDefinition)
        {
            throw new GlueContractException($"Contract method {where}: generic methods are not supported.");
        }

        ParameterInfo[] parameters = method.GetParameters();
        var types = new List<Type>(parameters.Length);
        var signatureTypes = new List<Type>(parameters.Length);
        bool hasToken = false;
        int uploadIndex = -1;
        Type? uploadItem = null;
        for (int i = 0; i < parameters.Length; i++)
        {
            Type type = parameters[i].ParameterType;
            if (type.IsByRef)
            {
                throw new GlueContractException($"Contract method {where}: parameter '{parameters[i].Name}' is ref, out or in; only by-value parameters can cross the wire.");
            }
            if (type == typeof(CancellationToken))
            {
                if (i != parameters.Length - 1)
                {
                    throw new GlueContractException($"Contract method {where}: a CancellationToken may only be the last parameter.");
                }
                hasToken = true;
                continue;
            }
            if (StreamItemType(type) is Type item)
            {
                if (uploadItem is not null)
                {
                    throw new GlueContractException($"Contract method {where}: parameter '{parameters[i].Name}' is a second IAsyncEnumerable<T>; a method streams at most one argument.");
                }
                CheckWireType(where, $"the items of parameter '{parameters[i].Name}'", item);
                uploadIndex = i;
                uploadItem = item;
                signatureTypes.Add(type);
                continue;
            }
            CheckWireType(where, $"parameter '{parameters[i].Name}'", type);
            types.Add(type);
            signatureTypes.Add(type);
        }

        bool oneWay = method.GetCustomAttribute<OneWayAttribute>() is not null;
        Type returnType = method.ReturnType;
        MethodReturnKind kind;
        Type? result = null;
        if (returnType == typeof(void))
        {
            if (!oneWay)
            {
                throw new GlueContractException($"Contract method {where}: returns void but is not marked [OneWay]; return Task (to wait for completion) or mark it [OneWay].");
            }
            kind = MethodReturnKind.OneWay;
        }
        else if (oneWay)
        {
            throw new GlueContractException($"Contract method {where}: a [OneWay] method must return void.");
        }
        else if (StreamItemType(returnType) is Type streamed)
        {
            kind = MethodReturnKind.Stream;
            result = streamed;
        }
        else if (returnType == typeof(Task))
        {
            kind = MethodReturnKind.Task;
        }
        else if (returnType == typeof(ValueTask))
        {
            kind = MethodReturnKind.ValueTask;
        }
        else if (returnType.IsGenericType && returnType.GetGenericTypeDefinition() == typeof(Task<>))
        {
            kind = MethodReturnKind.TaskOfT;
            result = returnType.GetGenericArguments()[0];
        }
        else if (returnType.IsGenericType && returnType.GetGenericTypeDefinition() == typeof(ValueTask<>))
        {
            kind = MethodReturnKind.ValueTaskOfT;
            result = returnType.GetGenericArguments()[0];
        }
        else
        {
            throw new GlueContractException($"Contract method {where}: returns {returnType.Name}; a contract method returns Task, Task<T>, ValueTask, ValueTask<T>, IAsyncEnumerable<T>, or void with [OneWay].");
        }
        if (oneWay && uploadItem is not null)
        {
            throw new GlueContractException($"Contract method {where}: a [OneWay] method cannot stream an argument; return Task to upload a stream.");
        }
        if (result is not null)
        {
            CheckWireType(where, kind == MethodReturnKind.Stream ? "the result stream's items" : "the result", result);
        }

        // A stream keeps its IAsyncEnumerable<T> in the signature, so a streaming method never matches a unary one.
        string signature = $"{method.Name}({string.Join(",", signatureTypes.Select(WireNames.Of))}):" +
            (oneWay ? "oneway" : kind == MethodReturnKind.Stream ? WireNames.Of(returnType) : result is null ? "void" : WireNames.Of(result));
        bool idempotent = method.GetCustomAttribute<GlueIdempotentAttribute>() is not null
            || method.DeclaringType!.GetCustomAttribute<GlueIdempotentAttribute>() is not null;
        return new MethodDescriptor(contract, method, signature, [.. types], hasToken, kind, result, uploadIndex, uploadItem) { IsIdempotent = idempotent };
    }

    /// <summary>The T of <c>IAsyncEnumerable&lt;T&gt;</c>, else null.</summary>
    private static Type? StreamItemType(Type type) =>
        type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>) ? type.GetGenericArguments()[0] : null;

    private static void CheckWireType(string where, string what, Type type)
    {
        if (type.IsPointer || type.IsByRefLike || type.IsFunctionPointer || type == typeof(void))
        {
            throw new GlueContractException($"Contract method {where}: {what} has type {type.Name}, which cannot be serialized.");
        }
        if (type.ContainsGenericParameters)
        {
            throw new GlueContractException($"Contract method {where}: {what} has an open generic type.");
        }
        if (!type.IsVisible)
        {
            throw new GlueContractException($"Contract method {where}: {what} has type {type.Name}, which must be public (proxies are generated in another assembly).");
        }
    }
}
