using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.Codecs;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen;

/// <summary>
/// Builds the expression-tree pieces that write, read and clone one value of a declared type inside a generated
/// functor: native types call the wire layer directly, enums go through their underlying type, nullable values get a
/// presence byte, other structs are expanded field by field in place, and references go through the session
/// (pool, back-references, type handles). The functors are compiled once per type; nothing here runs per value.
/// </summary>
/// <remarks>
/// One class in files by concern: this one (which structs get a functor of their own), <c>.Sizes</c> (wire minimums,
/// expansion sizes, plain data), <c>.Write</c>, <c>.Read</c>, <c>.Clone</c>, <c>.FieldRuns</c> (consecutive fixed-size
/// fields written and read with one capacity check) and <c>.Checks</c> (what no format can carry).
/// </remarks>
internal sealed partial class ValueExpressions
{
    private const int MaxStructNesting = 32;

    private readonly CodecCache _codecs;
    private readonly StreamerFormat _format;

    public ValueExpressions(CodecCache codecs, StreamerFormat format)
    {
        _codecs = codecs;
        _format = format;
    }

    /// <summary>The native-type table of the serializer.</summary>
    internal StreamerFormat Format => _format;

    /// <summary>
    /// The most expression nodes a struct is expanded in place with; a larger one (wide, or nested from shared parts such
    /// as <c>KeyValuePair&lt;K, K&gt;</c> over <c>KeyValuePair&lt;J, J&gt;</c>, whose expansion doubles per level) is read,
    /// written and cloned by a functor of its own, compiled once per type and called where the struct appears, so the
    /// generated code grows with the number of distinct struct types, never with the number of paths to them.
    /// </summary>
    internal const int MaxInlineNodes = 64;

    private enum Direction { Write, Read, Clone }

    // One dictionary per direction, keyed by the type alone: a value-tuple key makes the JIT compile another
    // ConcurrentDictionary instantiation at a fresh process's first call; reference keys share precompiled code.
    private readonly ConcurrentDictionary<Type, Delegate>[] _functors = [new(), new(), new()];

    /// <summary>
    /// A struct value, checked, then written, read or cloned by its own functor (called with <paramref name="arguments"/>)
    /// when it is too large to expand in place, else by <paramref name="expand"/>.
    /// </summary>
    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    private Expression Struct(Type type, string path, int depth, Direction direction, Expression[] arguments, Func<Expression> expand)
    {
        CheckStruct(type, path, depth);
        return IsCalled(type, path, depth) ? Expression.Invoke(Expression.Constant(Functor(type, direction)), arguments) : expand();
    }

    /// <summary>
    /// True when a struct of <paramref name="type"/> is handled by its own functor (<see cref="MaxInlineNodes"/>); refuses
    /// it first when its nesting from here passes <see cref="MaxStructNesting"/>, as the expansion would have.
    /// </summary>
    private bool IsCalled(Type type, string path, int depth)
    {
        if (InlineNodes(type) <= MaxInlineNodes)
        {
            return false;
        }
        if (depth + Deepest(type) > MaxStructNesting)
        {
            SlimThrow.Unsupported(path, $"structs nested more than {MaxStructNesting} levels deep");
        }
        return true;
    }

    /// <summary>
    /// The functor that writes, reads or clones one <paramref name="type"/> value (its fields expanded in place, larger
    /// struct fields calling their own functors), compiled once per type and direction.
    /// </summary>
    [RequiresDynamicCode("Compiles a functor for a delegate type made for the struct.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    private Delegate Functor(Type type, Direction direction)
    {
        if (_functors[(int)direction].TryGetValue(type, out Delegate? functor))
        {
            return functor;
        }
        string path = GraphPath.Readable(type);
        LambdaExpression lambda;
        switch (direction)
        {
            case Direction.Write:
            {
                ParameterExpression writer = Expression.Parameter(typeof(SlimWriter), "writer");
                ParameterExpression value = Expression.Parameter(type, "value");
                ParameterExpression session = Expression.Parameter(typeof(WriteSession), "session");
                lambda = Expression.Lambda(typeof(Action<,,>).MakeGenericType(typeof(SlimWriter), type, typeof(WriteSession)),
                    ExpandWrite(type, writer, value, session, path, 0), $"Write_{type.Name}", [writer, value, session]);
                break;
            }
            case Direction.Read:
            {
                ParameterExpression reader = Expression.Parameter(typeof(SlimReader), "reader");
                ParameterExpression session = Expression.Parameter(typeof(ReadSession), "session");
                lambda = Expression.Lambda(typeof(Func<,,>).MakeGenericType(typeof(SlimReader), typeof(ReadSession), type),
                    ExpandRead(type, reader, session, path, 0), $"Read_{type.Name}", [reader, session]);
                break;
            }
            default:
            {
                ParameterExpression value = Expression.Parameter(type, "value");
                ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
                lambda = Expression.Lambda(typeof(Func<,,>).MakeGenericType(type, typeof(CloneSession), type),
                    ExpandClone(type, value, session, path, 0), $"Clone_{type.Name}", [value, session]);
                break;
            }
        }
        CodegenBudget.Charge(CodegenBudget.PerFunctor);
        return _functors[(int)direction].GetOrAdd(type, lambda.Compile());
    }

    /// <summary>The codec cache the expressions resolve slots and codecs in.</summary>
    public CodecCache Codecs => _codecs;

    /// <summary>True when values of <paramref name="type"/> are written and read inline (see <see cref="InlineNative"/>).</summary>
    public bool IsInlineNative(Type type)
    {
        // An array of the default format's table whose codec is not made yet: the cache would make the array's NativeCodec
        // unless a user serializer takes the type (the core library's arrays pass every check before), so the answer
        // needs neither the codec nor the table's row, which a generated body writing the array in place never asks for
        // (making them was a third of the IL a fresh process compiled at its second type's first call).
        if (type.IsSZArray && ReferenceEquals(_format, StreamerFormat.Default) && _format.IsNative(type) && !_codecs.TryGetBuilt(type, out _))
        {
            return _codecs.SerializerFor(type) is null;
        }
        return InlineNative(type) is not null;
    }

    /// <summary>The format's row of <paramref name="type"/> when the format writes it natively, else null.</summary>
    public NativeTypeCodec? NativeRow(Type type) => _format.TryGetCodec(type, out NativeTypeCodec? row) ? row : null;

    /// <summary>
    /// The wire codec of a reference type the generated code may write and read inline: a sealed native type (string,
    /// primitive arrays) that no user serializer replaces. Its values still enter the reference pool, so shared
    /// strings and arrays keep their identity; only the per-value dispatch through the codec is skipped.
    /// </summary>
    private NativeTypeCodec? InlineNative(Type type) =>
        type.IsSealed && _format.TryGetCodec(type, out NativeTypeCodec? native) && IsNativeCodec(_codecs.Get(type)) ? native : null;

    // The cache's codec of a type is that type's: NativeCodec<type> whenever it is a NativeCodec at all (no generic type
    // is made to compare with, which a native app cannot do).
    private static bool IsNativeCodec(SlimCodec codec) =>
        codec.GetType().IsConstructedGenericType && codec.GetType().GetGenericTypeDefinition() == typeof(NativeCodec<>);

    /// <summary><c>nullable.HasValue</c>.</summary>
    [RequiresUnreferencedCode("Finds the nullable type's property by name.")]
    private static Expression HasValue(Expression nullable) => Expression.Property(nullable, nameof(Nullable<int>.HasValue));

    /// <summary><c>nullable.GetValueOrDefault()</c>: the value, read after <see cref="HasValue"/> with no second check.</summary>
    [RequiresUnreferencedCode("Finds the nullable type's method by name.")]
    private static Expression ValueOf(Expression nullable) =>
        Expression.Call(nullable, nullable.Type.GetMethod(nameof(Nullable<int>.GetValueOrDefault), Type.EmptyTypes)!);
}
