using System.Diagnostics.CodeAnalysis;
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

    [RequiresDynamicCode("Compiles an expression tree that may set init-only fields.")]
    [RequiresUnreferencedCode("Copies the fields reflection finds; the trimmer may have removed some.")]
    public static Action<object, object> Build(Type type)
    {
        ParameterExpression from = Expression.Parameter(typeof(object), "from");
        ParameterExpression to = Expression.Parameter(typeof(object), "to");
        BlockExpression copy = FieldSetters.CopyFields(type, from, Expression.Convert(to, type), InstanceFields(type),
            static (source, field) => Expression.Field(source, field));
        return Expression.Lambda<Action<object, object>>(copy, from, to).Compile();
    }

    /// <summary>Every instance field of <paramref name="type"/> and its base classes, the type's own first.</summary>
    [RequiresUnreferencedCode("Reads the fields of a type and its bases; the trimmer may have removed some.")]
    private static IEnumerable<FieldInfo> InstanceFields(Type type)
    {
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            foreach (FieldInfo field in t.GetFields(DeclaredInstance))
            {
                yield return field;
            }
        }
    }
}
