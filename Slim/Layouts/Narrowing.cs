using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Linq.Expressions;
using System.Numerics;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Layouts;

/// <summary>
/// The member type changes a version-tolerant reader converts value by value (a rolling upgrade that widened a field,
/// read by a node not upgraded yet): an integer to an integer of any other width or signedness, double to float, and
/// T? to T (also combined with one of those). The value converts when it fits exactly; otherwise the read fails with a
/// <see cref="SlimLayoutMismatchException"/> that names the member, the value and both types.
/// </summary>
internal static class Narrowing
{
    private static readonly HashSet<Type> s_integers =
    [
        typeof(sbyte), typeof(byte), typeof(short), typeof(ushort), typeof(int), typeof(uint), typeof(long), typeof(ulong),
        typeof(Int128), typeof(UInt128),
    ];

    private static readonly MethodInfo s_integer = typeof(Narrowing).GetMethod(nameof(Integer), BindingFlags.Static | BindingFlags.NonPublic)!;
    private static readonly MethodInfo s_single = typeof(Narrowing).GetMethod(nameof(Single), BindingFlags.Static | BindingFlags.NonPublic)!;
    private static readonly MethodInfo s_value = typeof(Narrowing).GetMethod(nameof(ValueOf), BindingFlags.Static | BindingFlags.NonPublic)!;

    /// <summary>True when a value of <paramref name="from"/> may convert to <paramref name="to"/>, checked per value.</summary>
    public static bool IsPossible(Type from, Type to)
    {
        if (Nullable.GetUnderlyingType(from) is { } fromInner)
        {
            Type toInner = Nullable.GetUnderlyingType(to) ?? to;
            return fromInner == toInner || Widening.IsLossless(fromInner, toInner) || IsPossible(fromInner, toInner);
        }
        if (Nullable.GetUnderlyingType(to) is { } inner)
        {
            return IsPossible(from, inner);
        }
        return s_integers.Contains(from) && s_integers.Contains(to) || from == typeof(double) && to == typeof(float);
    }

    /// <summary>The checked conversion of <paramref name="value"/> (of the writer's type) to <paramref name="to"/>.</summary>
    [RequiresDynamicCode("Makes the checked conversion for the two types.")]
    [RequiresUnreferencedCode("Finds the nullable type's members by name.")]
    public static Expression Convert(Expression value, Type to, NarrowingSite site)
    {
        Type from = value.Type;
        if (Nullable.GetUnderlyingType(from) is { } fromInner)
        {
            Type toInner = Nullable.GetUnderlyingType(to) ?? to;
            if (to == toInner)
            {
                // T? -> U: null does not fit; a value converts as a T would.
                return Inner(Expression.Call(s_value.MakeGenericMethod(fromInner), value, Expression.Constant(site)), toInner, site);
            }
            // T? -> U?: null stays null.
            ParameterExpression held = Expression.Variable(from, "written");
            return Expression.Block(to, [held],
                Expression.Assign(held, value),
                Expression.Condition(Expression.Property(held, nameof(Nullable<int>.HasValue)),
                    Expression.Convert(Inner(Expression.Property(held, nameof(Nullable<int>.Value)), toInner, site), to),
                    Expression.Default(to)));
        }
        if (Nullable.GetUnderlyingType(to) is { } inner)
        {
            return Expression.Convert(Convert(value, inner, site), to);
        }
        return from == typeof(double)
            ? Expression.Call(s_single, value, Expression.Constant(site))
            : Expression.Call(s_integer.MakeGenericMethod(from, to), value, Expression.Constant(site));
    }

    /// <summary>A present value of the writer's underlying type to the reader's: as is, widened, or checked.</summary>
    [RequiresDynamicCode("Makes the checked conversion for the two types.")]
    [RequiresUnreferencedCode("Finds the nullable type's members by name.")]
    private static Expression Inner(Expression value, Type to, NarrowingSite site) =>
        value.Type == to ? value : Widening.IsLossless(value.Type, to) ? Expression.Convert(value, to) : Convert(value, to, site);

    private static TTo Integer<TFrom, TTo>(TFrom value, NarrowingSite site)
        where TFrom : IBinaryInteger<TFrom> where TTo : IBinaryInteger<TTo>
    {
        if (!TryConvert(value, out TTo result))
        {
            site.Throw(value.ToString(null, CultureInfo.InvariantCulture));
        }
        return result;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryConvert<TFrom, TTo>(TFrom value, out TTo result)
        where TFrom : IBinaryInteger<TFrom> where TTo : IBinaryInteger<TTo>
    {
        result = TTo.CreateTruncating(value);
        return TFrom.CreateTruncating(result) == value && TTo.IsNegative(result) == TFrom.IsNegative(value);
    }

    private static float Single(double value, NarrowingSite site)
    {
        float result = (float)value;
        if (result != value && !double.IsNaN(value))
        {
            site.Throw(value.ToString("R", CultureInfo.InvariantCulture));
        }
        return result;
    }

    private static T ValueOf<T>(T? value, NarrowingSite site) where T : struct
    {
        if (!value.HasValue)
        {
            site.Throw("null");
        }
        return value.GetValueOrDefault();
    }
}

/// <summary>One narrowed member of a reading plan: what its failure names.</summary>
internal sealed class NarrowingSite(LocalLayout local, string member, Type writerType, Type readerType)
{
    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Throw(string value) =>
        throw TolerantPlan.Mismatch(local, member,
            $"member '{member}' was written as '{TypeNames.Describe(writerType)}' with the value {value}, which does not fit this reader's " +
            $"'{TypeNames.Describe(readerType)}' (a narrowed member converts only values that fit exactly)");
}
