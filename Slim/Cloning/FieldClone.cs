using System.Diagnostics.CodeAnalysis;
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
    [RequiresDynamicCode("Emits setters for init-only fields.")]
    [RequiresUnreferencedCode("Allocates a type the trimmer may have stripped of its constructors.")]
    public static Expression<Func<object, object>> ShallowCopy(Type type, FieldInfo[] fields, ValueExpressions values,
        ConstructorInfo? shellConstructor)
    {
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        BlockExpression copy = FieldSetters.CopyFields(type, source, ObjectCodec.NewShell(type, shellConstructor),
            fields.Where(field => IsOwnClone(field.FieldType, values)), static (s, field) => Expression.Field(s, field));
        return Expression.Lambda<Func<object, object>>(Expression.Convert(copy, typeof(object)), $"ShallowCopy_{type.Name}", [source]);
    }

    /// <summary>
    /// <c>(source, target, session) => { var s = (T)source; var t = (T)target; t.f1 = clone(s.f1); ... }</c>, leaving out
    /// the fields that are their own clones when <paramref name="plainFieldsCopied"/> (the shallow copy holds them).
    /// </summary>
    [RequiresDynamicCode("Emits setters for init-only fields.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    public static Expression<Action<object, object, CloneSession>> Fields(Type type, FieldInfo[] fields, ValueExpressions values,
        bool plainFieldsCopied)
    {
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression target = Expression.Parameter(typeof(object), "target");
        ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
        // The fields left out are already copied by the shallow copy, and immutable.
        IEnumerable<FieldInfo> cloned = plainFieldsCopied ? fields.Where(field => !IsOwnClone(field.FieldType, values)) : fields;
        BlockExpression fill = FieldSetters.CopyFields(type, source, Expression.Convert(target, type), cloned,
            (s, field) => values.Clone(field.FieldType, Expression.Field(s, field), session, FieldLayout.DisplayName(field)));
        return Expression.Lambda<Action<object, object, CloneSession>>(fill, $"Clone_{type.Name}", [source, target, session]);
    }
}
