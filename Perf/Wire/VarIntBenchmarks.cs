using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using NFX.IO;

namespace NFX.Perf.Wire;

/// <summary>
/// ZigZag + LEB128 (the product's <see cref="VarInt"/> routines, exactly as SlimWriter/SlimReader use them) against
/// a prefix varint (<see cref="PrefixVarInt"/>), encoding and decoding 4096 signed 64-bit values of each realistic
/// distribution. Both codecs run in the same loop over a padded array, both reject non-minimal encodings on decode.
/// The SlimWriter/SlimReader rows time the whole product path (buffer checks included) for reference.
/// Min and Median are shown because a shared machine's noise only ever adds time.
/// Run: <c>dotnet run -c Release --project Perf -- --filter '*VarInt*' --job short --iterationCount 10 --iterationTime 150 --inProcess</c>
/// (about 2 minutes; results and the choice they led to are in docs/FORMAT.md).
/// </summary>
[MemoryDiagnoser]
[MinColumn, MedianColumn]
[Config(typeof(VarIntBenchmarkConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class VarIntBenchmarks
{
    /// <summary>Values per operation (results are per value).</summary>
    public const int Count = 4096;

    private long[] _values = [];
    private byte[] _scratch = [];
    private byte[] _leb128 = [];
    private byte[] _prefix = [];
    private SlimWriter _writer = new();
    private SlimReader _reader = new();

    /// <summary>The value distribution.</summary>
    [Params(VarIntDistribution.SmallCounts, VarIntDistribution.Ids, VarIntDistribution.UnixMillis,
        VarIntDistribution.DotNetTicks, VarIntDistribution.NegativeDeltas)]
    public VarIntDistribution Distribution { get; set; }

    /// <summary>Draws the values and encodes them once with each codec.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _values = VarIntSamples.Generate(Distribution, Count);
        _scratch = new byte[Count * VarInt.MaxBytes64 + 16];
        _leb128 = _scratch.AsSpan(0, Leb128_Encode()).ToArray();
        Array.Resize(ref _leb128, _leb128.Length + 16); // both decoders read ahead up to 10 bytes
        _prefix = _scratch.AsSpan(0, Prefix_Encode()).ToArray();
        Array.Resize(ref _prefix, _prefix.Length + 16);
        long expected = 0;
        foreach (long value in _values)
        {
            expected += value; // wraps like the decoders' sums
        }
        if (Leb128_Decode() != expected || Prefix_Decode() != expected)
        {
            throw new InvalidOperationException("The codecs disagree.");
        }
        _writer = new SlimWriter(Count * VarInt.MaxBytes64);
        foreach (long value in _values)
        {
            _writer.WriteInt64(value);
        }
        _reader = new SlimReader(_writer.ToArray());
    }

    /// <summary>Cleans up pooled buffers.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        _writer.Dispose();
        _reader.Dispose();
    }

    /// <summary>ZigZag + LEB128 encode (the product's routine).</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Count), BenchmarkCategory("Encode")]
    public int Leb128_Encode()
    {
        ref byte dst = ref _scratch[0];
        int pos = 0;
        foreach (long value in _values)
        {
            pos += VarInt.Write64(ref Unsafe.Add(ref dst, pos), VarInt.ZigZag(value));
        }
        return pos;
    }

    /// <summary>ZigZag + prefix varint encode.</summary>
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory("Encode")]
    public int Prefix_Encode()
    {
        ref byte dst = ref _scratch[0];
        int pos = 0;
        foreach (long value in _values)
        {
            pos += PrefixVarInt.Write(ref Unsafe.Add(ref dst, pos), VarInt.ZigZag(value));
        }
        return pos;
    }

    /// <summary>The product path: <see cref="SlimWriter.WriteInt64"/> into a pooled writer.</summary>
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory("Encode")]
    public long SlimWriter_WriteInt64()
    {
        _writer.Reset();
        foreach (long value in _values)
        {
            _writer.WriteInt64(value);
        }
        return _writer.Position;
    }

    /// <summary>LEB128 decode + unZigZag (the product's routine).</summary>
    [Benchmark(Baseline = true, OperationsPerInvoke = Count), BenchmarkCategory("Decode")]
    public long Leb128_Decode()
    {
        ref byte src = ref _leb128[0];
        int pos = 0;
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            int n = VarInt.Read64(ref Unsafe.Add(ref src, pos), out ulong value);
            if (n == 0)
            {
                Malformed();
            }
            pos += n;
            sum += VarInt.UnZigZag(value);
        }
        return sum;
    }

    /// <summary>Prefix varint decode + unZigZag.</summary>
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory("Decode")]
    public long Prefix_Decode()
    {
        ref byte src = ref _prefix[0];
        int pos = 0;
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            int n = PrefixVarInt.Read(ref Unsafe.Add(ref src, pos), out ulong value);
            if (n == 0)
            {
                Malformed();
            }
            pos += n;
            sum += VarInt.UnZigZag(value);
        }
        return sum;
    }

    /// <summary>The product path: <see cref="SlimReader.ReadInt64"/> over a byte array.</summary>
    [Benchmark(OperationsPerInvoke = Count), BenchmarkCategory("Decode")]
    public long SlimReader_ReadInt64()
    {
        _reader.Reset(_leb128, 0, _leb128.Length - 16);
        long sum = 0;
        for (int i = 0; i < Count; i++)
        {
            sum += _reader.ReadInt64();
        }
        return sum;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Malformed() => throw new InvalidOperationException("Malformed varint in the benchmark input.");
}
