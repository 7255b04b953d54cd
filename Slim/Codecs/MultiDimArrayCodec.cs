using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// A multi-dimensional array, or a one-dimensional array with a non-zero lower bound: each dimension's length and
/// lower bound in the header (the product of the lengths is checked, with overflow, against the limit and the bytes
/// left before allocating), then the elements in row-major order as the body. Elements are reached through a flat
/// span over the array's data, so there is no boxing and no per-index arithmetic.
/// </summary>
[RequiresDynamicCode("Makes arrays of the element type and rank at run time.")]
internal sealed class MultiDimArrayCodec<T> : SlimCodec
{
    private readonly ElementAccess<T> _element;
    private readonly int _rank;

    public MultiDimArrayCodec(Type arrayType, ValueExpressions values) : base(arrayType)
    {
        _rank = arrayType.GetArrayRank();
        _element = new ElementAccess<T>(values, arrayType.Name);
        HeaderAllocatesBody = true;
    }

    public override bool HasBody => true;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session)
    {
        var array = (Array)value;
        for (int d = 0; d < _rank; d++)
        {
            writer.WriteVarUInt32((uint)array.GetLength(d));
            writer.WriteInt32(array.GetLowerBound(d));
        }
    }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session)
    {
        Action<SlimWriter, T, WriteSession> write = _element.Write;
        foreach (T item in Flat((Array)value))
        {
            write(writer, item, session);
        }
    }

    public override object ReadHeader(SlimReader reader, ReadSession session)
    {
        long offset = reader.Position;
        var lengths = new int[_rank];
        var lowerBounds = new int[_rank];
        long total = 1;
        for (int d = 0; d < _rank; d++)
        {
            uint length = reader.ReadVarUInt32();
            int lowerBound = reader.ReadInt32();
            if (length > (uint)Array.MaxLength || (long)lowerBound + length - 1 > int.MaxValue)
            {
                SlimThrow.Format($"Array dimension {d} has length {length} and lower bound {lowerBound}, out of range", offset);
            }
            total *= length; // at most 2^31 per factor and the running product is capped below, so no overflow
            if (total > session.Limits.MaxArrayTotalElements)
            {
                SlimThrow.Limit(nameof(SlimLimits.MaxArrayTotalElements), total, session.Limits.MaxArrayTotalElements, offset);
            }
            lengths[d] = (int)length;
            lowerBounds[d] = lowerBound;
        }
        reader.CheckLength(total, Type.Name, _element.MinWireBytes);
        return Array.CreateInstance(typeof(T), lengths, lowerBounds);
    }

    public override long BodyMinWireBytes(object instance) => ((Array)instance).LongLength * _element.MinWireBytes;

    public override void ReadBody(SlimReader reader, object instance, ReadSession session)
    {
        Func<SlimReader, ReadSession, T> read = _element.Read;
        Span<T> flat = Flat((Array)instance);
        for (int i = 0; i < flat.Length; i++)
        {
            flat[i] = read(reader, session);
        }
    }

    public override object CloneHeader(object source, CloneSession session)
    {
        var array = (Array)source;
        var lengths = new int[_rank];
        var lowerBounds = new int[_rank];
        for (int d = 0; d < _rank; d++)
        {
            lengths[d] = array.GetLength(d);
            lowerBounds[d] = array.GetLowerBound(d);
        }
        return Array.CreateInstance(typeof(T), lengths, lowerBounds);
    }

    public override void CloneBody(object source, object target, CloneSession session)
    {
        Span<T> from = Flat((Array)source);
        Span<T> to = Flat((Array)target);
        if (_element.IsImmutableData)
        {
            from.CopyTo(to);
            return;
        }
        _element.CloneInto(from, to, session, slot: null);
    }

    private static Span<T> Flat(Array array) =>
        MemoryMarshal.CreateSpan(ref Unsafe.As<byte, T>(ref MemoryMarshal.GetArrayDataReference(array)), array.Length);
}
