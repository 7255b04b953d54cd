using System.Runtime.InteropServices;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Arrays;

namespace NFX.Perf.Contenders;

/// <summary>
/// The floor for primitive arrays: serialize = copy the array's bytes into a preallocated byte[], deserialize = copy
/// them back into a preallocated array (Span.CopyTo, i.e. memmove). Nothing can be faster than this.
/// </summary>
public sealed class MemcpyBaselineContender : Contender
{
    private byte[] _bytes = [];
    private Array? _target;

    /// <inheritdoc/>
    public override string Name => "memcpy (baseline)";

    /// <inheritdoc/>
    public override bool IsBaseline => true;

    /// <inheritdoc/>
    public override string Notes => "Span.CopyTo into preallocated arrays both ways: the floor for primitive arrays.";

    /// <inheritdoc/>
    public override string? CannotHandle(Workload workload) =>
        workload is PrimitiveArrayWorkload ? null : "a baseline for primitive arrays only";

    /// <inheritdoc/>
    public override object Prepare(object root)
    {
        var array = (Array)root;
        _bytes = new byte[RawBytes(array).Length];
        _target = Array.CreateInstance(array.GetType().GetElementType()!, array.Length);
        return root;
    }

    /// <inheritdoc/>
    public override ReadOnlyMemory<byte> Serialize(object prepared)
    {
        RawBytes((Array)prepared).CopyTo(_bytes);
        return _bytes;
    }

    /// <inheritdoc/>
    public override object? Deserialize(ReadOnlyMemory<byte> payload)
    {
        Array target = _target ?? throw new InvalidOperationException("Prepare was not called.");
        payload.Span.CopyTo(RawBytes(target));
        return target;
    }

    private static Span<byte> RawBytes(Array array) => array switch
    {
        int[] ints => MemoryMarshal.AsBytes(ints.AsSpan()),
        double[] doubles => MemoryMarshal.AsBytes(doubles.AsSpan()),
        byte[] bytes => bytes,
        _ => throw new NotSupportedException(array.GetType().Name),
    };
}
