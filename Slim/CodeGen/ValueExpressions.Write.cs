using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using NFX.IO;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen;

// Writing a value: natively, through its underlying type, with a presence byte, expanded in place, or as a reference.
internal sealed partial class ValueExpressions
{
    private static readonly MethodInfo s_writeReference = MemberOf.Method((WriteSession s) => s.WriteReference(null, null!));
    private static readonly MethodInfo s_tryWriteBackReference = MemberOf.Method((WriteSession s) => s.TryWriteBackReference(null!));
    private static readonly MethodInfo s_writeByte = MemberOf.Method((SlimWriter w) => w.WriteByte(0));
    private static readonly MethodInfo s_writeBoolean = MemberOf.Method((SlimWriter w) => w.WriteBoolean(false));
    private static readonly MethodInfo s_writeString = MemberOf.Method((SlimWriter w) => w.WriteString(null));
    private static readonly MethodInfo s_writeTaggedString = MemberOf.Method((SlimWriter w) => w.WriteTaggedString(0, null!));

    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    public Expression Write(Type type, Expression writer, Expression value, Expression session, string path, int depth = 0)
    {
        CodegenBudget.Charge(1);
        if (!type.IsValueType)
        {
            Expression boxed = value.Type == typeof(object) ? value : Expression.Convert(value, typeof(object));
            ConstantExpression slot = Expression.Constant(_codecs.SlotFor(type, path));
            if (typeof(Delegate).IsAssignableFrom(type))
            {
                // A delegate field is fine while it is null (an event nobody subscribed to); a live one is refused.
                return Expression.Block(
                    Expression.Call(s_checkDelegate, boxed, Expression.Constant(path)),
                    Expression.Call(session, s_writeReference, Expression.Constant(null, typeof(object)), slot));
            }
            if (InlineNative(type) is { } inline)
            {
                return WriteInline(type, inline, writer, value, session, slot);
            }
            return Expression.Call(session, s_writeReference, boxed, slot);
        }
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return native.Write(writer, value);
        }
        if (type.IsEnum)
        {
            Type underlying = Enum.GetUnderlyingType(type);
            return Write(underlying, writer, Expression.Convert(value, underlying), session, path, depth);
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            ParameterExpression local = Expression.Variable(type, "nullable");
            return Expression.Block([local],
                Expression.Assign(local, value),
                Expression.Call(writer, s_writeBoolean, HasValue(local)),
                Expression.IfThen(HasValue(local),
                    Write(inner, writer, ValueOf(local), session, path, depth + 1)));
        }
        return Struct(type, path, depth, Direction.Write, [writer, value, session], () => ExpandWrite(type, writer, value, session, path, depth));
    }

    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    private Expression ExpandWrite(Type type, Expression writer, Expression value, Expression session, string path, int depth)
    {
        ParameterExpression copy = Expression.Variable(type, "value");
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Expression.Block([copy], Expression.Assign(copy, value),
                repeated.ForEach(i => Write(repeated.Element, writer, repeated.Get(copy, i), session, path + "[]", depth + 1)));
        }
        FieldInfo[] fields = FieldLayout.Of(type);
        foreach (FieldInfo field in fields)
        {
            CheckField(field, path);
        }
        return Expression.Block([copy], Expression.Assign(copy, value),
            WriteFields(copy, fields, writer, session, field => path + "." + field.Name, depth + 1));
    }

    /// <summary>
    /// <c>if (v == null) Null; else if (!backReference(v)) { NewOfDeclaredType; write(v); }</c>: the bytes of
    /// <see cref="WriteSession.WriteReference"/>. An array slot can hold an array of another element type the runtime
    /// treats as compatible (an int[] field holding a uint[]): that goes the general way, with its type.
    /// </summary>
    private static Expression WriteInline(Type type, NativeTypeCodec native, Expression writer, Expression value, Expression session, Expression slot)
    {
        ParameterExpression local = Expression.Variable(type, "reference");
        ConstantExpression newOfDeclaredType = Expression.Constant((byte)WireHandle.NewOfDeclaredType);
        // The wire's own string writer takes the handle with the string (one room check for both); the same bytes.
        Expression writeNew = native.WriteMethod == s_writeString
            ? Expression.Call(writer, s_writeTaggedString, newOfDeclaredType, local)
            : Expression.Block(Expression.Call(writer, s_writeByte, newOfDeclaredType), native.Write(writer, local));
        Expression announce = Expression.IfThen(Expression.Not(Expression.Call(session, s_tryWriteBackReference, local)), writeNew);
        if (type.IsArray)
        {
            announce = Expression.IfThenElse(Expression.TypeEqual(local, type), announce,
                Expression.Call(session, s_writeReference, Expression.Convert(local, typeof(object)), slot));
        }
        return Expression.Block([local],
            Expression.Assign(local, value),
            Expression.IfThenElse(Expression.ReferenceEqual(local, Expression.Constant(null, type)),
                Expression.Call(writer, s_writeByte, Expression.Constant((byte)WireHandle.Null)),
                announce));
    }
}
