using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using System.Text;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Layouts;

/// <summary>
/// Compiles the plan that reads a body written with a remote layout into a local class: one step per remote member,
/// in the writer's order. A member both sides have is read into the local field (converted when the writer's type
/// widens losslessly to the reader's, or checked value by value when it narrows: <see cref="Narrowing"/>); a member only the writer has is read and dropped (objects it references still
/// enter the pool, so later back-references stay valid); a member only the reader has keeps its default.
/// </summary>
internal static class TolerantPlan
{
    private static readonly MethodInfo s_readReference = typeof(ReadSession).GetMethod(nameof(ReadSession.ReadReference))!;
    private static readonly UTF8Encoding s_strictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    [RequiresDynamicCode("Compiles a reading plan from another layout.")]
    [RequiresUnreferencedCode("Sets fields found by reflection on a type the trimmer may have changed.")]
    public static SlimCodec Build(LocalLayout local, RemoteMember[] remote, ObjectCodec localCodec, CodecCache codecs)
    {
        Type type = local.Type;
        ValueExpressions values = codecs.Values;
        ParameterExpression reader = Expression.Parameter(typeof(SlimReader), "reader");
        ParameterExpression obj = Expression.Parameter(typeof(object), "obj");
        ParameterExpression session = Expression.Parameter(typeof(ReadSession), "session");
        ParameterExpression typed = Expression.Variable(type, "o");
        var body = new List<Expression> { Expression.Assign(typed, Expression.Convert(obj, type)) };
        var matched = new bool[local.Fields.Length];
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (RemoteMember member in remote)
        {
            string name = DecodeName(type, member.Name);
            if (!names.Add(name))
            {
                throw new SlimFormatException($"The layout of '{TypeNames.Describe(type)}' lists member '{name}' twice.", 0);
            }
            string path = type.Name + "." + LocalLayout.DisplayName(name);
            int index = IndexOf(local, member.Name);
            if (index < 0)
            {
                body.Add(ReadValue(member.WireType, reader, session, values, path));
                continue;
            }
            matched[index] = true;
            FieldInfo field = local.Fields[index];
            Type localWire = local.WireTypes[index];
            Expression value;
            if (localWire == member.WireType)
            {
                value = values.Read(field.FieldType, reader, session, FieldLayout.DisplayName(field));
            }
            else if (Widening.IsLossless(member.WireType, localWire))
            {
                value = ReadValue(member.WireType, reader, session, values, path);
                if (Nullable.GetUnderlyingType(localWire) is { } inner && inner != member.WireType && Nullable.GetUnderlyingType(member.WireType) is null)
                {
                    value = Expression.Convert(value, inner); // widen first, then wrap: T -> U -> U?
                }
                value = Expression.Convert(value, localWire);
                if (localWire != field.FieldType)
                {
                    value = Expression.Convert(value, field.FieldType);
                }
            }
            else if (!member.WireType.IsValueType && !localWire.IsValueType && localWire.IsAssignableFrom(member.WireType))
            {
                value = Expression.Convert(ReadValue(member.WireType, reader, session, values, path), field.FieldType);
            }
            else if (Narrowing.IsPossible(member.WireType, localWire))
            {
                var site = new NarrowingSite(local, LocalLayout.DisplayName(name), member.WireType, field.FieldType);
                value = Narrowing.Convert(ReadValue(member.WireType, reader, session, values, path), localWire, site);
                if (localWire != field.FieldType)
                {
                    value = Expression.Convert(value, field.FieldType); // an enum member: its underlying type was converted
                }
            }
            else
            {
                throw Mismatch(local, LocalLayout.DisplayName(name),
                    $"member '{LocalLayout.DisplayName(name)}' was written as '{TypeNames.Describe(member.WireType)}', which does not convert " +
                    $"to this reader's '{TypeNames.Describe(field.FieldType)}' (widenings: smaller to larger integers, float to double, T to T?; " +
                    "checked per value: integers of any width, double to float, T? to T)");
            }
            body.Add(FieldSetters.Assign(typed, field, value));
        }
        body.Add(Expression.Empty());
        var read = Expression.Lambda<Action<SlimReader, object, ReadSession>>(
            Expression.Block([typed], body), $"ReadTolerant_{type.Name}", [reader, obj, session]).Compile();
        return new TolerantObjectCodec(localCodec, matched.Contains(false) ? Constructor(type) : null, read);
    }

    /// <summary>
    /// A value the plan reads by the writer's declared type. References get a slot of their own whose declared type
    /// came from the bytes, so "a new object of the declared type" there must pass the type policy.
    /// </summary>
    [RequiresDynamicCode("Builds an expression tree that is compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection.")]
    private static Expression ReadValue(Type wireType, ParameterExpression reader, ParameterExpression session, ValueExpressions values, string path)
    {
        if (wireType.IsValueType)
        {
            return values.Read(wireType, reader, session, path);
        }
        var slot = new ReferenceSlot(wireType, path, admitDeclaredType: true);
        return Expression.Convert(Expression.Call(session, s_readReference, Expression.Constant(slot)), wireType);
    }

    private static int IndexOf(LocalLayout local, byte[] name)
    {
        for (int i = 0; i < local.Names.Length; i++)
        {
            if (local.Names[i].AsSpan().SequenceEqual(name))
            {
                return i;
            }
        }
        return -1;
    }

    private static string DecodeName(Type type, byte[] name)
    {
        try
        {
            return s_strictUtf8.GetString(name);
        }
        catch (DecoderFallbackException)
        {
            throw new SlimFormatException($"The layout of '{TypeNames.Describe(type)}' lists a member name that is not valid UTF-8.", 0);
        }
    }

    /// <summary>The parameterless constructor as a functor, or null when the type has none (defaults are then zero).</summary>
    [RequiresDynamicCode("Compiles the constructor call.")]
    [RequiresUnreferencedCode("Finds the parameterless constructor by reflection.")]
    private static Func<object>? Constructor(Type type)
    {
        ConstructorInfo? constructor = type.GetConstructor(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, Type.EmptyTypes);
        return constructor is null ? null : Expression.Lambda<Func<object>>(Expression.Convert(Expression.New(constructor), typeof(object))).Compile();
    }

    public static SlimLayoutMismatchException Mismatch(LocalLayout local, string? member, string detail) =>
        new(TypeNames.Describe(local.Type),
            $"The message's layout of '{TypeNames.Describe(local.Type)}' cannot be read into this reader's: {detail}.", null, local.Fingerprint, member);
}
