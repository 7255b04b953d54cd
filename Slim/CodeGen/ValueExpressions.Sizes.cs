using System.Collections.Concurrent;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.IO;

namespace NFX.Slim.CodeGen;

// Sizes: how few bytes a value takes on the wire, how large its in-place expansion is, how deep its structs nest.
internal sealed partial class ValueExpressions
{
    // Boxed: a ConcurrentDictionary over long values is an instantiation of its own for the JIT to compile at a fresh
    // process's first call (an int or reference value shares precompiled code).
    private readonly ConcurrentDictionary<Type, object> _minWire = new();
    private readonly ConcurrentDictionary<Type, int> _inlineNodes = new();
    private readonly ConcurrentDictionary<Type, int> _deepest = new();

    /// <summary>
    /// How many nodes expanding a value of <paramref name="type"/> in place takes (a struct field that is itself called
    /// counts one), memoised per type; capped, so sums of shared parts cannot overflow.
    /// </summary>
    private int InlineNodes(Type type)
    {
        if (!type.IsValueType || type.IsEnum || type.IsPrimitive || _format.IsNative(type))
        {
            return 1; // primitives included: IntPtr's one field is an IntPtr (refused where it is used, never expanded)
        }
        return _inlineNodes.TryGetValue(type, out int nodes) ? nodes : _inlineNodes.GetOrAdd(type, InlineNodesUncached(type));
    }

    private int InlineNodesUncached(Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            return 1 + Called(inner);
        }
        if (type.IsByRefLike)
        {
            return 1;
        }
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return (int)Math.Min(int.MaxValue / 2, 1 + (long)repeated.Length * Called(repeated.Element));
        }
        long sum = 1;
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            sum = Math.Min(int.MaxValue / 2, sum + Called(field.FieldType));
        }
        return (int)sum;

        int Called(Type part) => InlineNodes(part) is var n && n > MaxInlineNodes ? 1 : n;
    }

    /// <summary>
    /// How many struct levels below a value of <paramref name="type"/> its expansion checks (0: the struct itself, -1:
    /// not a struct), memoised per type, so a called functor is refused exactly where the expansion would have been.
    /// </summary>
    private int Deepest(Type type)
    {
        if (!type.IsValueType || type.IsPrimitive || _format.IsNative(type))
        {
            return -1;
        }
        if (type.IsEnum)
        {
            return Deepest(Enum.GetUnderlyingType(type));
        }
        return _deepest.TryGetValue(type, out int deepest) ? deepest : _deepest.GetOrAdd(type, DeepestUncached(type));
    }

    private int DeepestUncached(Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            int below = Deepest(inner);
            return below < 0 ? -1 : below + 1;
        }
        if (type.IsByRefLike)
        {
            return 0;
        }
        int deepest = 0;
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Math.Max(0, Deepest(repeated.Element) + 1);
        }
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            deepest = Math.Max(deepest, Deepest(field.FieldType) + 1);
        }
        return Math.Min(deepest, 1 << 20);
    }

    /// <summary>
    /// The fewest bytes one value of <paramref name="type"/> can take on the wire (at least 1). Readers check every
    /// element count against the bytes left using this size, so the memory allocated for a collection of structs stays
    /// proportional to the input: with 1 byte per element, a list of wide structs (a ValueTuple of decimals nested
    /// through TRest) would let each input byte allocate kilobytes.
    /// </summary>
    public int MinWireBytes(Type type) => (int)Math.Clamp(MinWire(type, 0), 1, 1 << 20);

    /// <summary>The bound <see cref="MinWire"/> sums are cut at: past it the size only decides that a count is too long anyway.</summary>
    private const long MaxMinWire = 1L << 30;

    // Memoised per type: a struct of shared parts (KeyValuePair<K, K> nested) is measured once per distinct part.
    private long MinWire(Type type, int depth) =>
        depth > MaxStructNesting ? 1 : _minWire.TryGetValue(type, out object? size) ? (long)size : (long)_minWire.GetOrAdd(type, MinWireUncached(type, depth));

    private long MinWireUncached(Type type, int depth)
    {
        if (!type.IsValueType)
        {
            return 1; // a reference handle
        }
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return native.MinBytes;
        }
        if (type.IsEnum)
        {
            return MinWire(Enum.GetUnderlyingType(type), depth);
        }
        if (Nullable.GetUnderlyingType(type) is not null || depth > MaxStructNesting)
        {
            return 1; // the presence byte
        }
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Math.Min(MaxMinWire, repeated.Length * MinWire(repeated.Element, depth + 1));
        }
        long sum = 0;
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            sum = Math.Min(MaxMinWire, sum + MinWire(field.FieldType, depth + 1));
        }
        return sum;
    }

    /// <summary>True when values of <paramref name="type"/> hold no references at any depth (so a copy is a clone).</summary>
    public bool IsPlainData(Type type) => type.IsValueType && !RuntimeHelpersIsReferenceOrContainsReferences(type);

    /// <summary>
    /// True when every object a slot of <paramref name="type"/> can hold is cloned by one block copy that reaches nothing
    /// else: a one-dimensional array of plain data that the wire layer writes natively and no user serializer replaces
    /// (the runtime can only put another such array in it, an int[] slot holding a uint[]).
    /// </summary>
    public bool IsLeafArray(Type type) =>
        type.IsSZArray && IsPlainData(type.GetElementType()!) && _format.IsNative(type) && !_codecs.CustomTypes.Contains(type);

    // In a class of its own: ValueExpressions' static fields are the MethodInfos of the expression-tree builders, which a
    // native app never compiles but would look up at its first call just to read this cache.
    private static class ContainsReferencesCache
    {
        public static readonly ConcurrentDictionary<Type, bool> Verdicts = new();
    }

    /// <summary>
    /// RuntimeHelpers.IsReferenceOrContainsReferences of <paramref name="type"/>, from its fields: the same answer without
    /// a generic instantiation per type (which costs a first call and cannot exist for a type named at run time under
    /// NativeAOT; there the layouts of the types generated codecs name are kept, see
    /// <see cref="Generated.SlimGeneratedCodec.LayoutMembers"/>). A byref field (a Span's) counts as a reference, as the
    /// runtime counts it.
    /// </summary>
    private static bool RuntimeHelpersIsReferenceOrContainsReferences(Type type) =>
        !type.IsValueType || ContainsReferencesCache.Verdicts.GetOrAdd(type, ContainsReferences);

    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Walks the fields of structs: those a generated codec writes in place are kept by its KeepLayout; where members may be trimmed, a struct Slim would write field by field without one is refused before its fields matter.")]
    private static bool ContainsReferences(Type type)
    {
        if (!type.IsValueType)
        {
            return true;
        }
        if (type.IsPrimitive || type.IsEnum || type.IsPointer)
        {
            return false;
        }
        foreach (FieldInfo field in type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
        {
            if (field.FieldType != type && !field.FieldType.IsPointer && !field.FieldType.IsFunctionPointer && ContainsReferences(field.FieldType))
            {
                return true;
            }
        }
        return false;
    }
}
