using System.Diagnostics.CodeAnalysis;

namespace NFX.Tests.StreamerFormats.Infrastructure;

/// <summary>
/// Equality that sees everything the wire must keep: bit patterns of floats (NaN payloads, -0.0), the scale of
/// decimals (1.0m vs 1.00m), DateTime.Kind, DateTimeOffset.Offset; null versus empty arrays.
/// </summary>
public static class WireComparers
{
    /// <summary>Bit-exact Half.</summary>
    public static IEqualityComparer<Half> Half { get; } =
        Create<Half>((a, b) => BitConverter.HalfToUInt16Bits(a) == BitConverter.HalfToUInt16Bits(b));

    /// <summary>Bit-exact float.</summary>
    public static IEqualityComparer<float> Single { get; } =
        Create<float>((a, b) => BitConverter.SingleToUInt32Bits(a) == BitConverter.SingleToUInt32Bits(b));

    /// <summary>Bit-exact double.</summary>
    public static IEqualityComparer<double> Double { get; } =
        Create<double>((a, b) => BitConverter.DoubleToUInt64Bits(a) == BitConverter.DoubleToUInt64Bits(b));

    /// <summary>Decimal with the same sign, scale and magnitude bits.</summary>
    public static IEqualityComparer<decimal> Decimal { get; } =
        Create<decimal>((a, b) => decimal.GetBits(a).AsSpan().SequenceEqual(decimal.GetBits(b)));

    /// <summary>DateTime with the same ticks and Kind.</summary>
    public static IEqualityComparer<DateTime> DateTime { get; } =
        Create<DateTime>((a, b) => a.Ticks == b.Ticks && a.Kind == b.Kind);

    /// <summary>DateTimeOffset with the same clock ticks and offset.</summary>
    public static IEqualityComparer<DateTimeOffset> DateTimeOffset { get; } =
        Create<DateTimeOffset>((a, b) => a.Ticks == b.Ticks && a.Offset == b.Offset);

    /// <summary>Element-wise array equality; null equals only null.</summary>
    public static IEqualityComparer<T[]?> Array<T>(IEqualityComparer<T> element) =>
        Create<T[]?>((a, b) => a is null ? b is null : b is not null && a.SequenceEqual(b, element));

    /// <summary>Nullable equality over an inner comparer.</summary>
    public static IEqualityComparer<T?> Nullable<T>(IEqualityComparer<T> inner) where T : struct =>
        Create<T?>((a, b) => a.HasValue == b.HasValue && (!a.HasValue || inner.Equals(a.GetValueOrDefault(), b.GetValueOrDefault())));

    private static IEqualityComparer<T> Create<T>(Func<T, T, bool> equals) => new DelegateComparer<T>(equals);

    private sealed class DelegateComparer<T>(Func<T, T, bool> equals) : IEqualityComparer<T>
    {
        public bool Equals(T? x, T? y) => equals(x!, y!);

        public int GetHashCode([DisallowNull] T obj) => 0;
    }
}
