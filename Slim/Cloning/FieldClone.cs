using System.Linq.Expressions;
using System.Reflection;
using NFX.Slim.CodeGen;

namespace NFX.Slim.Cloning;

/// <summary>
/// The expression trees that clone a class field by field: the shallow copy that starts an ordinary class's clone,
/// and the fill that sets the other fields to their clones. Compiled on first use (<see cref="LazyCloneFunctor{TDelegate}"/>).
/// </summary>
internal static class FieldClone
{
    /// <summary>True when a field of <paramref name="fieldType"/> holds its own clone: plain data or a string (immutable).</summary>
    public static bool IsOwnClone(Type fieldType, ValueExpressions values) => values.IsPlainData(fieldType) || fieldType == typeof(string);

    /// <summary>
    /// <c>source => { var s = (T)source; var t = (T)GetUninitializedObject(typeof(T)); t.p1 = s.p1; ...; return t; }</c>
    /// for the fields whose value is its own clone (plain data and strings); <c>new T()</c> instead of
    /// GetUninitializedObject when that constructor runs no code (<see cref="TrivialConstructor"/>).
    /// </summary>
    public static Expression<Func<object, object>> ShallowCopy(Type type, FieldInfo[] fields, ValueExpressions values,
        ConstructorInfo? shellConstructor)
    {
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression s = Expression.Variable(type, "s");
        ParameterExpression t = Expression.Variable(type, "t");
        var body = new List<Expression>
        {
            Expression.Assign(s, Expression.Convert(source, type)),
            Expression.Assign(t, ObjectCodec.NewShell(type, shellConstructor)),
        };
        foreach (FieldInfo field in fields)
        {
            if (IsOwnClone(field.FieldType, values))
            {
                body.Add(FieldSetters.Assign(t, field, Expression.Field(s, field)));
            }
        }
        body.Add(Expression.Convert(t, typeof(object)));
        return Expression.Lambda<Func<object, object>>(Expression.Block([s, t], body), $"ShallowCopy_{type.Name}", [source]);
    }

    /// <summary>
    /// <c>(source, target, session) => { var s = (T)source; var t = (T)target; t.f1 = clone(s.f1); ... }</c>, leaving out
    /// the fields that are their own clones when <paramref name="plainFieldsCopied"/> (the shallow copy holds them).
    /// </summary>
    public static Expression<Action<object, object, CloneSession>> Fields(Type type, FieldInfo[] fields, ValueExpressions values,
        bool plainFieldsCopied)
    {
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression target = Expression.Parameter(typeof(object), "target");
        ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
        ParameterExpression s = Expression.Variable(type, "s");
        ParameterExpression t = Expression.Variable(type, "t");
        var body = new List<Expression>
        {
            Expression.Assign(s, Expression.Convert(source, type)),
            Expression.Assign(t, Expression.Convert(target, type)),
        };
        foreach (FieldInfo field in fields)
        {
            if (plainFieldsCopied && IsOwnClone(field.FieldType, values))
            {
                continue; // already copied by the shallow copy, and immutable
            }
            body.Add(FieldSetters.Assign(t, field, values.Clone(field.FieldType, Expression.Field(s, field), session, FieldLayout.DisplayName(field))));
        }
        body.Add(Expression.Empty());
        return Expression.Lambda<Action<object, object, CloneSession>>(Expression.Block([s, t], body), $"Clone_{type.Name}", [source, target, session]);
    }
}
