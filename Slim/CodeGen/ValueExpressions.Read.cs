using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using NFX.IO;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen;

// Reading a value: the mirror of the Write file, with the reader's checks.
internal sealed partial class ValueExpressions
{
    private static readonly MethodInfo s_readReference = MemberOf.Method((ReadSession s) => s.ReadReference(null!));
    private static readonly MethodInfo s_readReferenceAfterHandle = MemberOf.Method((ReadSession s) => s.ReadReferenceAfterHandle(0, null!, 0));
    private static readonly MethodInfo s_beginInline = MemberOf.Method((ReadSession s) => s.BeginInline(0));
    private static readonly MethodInfo s_endInline = MemberOf.Method((ReadSession s) => s.EndInline(null, null!));
    private static readonly MethodInfo s_readVarUInt32 = MemberOf.Method((SlimReader r) => r.ReadVarUInt32());
    private static readonly MethodInfo s_readBoolean = MemberOf.Method((SlimReader r) => r.ReadBoolean());
    private static readonly PropertyInfo s_readerPosition = MemberOf.Property((SlimReader r) => r.Position);

    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    public Expression Read(Type type, Expression reader, Expression session, string path, int depth = 0)
    {
        CodegenBudget.Charge(1);
        if (!type.IsValueType)
        {
            // A delegate slot can only come back null: the deny-list refuses every delegate type a payload could name.
            ReferenceSlot slot = _codecs.SlotFor(type, path);
            if (InlineNative(type) is { } inline && slot.IsInstantiable && slot.DeniedReason is null)
            {
                return ReadInline(type, inline, reader, session, slot);
            }
            return Expression.Convert(Expression.Call(session, s_readReference, Expression.Constant(slot)), type);
        }
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return native.Read(reader);
        }
        if (type.IsEnum)
        {
            return Expression.Convert(Read(Enum.GetUnderlyingType(type), reader, session, path, depth), type);
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            return Expression.Condition(Expression.Call(reader, s_readBoolean),
                Expression.Convert(Read(inner, reader, session, path, depth + 1), type),
                Expression.Default(type));
        }
        return Struct(type, path, depth, Direction.Read, [reader, session], () => ExpandRead(type, reader, session, path, depth));
    }

    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    private Expression ExpandRead(Type type, Expression reader, Expression session, string path, int depth)
    {
        ParameterExpression result = Expression.Variable(type, "value");
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Expression.Block([result], Expression.Assign(result, Expression.Default(type)),
                repeated.ForEach(i => repeated.Set(result, i, Read(repeated.Element, reader, session, path + "[]", depth + 1))),
                result);
        }
        return Expression.Block([result],
            Expression.Assign(result, Expression.Default(type)),
            ReadFields(result, FieldLayout.Of(type), reader, session, field => path + "." + field.Name, depth + 1),
            result);
    }

    /// <summary>
    /// <c>h = handle; h == NewOfDeclaredType ? pool(read()) : session.ReadReference(h, slot)</c>: the value of the
    /// declared type is read in place; every other handle (null, back-reference, a value with its type) and every
    /// check (pool bounds, slot type, MaxObjects, a null value announced as new) is the general path's.
    /// </summary>
    private static Expression ReadInline(Type type, NativeTypeCodec native, Expression reader, Expression session, ReferenceSlot slot)
    {
        ParameterExpression offset = Expression.Variable(typeof(long), "offset");
        ParameterExpression handle = Expression.Variable(typeof(uint), "handle");
        return Expression.Block(type, [offset, handle],
            Expression.Assign(offset, Expression.Property(reader, s_readerPosition)),
            Expression.Assign(handle, Expression.Call(reader, s_readVarUInt32)),
            Expression.Condition(Expression.Equal(handle, Expression.Constant(WireHandle.NewOfDeclaredType)),
                Expression.Block(
                    Expression.Call(session, s_beginInline, offset),
                    Expression.Convert(Expression.Call(session, s_endInline, Expression.Convert(native.Read(reader), typeof(object)), Expression.Constant(type)), type)),
                Expression.Convert(Expression.Call(session, s_readReferenceAfterHandle, handle, Expression.Constant(slot), offset), type)));
    }
}
