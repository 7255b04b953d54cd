using System.Linq.Expressions;
using System.Reflection;

namespace NFX.Slim.CodeGen;

/// <summary>
/// Names the method or property generated code calls by a lambda that calls it, instead of by its name in a string: the
/// compiler checks it, a rename follows it and an overload is picked by its arguments. The lambdas are never run.
/// </summary>
internal static class MemberOf
{
    /// <summary>The method <paramref name="call"/> calls (<c>(WriteSession s) =&gt; s.WriteReference(null, null!)</c>).</summary>
    public static MethodInfo Method<T>(Expression<Action<T>> call) => Called(call);

    /// <summary>The static method <paramref name="call"/> calls.</summary>
    public static MethodInfo Method(Expression<Action> call) => Called(call);

    /// <summary>The property <paramref name="get"/> reads (<c>(SlimReader r) =&gt; r.Position</c>).</summary>
    public static PropertyInfo Property<T, TValue>(Expression<Func<T, TValue>> get) =>
        get.Body is MemberExpression { Member: PropertyInfo property } ? property
            : throw new ArgumentException($"'{get}' must read one property.", nameof(get));

    private static MethodInfo Called(LambdaExpression lambda) =>
        lambda.Body is MethodCallExpression call ? call.Method
            : throw new ArgumentException($"'{lambda}' must be one method call.", nameof(lambda));
}
