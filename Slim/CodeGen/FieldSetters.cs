using System.Linq.Expressions;
using System.Reflection;
using System.Reflection.Emit;

namespace NFX.Slim.CodeGen;

/// <summary>
/// Assignment to fields inside generated code. Expression trees refuse to assign readonly (initonly) fields, so those
/// get a small DynamicMethod setter (stfld with skipped visibility checks), called from the tree; all other fields are
/// assigned directly. Field-by-field copies and clones are built here too (<see cref="CopyFields"/>).
/// </summary>
internal static class FieldSetters
{
    /// <summary>A setter for a readonly field of a struct, which must be passed by reference.</summary>
    public delegate void RefSetter<TOwner, TField>(ref TOwner owner, TField value);

    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Emits a setter for init-only fields.")]
    public static Expression Assign(Expression target, FieldInfo field, Expression value)
    {
        if (!field.IsInitOnly)
        {
            return Expression.Assign(Expression.Field(target, field), value);
        }
        Delegate setter = CreateSetter(field);
        return Expression.Invoke(Expression.Constant(setter), target, value);
    }

    /// <summary>
    /// <c>{ var s = (T)source; var t = target; t.f1 = value(s, f1); ...; t }</c> for <paramref name="fields"/>: a
    /// field-by-field copy or clone from <paramref name="source"/> (an object of <paramref name="type"/>) into
    /// <paramref name="target"/> (a <paramref name="type"/>: the object given, or a new one); its value is the target.
    /// </summary>
    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Emits setters for init-only fields.")]
    public static BlockExpression CopyFields(Type type, Expression source, Expression target, IEnumerable<FieldInfo> fields,
        Func<Expression, FieldInfo, Expression> value)
    {
        ParameterExpression s = Expression.Variable(type, "s");
        ParameterExpression t = Expression.Variable(type, "t");
        var body = new List<Expression> { Expression.Assign(s, Expression.Convert(source, type)), Expression.Assign(t, target) };
        foreach (FieldInfo field in fields)
        {
            body.Add(Assign(t, field, value(s, field)));
        }
        body.Add(t);
        return Expression.Block([s, t], body);
    }

    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Emits a setter.")]
    private static Delegate CreateSetter(FieldInfo field)
    {
        Type owner = field.DeclaringType!;
        Type ownerParameter = owner.IsValueType ? owner.MakeByRefType() : owner;
        var method = new DynamicMethod($"set_{owner.Name}_{field.Name}", typeof(void), [ownerParameter, field.FieldType],
            typeof(FieldSetters).Module, skipVisibility: true);
        ILGenerator il = method.GetILGenerator();
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldarg_1);
        il.Emit(OpCodes.Stfld, field);
        il.Emit(OpCodes.Ret);
        Type delegateType = owner.IsValueType
            ? typeof(RefSetter<,>).MakeGenericType(owner, field.FieldType)
            : typeof(Action<,>).MakeGenericType(owner, field.FieldType);
        return method.CreateDelegate(delegateType);
    }
}
