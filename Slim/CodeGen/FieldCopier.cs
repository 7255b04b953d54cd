using System.Linq.Expressions;
using System.Reflection;

namespace NFX.Slim.CodeGen;

/// <summary>
/// Copies every instance field of one object into another of the same class, compiled once per type. Used to
/// "transplant" a value that can only be built late (an immutable hashed collection whose keys are complete only at
/// the end of the message) into the shell that other objects already reference.
/// </summary>
internal static class FieldCopier
{
    private const BindingFlags DeclaredInstance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    public static Action<object, object> Build(Type type)
    {
        ParameterExpression from = Expression.Parameter(typeof(object), "from");
        ParameterExpression to = Expression.Parameter(typeof(object), "to");
        ParameterExpression source = Expression.Variable(type, "source");
        ParameterExpression target = Expression.Variable(type, "target");
        var body = new List<Expression>
        {
            Expression.Assign(source, Expression.Convert(from, type)),
            Expression.Assign(target, Expression.Convert(to, type)),
        };
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (FieldInfo field in t.GetFields(DeclaredInstance))
            {
                body.Add(FieldSetters.Assign(target, field, Expression.Field(source, field)));
            }
        }
        body.Add(Expression.Empty());
        return Expression.Lambda<Action<object, object>>(Expression.Block([source, target], body), from, to).Compile();
    }
}
