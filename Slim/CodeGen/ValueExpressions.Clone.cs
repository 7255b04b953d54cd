using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using NFX.Slim.Cloning;

namespace NFX.Slim.CodeGen;

// Cloning a value: plain data and native values are copied, strings shared, references cloned through the session.
internal sealed partial class ValueExpressions
{
    private static readonly MethodInfo s_cloneReference = MemberOf.Method((CloneSession s) => s.CloneReference(null, null!));

    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    public Expression Clone(Type type, Expression value, Expression session, string path, int depth = 0)
    {
        CodegenBudget.Charge(1);
        if (!type.IsValueType)
        {
            if (typeof(Delegate).IsAssignableFrom(type))
            {
                Expression boxed = Expression.Convert(value, typeof(object));
                return Expression.Block(Expression.Call(s_checkDelegate, boxed, Expression.Constant(path)), Expression.Default(type));
            }
            if (type == typeof(string))
            {
                return value; // strings are immutable: a clone shares them
            }
            return Expression.Convert(
                Expression.Call(session, s_cloneReference, Expression.Convert(value, typeof(object)), Expression.Constant(_codecs.SlotFor(type, path))),
                type);
        }
        if (IsPlainData(type) || _format.IsNative(type))
        {
            return value;
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            ParameterExpression local = Expression.Variable(type, "nullable");
            return Expression.Block([local],
                Expression.Assign(local, value),
                Expression.Condition(HasValue(local),
                    Expression.Convert(Clone(inner, ValueOf(local), session, path, depth + 1), type),
                    Expression.Default(type)));
        }
        return Struct(type, path, depth, Direction.Clone, [value, session], () => ExpandClone(type, value, session, path, depth));
    }

    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    private Expression ExpandClone(Type type, Expression value, Expression session, string path, int depth)
    {
        ParameterExpression result = Expression.Variable(type, "value");
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Expression.Block([result], Expression.Assign(result, value),
                repeated.ForEach(i => repeated.Set(result, i, Clone(repeated.Element, repeated.Get(result, i), session, path + "[]", depth + 1))),
                result);
        }
        var body = new List<Expression> { Expression.Assign(result, value) };
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            if (!IsPlainData(field.FieldType))
            {
                body.Add(FieldSetters.Assign(result, field, Clone(field.FieldType, Expression.Field(result, field), session, path + "." + field.Name, depth + 1)));
            }
        }
        body.Add(result);
        return Expression.Block([result], body);
    }
}
