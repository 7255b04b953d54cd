using System.Linq.Expressions;
using System.Reflection;
using NFX.Glue.Contracts;

namespace NFX.Glue.Server;

/// <summary>
/// Calls one contract method on an instance with an unpacked argument pack (and the stream the client uploads, when
/// the method takes one); compiled once per method.
/// </summary>
internal delegate ValueTask<object?> MethodInvoker(object instance, object? args, object? upload, CancellationToken cancellationToken);

/// <summary>Builds <see cref="MethodInvoker"/>s from expression trees: unbox the pack once, pass its fields, adapt the result.</summary>
internal static class MethodInvokerBuilder
{
    public static MethodInvoker Build(MethodDescriptor method) => BuildExpression(method).Compile();

    /// <summary>The inspectable tree behind <see cref="Build"/>.</summary>
    public static Expression<MethodInvoker> BuildExpression(MethodDescriptor method)
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
            MethodReturnKind.Task => Expression.Call(Adapter(nameof(InvokeAdapters.FromTask)), call),
            MethodReturnKind.ValueTask => Expression.Call(Adapter(nameof(InvokeAdapters.FromValueTask)), call),
            MethodReturnKind.Stream => Expression.Call(Adapter(nameof(InvokeAdapters.FromStream)).MakeGenericMethod(method.ResultType!), call),
            MethodReturnKind.TaskOfT => Expression.Call(Adapter(nameof(InvokeAdapters.FromTaskOf)).MakeGenericMethod(method.ResultType!), call),
            _ => Expression.Call(Adapter(nameof(InvokeAdapters.FromValueTaskOf)).MakeGenericMethod(method.ResultType!), call),
        });
        return Expression.Lambda<MethodInvoker>(Expression.Block(typeof(ValueTask<object?>), variables, body), instance, args, upload, token);
    }

    private static MethodInfo Adapter(string name) => typeof(InvokeAdapters).GetMethod(name, BindingFlags.Public | BindingFlags.Static)!;
}
