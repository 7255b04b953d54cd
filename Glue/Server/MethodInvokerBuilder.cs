using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using NFX.Glue.Contracts;
using NFX.Glue.Generated;

namespace NFX.Glue.Server;

/// <summary>
/// Builds <see cref="GlueMethodInvoker"/>s from expression trees: unbox the pack once, pass its fields, adapt the
/// result. The run-time twin of the dispatch the NFX.Glue source generator writes; used for contracts that have none,
/// where code can be compiled.
/// </summary>
[RequiresDynamicCode("Compiles the invoker from an expression tree.")]
internal static class MethodInvokerBuilder
{
    public static GlueMethodInvoker Build(MethodDescriptor method) => BuildExpression(method).Compile();

    /// <summary>The inspectable tree behind <see cref="Build"/>.</summary>
    public static Expression<GlueMethodInvoker> BuildExpression(MethodDescriptor method)
    {
        ParameterExpression instance = Expression.Parameter(typeof(object), "instance");
        ParameterExpression args = Expression.Parameter(typeof(object), "args");
        ParameterExpression upload = Expression.Parameter(typeof(object), "upload");
        ParameterExpression token = Expression.Parameter(typeof(CancellationToken), "cancellationToken");
        var variables = new List<ParameterExpression>();
        var body = new List<Expression>();

        var arguments = new List<Expression>();
        ParameterExpression? pack = null;
        if (method.HasArgs)
        {
            pack = Expression.Variable(method.ArgsType, "pack");
            variables.Add(pack);
            body.Add(Expression.Assign(pack, Expression.Unbox(args, method.ArgsType)));
        }
        // In declaration order: packed arguments, the uploaded stream where it was declared, the token last.
        System.Reflection.ParameterInfo[] parameters = method.Method.GetParameters();
        int packed = 0;
        for (int i = 0; i < parameters.Length; i++)
        {
            arguments.Add(i == method.UploadParameterIndex ? Expression.Convert(upload, parameters[i].ParameterType)
                : parameters[i].ParameterType == typeof(CancellationToken) ? token
                : ArgsPack.Item(pack!, packed++));
        }
        Expression call = Expression.Call(Expression.Convert(instance, method.Method.DeclaringType!), method.Method, arguments);
        body.Add(method.ReturnKind switch
        {
            MethodReturnKind.OneWay => Expression.Block(call, Expression.Default(typeof(ValueTask<object?>))),
            MethodReturnKind.Task => Expression.Call(Adapter(nameof(GlueInvokeAdapters.FromTask)), call),
            MethodReturnKind.ValueTask => Expression.Call(Adapter(nameof(GlueInvokeAdapters.FromValueTask)), call),
            MethodReturnKind.Stream => Expression.Call(Close(Adapter(nameof(GlueInvokeAdapters.FromStream)), method.ResultType!), call),
            MethodReturnKind.TaskOfT => Expression.Call(Close(Adapter(nameof(GlueInvokeAdapters.FromTaskOf)), method.ResultType!), call),
            _ => Expression.Call(Close(Adapter(nameof(GlueInvokeAdapters.FromValueTaskOf)), method.ResultType!), call),
        });
        return Expression.Lambda<GlueMethodInvoker>(Expression.Block(typeof(ValueTask<object?>), variables, body), instance, args, upload, token);
    }

    /// <summary>An adapter closed over a method's result type.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = "GlueInvokeAdapters' methods have no DynamicallyAccessedMembers requirements on their type parameters.")]
    private static MethodInfo Close(MethodInfo adapter, Type type) => adapter.MakeGenericMethod(type);

    private static MethodInfo Adapter(string name) => typeof(GlueInvokeAdapters).GetMethod(name, BindingFlags.Public | BindingFlags.Static)!;
}
