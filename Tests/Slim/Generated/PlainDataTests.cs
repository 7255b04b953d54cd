using System.Numerics;
using System.Runtime.CompilerServices;
using NFX.Slim;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// Which values hold no references ("plain data", copied by a clone as they are) is decided from the fields, without a
/// generic instantiation per type: the runtime's own answer for every kind of value.
/// </summary>
#pragma warning disable CS0649 // the structs are never filled: only their layouts are asked about
public sealed unsafe class PlainDataTests
{
    private struct WithPointer
    {
        public int* P;
        public long N;
    }

    private struct WithString
    {
        public int N;
        public string S;
    }

    private struct Nested
    {
        public WithPointer Inner;
        public (int, Guid) Pair;
    }

    private static readonly SlimSerializer s_slim = new();

    [Test]
    public void IsPlainData_EveryKindOfValue_IsTheRuntimesAnswer()
    {
        Check<int>(); Check<decimal>(); Check<Guid>(); Check<DateTime>(); Check<BigInteger>(); Check<DayOfWeek>();
        Check<int?>(); Check<KeyValuePair<int, int>>(); Check<KeyValuePair<int, string>>(); Check<(int, string)>();
        Check<(long, double)>(); Check<WithPointer>(); Check<WithString>(); Check<Nested>(); Check<Nested?>(); Check<Half>();
    }

    private static void Check<T>() =>
        Assert.That(s_slim.Codecs.Values.IsPlainData(typeof(T)), Is.EqualTo(!RuntimeHelpers.IsReferenceOrContainsReferences<T>()), typeof(T).Name);
}
