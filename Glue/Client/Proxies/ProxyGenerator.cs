using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using System.Reflection.Emit;
using NFX.Glue.Contracts;
using NFX.Glue.Generated;

namespace NFX.Glue.Client.Proxies;

/// <summary>
/// Emits, once per contract, a sealed class deriving from <see cref="GlueProxy"/> that implements the interface:
/// each method packs its arguments into the method's ValueTuple and calls the matching GlueProxy helper with the
/// method id as a constant. No reflection runs per call. The run-time twin of the proxies the NFX.Glue source
/// generator writes (same helpers, same ids, same packs); used for contracts that have none, where code can be emitted.
/// </summary>
[RequiresDynamicCode("Emits the proxy class with Reflection.Emit.")]
internal static class ProxyGenerator
{
    /// <summary>The name of the dynamic assembly of the proxies.</summary>
    public const string AssemblyName = "NFX.Glue.Proxies";

    private static readonly ConcurrentDictionary<Type, Func<object, object>> s_factories = new();
    private static readonly Lock s_emitLock = new();
    private static ModuleBuilder? s_module;
    private static int s_emitted;

    private static readonly MethodInfo s_callTask = Helper("CallTask");
    private static readonly MethodInfo s_callTaskOf = Helper("CallTaskOf");
    private static readonly MethodInfo s_callValueTask = Helper("CallValueTask");
    private static readonly MethodInfo s_callValueTaskOf = Helper("CallValueTaskOf");
    private static readonly MethodInfo s_callOneWay = Helper("CallOneWay");
    private static readonly MethodInfo s_callStream = Helper("CallStream");
    private static readonly MethodInfo s_callDuplex = Helper("CallDuplex");
    private static readonly MethodInfo s_callUploadTask = Helper("CallUploadTask");
    private static readonly MethodInfo s_callUploadTaskOf = Helper("CallUploadTaskOf");
    private static readonly MethodInfo s_callUploadValueTask = Helper("CallUploadValueTask");
    private static readonly MethodInfo s_callUploadValueTaskOf = Helper("CallUploadValueTaskOf");

    /// <summary>A new proxy implementing the context's contract.</summary>
    public static object Create(ProxyContext context) =>
        s_factories.GetOrAdd(context.Contract.Interface, static (_, c) => Build(c), context.Contract)(context);

    /// <summary>A helper closed over a contract method's types.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = "GlueProxy's helpers have no DynamicallyAccessedMembers requirements on their type parameters.")]
    private static MethodInfo Close(MethodInfo helper, params Type[] types) => helper.MakeGenericMethod(types);

    private static MethodInfo Helper(string name) =>
        typeof(GlueProxy).GetMethod(name, BindingFlags.Instance | BindingFlags.NonPublic)
        ?? throw new InvalidOperationException($"GlueProxy.{name} is missing.");

    private static Func<object, object> Build(ContractDescriptor contract)
    {
        Type type;
        lock (s_emitLock)
        {
            // ModuleBuilder is not thread-safe: one contract is emitted at a time.
            s_module ??= AssemblyBuilder.DefineDynamicAssembly(new System.Reflection.AssemblyName(AssemblyName), AssemblyBuilderAccess.Run)
                .DefineDynamicModule(AssemblyName);
            string name = $"{AssemblyName}.{contract.Interface.FullName}_Proxy{++s_emitted}";
            TypeBuilder tb = s_module.DefineType(name, TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Class,
                typeof(GlueProxy), [contract.Interface]);
            EmitConstructor(tb);
            foreach (MethodDescriptor method in contract.Methods)
            {
                EmitMethod(tb, method);
            }
            type = tb.CreateType();
        }
        ParameterExpression context = Expression.Parameter(typeof(object), "context");
        ConstructorInfo ctor = type.GetConstructor([typeof(object)])!;
        return Expression.Lambda<Func<object, object>>(Expression.New(ctor, context), context).Compile();
    }

    private static void EmitConstructor(TypeBuilder tb)
    {
        ConstructorInfo baseCtor = typeof(GlueProxy).GetConstructor(BindingFlags.Instance | BindingFlags.NonPublic, [typeof(object)])!;
        ConstructorBuilder ctor = tb.DefineConstructor(MethodAttributes.Public, CallingConventions.Standard, [typeof(object)]);
        ILGenerator il = ctor.GetILGenerator();
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldarg_1);
        il.Emit(OpCodes.Call, baseCtor);
        il.Emit(OpCodes.Ret);
    }

    private static void EmitMethod(TypeBuilder tb, MethodDescriptor method)
    {
        MethodInfo target = method.Method;
        Type[] parameterTypes = target.GetParameters().Select(p => p.ParameterType).ToArray();
        MethodBuilder mb = tb.DefineMethod($"{target.DeclaringType!.FullName}.{target.Name}",
            MethodAttributes.Private | MethodAttributes.HideBySig | MethodAttributes.NewSlot | MethodAttributes.Virtual | MethodAttributes.Final,
            target.ReturnType, parameterTypes);
        tb.DefineMethodOverride(mb, target);

        ILGenerator il = mb.GetILGenerator();
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldc_I4, method.Id);
        if (method.HasArgs)
        {
            // The packed arguments in order: every parameter but the token and the uploaded stream.
            for (int i = 0; i < parameterTypes.Length; i++)
            {
                if (i != method.UploadParameterIndex && parameterTypes[i] != typeof(CancellationToken))
                {
                    il.Emit(OpCodes.Ldarg, (short)(i + 1));
                }
            }
            // Arguments are on the stack in order; building the innermost Rest tuple first consumes them from the end.
            foreach (ConstructorInfo ctor in ArgsPack.Constructors(method.ArgsType))
            {
                il.Emit(OpCodes.Newobj, ctor);
            }
        }
        else
        {
            EmitDefault(il, typeof(GlueNoArgs));
        }

        if (method.IsOneWay)
        {
            il.Emit(OpCodes.Call, Close(s_callOneWay, method.ArgsType));
            il.Emit(OpCodes.Ret);
            return;
        }
        if (method.HasUpload)
        {
            il.Emit(OpCodes.Ldarg, (short)(method.UploadParameterIndex + 1));
        }
        if (method.HasCancellationToken)
        {
            il.Emit(OpCodes.Ldarg, (short)parameterTypes.Length);
        }
        else
        {
            EmitDefault(il, typeof(CancellationToken));
        }
        MethodInfo helper = method.IsStreaming ? StreamHelper(method) : method.ReturnKind switch
        {
            MethodReturnKind.Task => Close(s_callTask, method.ArgsType),
            MethodReturnKind.ValueTask => Close(s_callValueTask, method.ArgsType),
            MethodReturnKind.TaskOfT => Close(s_callTaskOf, method.ArgsType, method.ResultType!),
            _ => Close(s_callValueTaskOf, method.ArgsType, method.ResultType!),
        };
        il.Emit(OpCodes.Call, helper);
        il.Emit(OpCodes.Ret);
    }

    private static MethodInfo StreamHelper(MethodDescriptor method)
    {
        if (method.IsServerStream)
        {
            return method.HasUpload
                ? Close(s_callDuplex, method.ArgsType, method.UploadItemType!, method.ResultType!)
                : Close(s_callStream, method.ArgsType, method.ResultType!);
        }
        return method.ReturnKind switch
        {
            MethodReturnKind.Task => Close(s_callUploadTask, method.ArgsType, method.UploadItemType!),
            MethodReturnKind.ValueTask => Close(s_callUploadValueTask, method.ArgsType, method.UploadItemType!),
            MethodReturnKind.TaskOfT => Close(s_callUploadTaskOf, method.ArgsType, method.UploadItemType!, method.ResultType!),
            _ => Close(s_callUploadValueTaskOf, method.ArgsType, method.UploadItemType!, method.ResultType!),
        };
    }

    private static void EmitDefault(ILGenerator il, Type valueType)
    {
        LocalBuilder local = il.DeclareLocal(valueType);
        il.Emit(OpCodes.Ldloca, local);
        il.Emit(OpCodes.Initobj, valueType);
        il.Emit(OpCodes.Ldloc, local);
    }
}
