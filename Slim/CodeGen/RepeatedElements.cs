using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace NFX.Slim.CodeGen;

/// <summary>
/// A struct whose one declared field the runtime repeats: an <see cref="InlineArrayAttribute"/> struct, or the
/// compiler-generated struct behind a <c>fixed</c> buffer. Reflection shows one field, but the value is
/// <see cref="Length"/> elements long, so every element is written, read and cloned (in a loop, not unrolled).
/// </summary>
internal sealed class RepeatedElements
{
    private static readonly MethodInfo s_get = ((Getter<int, int>)Get<int, int>).Method.GetGenericMethodDefinition();
    private static readonly MethodInfo s_set = ((Setter<int, int>)Set<int, int>).Method.GetGenericMethodDefinition();

    private delegate TElement Getter<TBuffer, TElement>(ref TBuffer buffer, int index);

    private delegate void Setter<TBuffer, TElement>(ref TBuffer buffer, int index, TElement value);

    private readonly Type _buffer;

    private RepeatedElements(Type buffer, Type element, int length)
    {
        _buffer = buffer;
        Element = element;
        Length = length;
    }

    /// <summary>The element type.</summary>
    public Type Element { get; }

    /// <summary>How many elements one value holds.</summary>
    public int Length { get; }

    /// <summary>The repeated layout of <paramref name="type"/>, or null for an ordinary struct.</summary>
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Structs a generated codec writes in place keep their fields (KeepLayout); where members may be trimmed, a struct Slim would write field by field without one is refused.")]
    public static RepeatedElements? Of(Type type)
    {
        if (!type.IsValueType)
        {
            return null;
        }
        FieldInfo[] fields = type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
        if (fields.Length != 1)
        {
            return null;
        }
        Type element = fields[0].FieldType;
        if (type.GetCustomAttribute<InlineArrayAttribute>() is { } inline)
        {
            return new RepeatedElements(type, element, inline.Length);
        }
        // A fixed buffer's type: compiler-generated, [UnsafeValueType], one field sized to the whole buffer.
        if (type.IsDefined(typeof(UnsafeValueTypeAttribute), false) && type.IsDefined(typeof(CompilerGeneratedAttribute), false) &&
            element.IsPrimitive && SizeOf(type) is var size && SizeOf(element) is var elementSize && size > elementSize)
        {
            return new RepeatedElements(type, element, size / elementSize);
        }
        return null;
    }

    /// <summary><c>for (int i = 0; i &lt; Length; i++) body(i);</c></summary>
    public Expression ForEach(Func<Expression, Expression> body)
    {
        ParameterExpression i = Expression.Variable(typeof(int), "i");
        LabelTarget end = Expression.Label("end");
        return Expression.Block([i],
            Expression.Assign(i, Expression.Constant(0)),
            Expression.Loop(
                Expression.IfThenElse(Expression.LessThan(i, Expression.Constant(Length)),
                    Expression.Block(body(i), Expression.PreIncrementAssign(i)),
                    Expression.Break(end)),
                end));
    }

    /// <summary>Element <paramref name="index"/> of the struct held in <paramref name="buffer"/> (a variable).</summary>
    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Makes a generic method for the buffer and element types.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2060", Justification = "Get<TBuffer, TElement> asks nothing of its type arguments (no DynamicallyAccessedMembers): trimming cannot remove what it needs.")]
    public Expression Get(ParameterExpression buffer, Expression index) => Expression.Call(s_get.MakeGenericMethod(_buffer, Element), buffer, index);

    /// <summary>Stores <paramref name="value"/> as element <paramref name="index"/> of the struct in <paramref name="buffer"/>.</summary>
    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Makes a generic method for the buffer and element types.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2060", Justification = "Set<TBuffer, TElement> asks nothing of its type arguments (no DynamicallyAccessedMembers): trimming cannot remove what it needs.")]
    public Expression Set(ParameterExpression buffer, Expression index, Expression value) => Expression.Call(s_set.MakeGenericMethod(_buffer, Element), buffer, index, value);

    private static TElement Get<TBuffer, TElement>(ref TBuffer buffer, int index) =>
        Unsafe.Add(ref Unsafe.As<TBuffer, TElement>(ref buffer), index);

    private static void Set<TBuffer, TElement>(ref TBuffer buffer, int index, TElement value) =>
        Unsafe.Add(ref Unsafe.As<TBuffer, TElement>(ref buffer), index) = value;

    private static int SizeOf(Type type) => RuntimeHelpers.SizeOf(type.TypeHandle);
}
