using System.Collections.Concurrent;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
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
internal sealed class ValueExpressions
{
    private const int MaxStructNesting = 32;
    // A run reserves its most bytes up front: bounded, so a wide struct cannot make a small message grow its buffer.
    private const int MaxRunBytes = 256;

    private static readonly MethodInfo s_writeReference = typeof(WriteSession).GetMethod(nameof(WriteSession.WriteReference))!;
    private static readonly MethodInfo s_readReference = typeof(ReadSession).GetMethod(nameof(ReadSession.ReadReference))!;
    private static readonly MethodInfo s_cloneReference = typeof(CloneSession).GetMethod(nameof(CloneSession.CloneReference), [typeof(object), typeof(ReferenceSlot)])!;
    private static readonly MethodInfo s_tryWriteBackReference = typeof(WriteSession).GetMethod(nameof(WriteSession.TryWriteBackReference))!;
    private static readonly MethodInfo s_readReferenceAfterHandle =
        typeof(ReadSession).GetMethod(nameof(ReadSession.ReadReferenceAfterHandle))!;
    private static readonly MethodInfo s_beginInline = typeof(ReadSession).GetMethod(nameof(ReadSession.BeginInline))!;
    private static readonly MethodInfo s_endInline = typeof(ReadSession).GetMethod(nameof(ReadSession.EndInline))!;
    private static readonly MethodInfo s_writeByte = typeof(SlimWriter).GetMethod(nameof(SlimWriter.WriteByte))!;
    private static readonly MethodInfo s_writeString = typeof(SlimWriter).GetMethod(nameof(SlimWriter.WriteString))!;
    private static readonly MethodInfo s_writeTaggedString = typeof(SlimWriter).GetMethod(nameof(SlimWriter.WriteTaggedString), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly MethodInfo s_readVarUInt32 = typeof(SlimReader).GetMethod(nameof(SlimReader.ReadVarUInt32))!;
    private static readonly PropertyInfo s_readerPosition = typeof(SlimReader).GetProperty(nameof(SlimReader.Position))!;
    private static readonly MethodInfo s_writeBoolean = typeof(SlimWriter).GetMethod(nameof(SlimWriter.WriteBoolean))!;
    private static readonly MethodInfo s_readBoolean = typeof(SlimReader).GetMethod(nameof(SlimReader.ReadBoolean))!;
    private static readonly MethodInfo s_beginRun = typeof(SlimWriter).GetMethod(nameof(SlimWriter.BeginRun), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly PropertyInfo s_runBuffer = typeof(SlimWriter).GetProperty(nameof(SlimWriter.RunBuffer), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly MethodInfo s_endRun = typeof(SlimWriter).GetMethod(nameof(SlimWriter.EndRun), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly MethodInfo s_runBoolean = typeof(RunWrites).GetMethod(nameof(RunWrites.Boolean))!;
    private static readonly MethodInfo s_tryBeginRun = typeof(SlimReader).GetMethod(nameof(SlimReader.TryBeginRun), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly PropertyInfo s_readRunBuffer = typeof(SlimReader).GetProperty(nameof(SlimReader.RunBuffer), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly MethodInfo s_endReadRun = typeof(SlimReader).GetMethod(nameof(SlimReader.EndRun), BindingFlags.NonPublic | BindingFlags.Instance)!;
    private static readonly MethodInfo s_runReadBoolean = typeof(RunReads).GetMethod(nameof(RunReads.Boolean))!;
    private static readonly MethodInfo s_runReadPresence = typeof(RunReads).GetMethod(nameof(RunReads.Presence))!;
    private static readonly MethodInfo s_checkDelegate = typeof(ValueExpressions).GetMethod(nameof(CheckNoDelegate), BindingFlags.NonPublic | BindingFlags.Static)!;

    private readonly CodecCache _codecs;
    private readonly StreamerFormat _format;

    public ValueExpressions(CodecCache codecs, StreamerFormat format)
    {
        _codecs = codecs;
        _format = format;
    }

    /// <summary>
    /// The most expression nodes a struct is expanded in place with; a larger one (wide, or nested from shared parts such
    /// as <c>KeyValuePair&lt;K, K&gt;</c> over <c>KeyValuePair&lt;J, J&gt;</c>, whose expansion doubles per level) is read,
    /// written and cloned by a functor of its own, compiled once per type and called where the struct appears, so the
    /// generated code grows with the number of distinct struct types, never with the number of paths to them.
    /// </summary>
    internal const int MaxInlineNodes = 64;

    private enum Direction { Write, Read, Clone }

    private readonly ConcurrentDictionary<Type, long> _minWire = new();
    private readonly ConcurrentDictionary<(Type, bool), int> _runBytes = new();
    private readonly ConcurrentDictionary<Type, int> _inlineNodes = new();
    private readonly ConcurrentDictionary<Type, int> _deepest = new();
    private readonly ConcurrentDictionary<(Type, Direction), Delegate> _functors = new();

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
    private Delegate Functor(Type type, Direction direction)
    {
        if (_functors.TryGetValue((type, direction), out Delegate? functor))
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
        return _functors.GetOrAdd((type, direction), lambda.Compile());
    }

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
        depth > MaxStructNesting ? 1 : _minWire.TryGetValue(type, out long size) ? size : _minWire.GetOrAdd(type, MinWireUncached(type, depth));

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

    public Expression Write(Type type, Expression writer, Expression value, Expression session, string path, int depth = 0)
    {
        CodegenBudget.Charge(1);
        if (!type.IsValueType)
        {
            Expression boxed = value.Type == typeof(object) ? value : Expression.Convert(value, typeof(object));
            ConstantExpression slot = Expression.Constant(_codecs.SlotFor(type, path));
            if (typeof(Delegate).IsAssignableFrom(type))
            {
                // A delegate field is fine while it is null (an event nobody subscribed to); a live one is refused.
                return Expression.Block(
                    Expression.Call(s_checkDelegate, boxed, Expression.Constant(path)),
                    Expression.Call(session, s_writeReference, Expression.Constant(null, typeof(object)), slot));
            }
            if (InlineNative(type) is { } inline)
            {
                return WriteInline(type, inline, writer, value, session, slot);
            }
            return Expression.Call(session, s_writeReference, boxed, slot);
        }
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return native.Write(writer, value);
        }
        if (type.IsEnum)
        {
            Type underlying = Enum.GetUnderlyingType(type);
            return Write(underlying, writer, Expression.Convert(value, underlying), session, path, depth);
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            ParameterExpression local = Expression.Variable(type, "nullable");
            return Expression.Block([local],
                Expression.Assign(local, value),
                Expression.Call(writer, s_writeBoolean, Expression.Property(local, "HasValue")),
                Expression.IfThen(Expression.Property(local, "HasValue"),
                    Write(inner, writer, Expression.Call(local, type.GetMethod("GetValueOrDefault", Type.EmptyTypes)!), session, path, depth + 1)));
        }
        CheckStruct(type, path, depth);
        if (IsCalled(type, path, depth))
        {
            return Expression.Invoke(Expression.Constant(Functor(type, Direction.Write)), writer, value, session);
        }
        return ExpandWrite(type, writer, value, session, path, depth);
    }

    private Expression ExpandWrite(Type type, Expression writer, Expression value, Expression session, string path, int depth)
    {
        ParameterExpression copy = Expression.Variable(type, "value");
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Expression.Block([copy], Expression.Assign(copy, value),
                repeated.ForEach(i => Write(repeated.Element, writer, repeated.Get(copy, i), session, path + "[]", depth + 1)));
        }
        FieldInfo[] fields = FieldLayout.Of(type);
        foreach (FieldInfo field in fields)
        {
            CheckField(field, path);
        }
        return Expression.Block([copy], Expression.Assign(copy, value),
            WriteFields(copy, fields, writer, session, field => path + "." + field.Name, depth + 1));
    }

    /// <summary>
    /// Writes <paramref name="owner"/>'s <paramref name="fields"/> in layout order. Consecutive fields whose encodings are
    /// built-in and bounded (numbers, dates, Guids, their nullables and enums, structs of them) form a run: one capacity
    /// check for the run, the position kept in a local while its fields are written, stored once at its end - the same
    /// bytes as writing them one by one.
    /// </summary>
    public Expression WriteFields(Expression owner, IReadOnlyList<FieldInfo> fields, Expression writer, Expression session,
        Func<FieldInfo, string> pathOf, int depth)
    {
        var body = new List<Expression>();
        foreach ((List<FieldInfo> run, int runBytes) in Runs(fields, depth, reading: false))
        {
            if (run.Count == 1)
            {
                body.Add(Write(run[0].FieldType, writer, Expression.Field(owner, run[0]), session, pathOf(run[0]), depth));
                continue;
            }
            ParameterExpression buffer = Expression.Variable(typeof(byte[]), "runBuffer");
            ParameterExpression pos = Expression.Variable(typeof(int), "runPos");
            var writes = new List<Expression>
            {
                Expression.Assign(pos, Expression.Call(writer, s_beginRun, Expression.Constant(runBytes))),
                Expression.Assign(buffer, Expression.Property(writer, s_runBuffer)),
            };
            foreach (FieldInfo field in run)
            {
                writes.Add(RunWrite(field.FieldType, buffer, pos, Expression.Field(owner, field), depth));
            }
            writes.Add(Expression.Call(writer, s_endRun, pos));
            body.Add(Expression.Block([buffer, pos], writes));
        }
        body.Add(Expression.Empty());
        return Expression.Block(body);
    }

    /// <summary>
    /// <paramref name="fields"/> in layout order, cut into runs: consecutive fields <see cref="RunBytes"/> accepts, at most
    /// <see cref="MaxRunBytes"/> together, with their most bytes; every other field (and a run of one) stands alone.
    /// Writing and reading cut the same way except where a type has a run writer but no run reader: the bytes are the same.
    /// </summary>
    private List<(List<FieldInfo> Fields, int Bytes)> Runs(IReadOnlyList<FieldInfo> fields, int depth, bool reading)
    {
        var runs = new List<(List<FieldInfo> Fields, int Bytes)>();
        List<FieldInfo>? run = null;
        int runBytes = 0;
        foreach (FieldInfo field in fields)
        {
            int bytes = RunBytes(field.FieldType, depth, reading);
            if (run is not null && (bytes == 0 || runBytes + bytes > MaxRunBytes))
            {
                runs.Add((run, runBytes));
                run = null;
            }
            if (bytes == 0)
            {
                runs.Add(([field], 0));
                continue;
            }
            run ??= [];
            run.Add(field);
            runBytes = run.Count == 1 ? bytes : runBytes + bytes;
        }
        if (run is not null)
        {
            runs.Add((run, runBytes));
        }
        return runs;
    }

    /// <summary>
    /// The most bytes a value of <paramref name="type"/> takes when every part of it has a run writer
    /// (<see cref="NativeTypeCodec.RunWriteMethod"/>) - and, <paramref name="reading"/>, a run reader; 0 when some part has
    /// none, or when the general path would refuse the type (so its error stays the general path's).
    /// </summary>
    private int RunBytes(Type type, int depth, bool reading)
    {
        if (!type.IsValueType || depth + Deepest(type) + 1 > MaxStructNesting)
        {
            return 0; // the general path refuses it (or it is a reference): never a run
        }
        var key = (type, reading);
        return _runBytes.TryGetValue(key, out int bytes) ? bytes : _runBytes.GetOrAdd(key, RunBytesUncached(type, depth, reading));
    }

    private int RunBytesUncached(Type type, int depth, bool reading)
    {
        if (!type.IsValueType || type.IsByRefLike || type == typeof(IntPtr) || type == typeof(UIntPtr) || depth > MaxStructNesting)
        {
            return 0;
        }
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return reading && native.RunReadMethod is null ? 0 : native.RunMaxBytes;
        }
        if (type.IsEnum)
        {
            return RunBytes(Enum.GetUnderlyingType(type), depth, reading);
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            int innerBytes = RunBytes(inner, depth + 1, reading);
            return innerBytes == 0 ? 0 : 1 + innerBytes;
        }
        if (RepeatedElements.Of(type) is not null || type.IsDefined(typeof(SlimNotSerializableAttribute), inherit: false))
        {
            return 0;
        }
        int sum = 0;
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            int bytes = RunBytes(field.FieldType, depth + 1, reading);
            if (bytes == 0)
            {
                return 0;
            }
            sum += bytes;
        }
        return Math.Min(sum, MaxRunBytes + 1); // past the bound it is not a run field anyway
    }

    /// <summary><c>pos = runWrite(buffer, pos, value)</c> for a type <see cref="RunBytes"/> accepted, as <see cref="Write"/> would write it.</summary>
    private Expression RunWrite(Type type, ParameterExpression buffer, ParameterExpression pos, Expression value, int depth)
    {
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return native.RunNullable
                ? RunWriteNullable(type, buffer, pos, value, inner => Expression.Assign(pos, Expression.Call(native.RunWriteMethod!, buffer, pos, inner)))
                : Expression.Assign(pos, Expression.Call(native.RunWriteMethod!, buffer, pos, value));
        }
        if (type.IsEnum)
        {
            Type underlying = Enum.GetUnderlyingType(type);
            return RunWrite(underlying, buffer, pos, Expression.Convert(value, underlying), depth);
        }
        if (Nullable.GetUnderlyingType(type) is { } innerType)
        {
            return RunWriteNullable(type, buffer, pos, value, inner => RunWrite(innerType, buffer, pos, inner, depth + 1));
        }
        ParameterExpression local = Expression.Variable(type, "value");
        var body = new List<Expression> { Expression.Assign(local, value) };
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            body.Add(RunWrite(field.FieldType, buffer, pos, Expression.Field(local, field), depth + 1));
        }
        body.Add(Expression.Empty());
        return Expression.Block([local], body);
    }

    /// <summary>A nullable in a run: the presence byte, then, when there is a value, <paramref name="writeValue"/>'s write of it.</summary>
    private static Expression RunWriteNullable(Type type, ParameterExpression buffer, ParameterExpression pos, Expression value,
        Func<Expression, Expression> writeValue)
    {
        ParameterExpression nullable = Expression.Variable(type, "nullable");
        return Expression.Block([nullable],
            Expression.Assign(nullable, value),
            Expression.Assign(pos, Expression.Call(s_runBoolean, buffer, pos, Expression.Property(nullable, "HasValue"))),
            Expression.IfThen(Expression.Property(nullable, "HasValue"),
                writeValue(Expression.Call(nullable, type.GetMethod("GetValueOrDefault", Type.EmptyTypes)!))));
    }

    public Expression Read(Type type, Expression reader, Expression session, string path, int depth = 0)
    {
        CodegenBudget.Charge(1);
        if (!type.IsValueType)
        {
            // A delegate slot can only come back null: the deny-list refuses every delegate type a payload could name.
            ReferenceSlot slot = _codecs.SlotFor(type, path);
            if (InlineNative(type) is { } inline && slot.IsInstantiable && slot.DeniedReason is null)
            {
                return ReadInline(type, inline, reader, session, slot);
            }
            return Expression.Convert(Expression.Call(session, s_readReference, Expression.Constant(slot)), type);
        }
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return native.Read(reader);
        }
        if (type.IsEnum)
        {
            return Expression.Convert(Read(Enum.GetUnderlyingType(type), reader, session, path, depth), type);
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            return Expression.Condition(Expression.Call(reader, s_readBoolean),
                Expression.Convert(Read(inner, reader, session, path, depth + 1), type),
                Expression.Default(type));
        }
        CheckStruct(type, path, depth);
        if (IsCalled(type, path, depth))
        {
            return Expression.Invoke(Expression.Constant(Functor(type, Direction.Read)), reader, session);
        }
        return ExpandRead(type, reader, session, path, depth);
    }

    private Expression ExpandRead(Type type, Expression reader, Expression session, string path, int depth)
    {
        ParameterExpression result = Expression.Variable(type, "value");
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Expression.Block([result], Expression.Assign(result, Expression.Default(type)),
                repeated.ForEach(i => repeated.Set(result, i, Read(repeated.Element, reader, session, path + "[]", depth + 1))),
                result);
        }
        return Expression.Block([result],
            Expression.Assign(result, Expression.Default(type)),
            ReadFields(result, FieldLayout.Of(type), reader, session, field => path + "." + field.Name, depth + 1),
            result);
    }

    /// <summary>
    /// Reads <paramref name="owner"/>'s <paramref name="fields"/> in layout order: the runs <see cref="WriteFields"/>
    /// wrote are read with the position in a local when the run's most bytes are buffered (the checks stay: see
    /// <see cref="RunReads"/>), and field by field otherwise (near the end of the input, or from a stream).
    /// </summary>
    public Expression ReadFields(Expression owner, IReadOnlyList<FieldInfo> fields, Expression reader, Expression session,
        Func<FieldInfo, string> pathOf, int depth)
    {
        var body = new List<Expression>();
        foreach ((List<FieldInfo> run, int runBytes) in Runs(fields, depth, reading: true))
        {
            if (run.Count == 1)
            {
                body.Add(FieldSetters.Assign(owner, run[0], Read(run[0].FieldType, reader, session, pathOf(run[0]), depth)));
                continue;
            }
            ParameterExpression buffer = Expression.Variable(typeof(byte[]), "runBuffer");
            ParameterExpression pos = Expression.Variable(typeof(int), "runPos");
            var fast = new List<Expression> { Expression.Assign(buffer, Expression.Property(reader, s_readRunBuffer)) };
            var slow = new List<Expression>();
            foreach (FieldInfo field in run)
            {
                fast.Add(FieldSetters.Assign(owner, field, RunRead(field.FieldType, reader, buffer, pos, depth)));
                slow.Add(FieldSetters.Assign(owner, field, Read(field.FieldType, reader, session, pathOf(field), depth)));
            }
            fast.Add(Expression.Call(reader, s_endReadRun, pos));
            body.Add(Expression.Block([buffer, pos],
                Expression.Assign(pos, Expression.Call(reader, s_tryBeginRun, Expression.Constant(runBytes))),
                Expression.IfThenElse(Expression.GreaterThanOrEqual(pos, Expression.Constant(0)), Expression.Block(fast), Expression.Block(slow))));
        }
        body.Add(Expression.Empty());
        return Expression.Block(body);
    }

    /// <summary>A value of a type <see cref="RunBytes"/> accepted, read inside a run as <see cref="Read"/> would read it.</summary>
    private Expression RunRead(Type type, Expression reader, ParameterExpression buffer, ParameterExpression pos, int depth)
    {
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            Expression value = Expression.Call(native.RunReadMethod!, reader, buffer, pos);
            if (!native.RunNullable)
            {
                return value;
            }
            Type inner = Nullable.GetUnderlyingType(type)!;
            return Expression.Condition(Expression.Call(s_runReadPresence, reader, buffer, pos, Expression.Constant(inner.Name)),
                Expression.Convert(value, type), Expression.Default(type));
        }
        if (type.IsEnum)
        {
            return Expression.Convert(RunRead(Enum.GetUnderlyingType(type), reader, buffer, pos, depth), type);
        }
        if (Nullable.GetUnderlyingType(type) is { } innerType)
        {
            return Expression.Condition(Expression.Call(s_runReadBoolean, reader, buffer, pos),
                Expression.Convert(RunRead(innerType, reader, buffer, pos, depth + 1), type), Expression.Default(type));
        }
        ParameterExpression result = Expression.Variable(type, "value");
        var body = new List<Expression> { Expression.Assign(result, Expression.Default(type)) };
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            body.Add(FieldSetters.Assign(result, field, RunRead(field.FieldType, reader, buffer, pos, depth + 1)));
        }
        body.Add(result);
        return Expression.Block([result], body);
    }

    public Expression Clone(Type type, Expression value, Expression session, string path, int depth = 0)
    {
        CodegenBudget.Charge(1);
        if (!type.IsValueType)
        {
            if (typeof(Delegate).IsAssignableFrom(type))
            {
                Expression boxed = Expression.Convert(value, typeof(object));
                return Expression.Block(Expression.Call(s_checkDelegate, boxed, Expression.Constant(path)), Expression.Default(type));
            }
            if (type == typeof(string))
            {
                return value; // strings are immutable: a clone shares them
            }
            return Expression.Convert(
                Expression.Call(session, s_cloneReference, Expression.Convert(value, typeof(object)), Expression.Constant(_codecs.SlotFor(type, path))),
                type);
        }
        if (IsPlainData(type) || _format.IsNative(type))
        {
            return value;
        }
        if (Nullable.GetUnderlyingType(type) is { } inner)
        {
            ParameterExpression local = Expression.Variable(type, "nullable");
            return Expression.Block([local],
                Expression.Assign(local, value),
                Expression.Condition(Expression.Property(local, "HasValue"),
                    Expression.Convert(Clone(inner, Expression.Call(local, type.GetMethod("GetValueOrDefault", Type.EmptyTypes)!), session, path, depth + 1), type),
                    Expression.Default(type)));
        }
        CheckStruct(type, path, depth);
        if (IsCalled(type, path, depth))
        {
            return Expression.Invoke(Expression.Constant(Functor(type, Direction.Clone)), value, session);
        }
        return ExpandClone(type, value, session, path, depth);
    }

    private Expression ExpandClone(Type type, Expression value, Expression session, string path, int depth)
    {
        ParameterExpression result = Expression.Variable(type, "value");
        if (RepeatedElements.Of(type) is { } repeated)
        {
            return Expression.Block([result], Expression.Assign(result, value),
                repeated.ForEach(i => repeated.Set(result, i, Clone(repeated.Element, repeated.Get(result, i), session, path + "[]", depth + 1))),
                result);
        }
        var body = new List<Expression> { Expression.Assign(result, value) };
        foreach (FieldInfo field in FieldLayout.Of(type))
        {
            if (!IsPlainData(field.FieldType))
            {
                body.Add(FieldSetters.Assign(result, field, Clone(field.FieldType, Expression.Field(result, field), session, path + "." + field.Name, depth + 1)));
            }
        }
        body.Add(result);
        return Expression.Block([result], body);
    }

    /// <summary>
    /// The wire codec of a reference type the generated code may write and read inline: a sealed native type (string,
    /// primitive arrays) that no user serializer replaces. Its values still enter the reference pool, so shared
    /// strings and arrays keep their identity; only the per-value dispatch through the codec is skipped.
    /// </summary>
    private NativeTypeCodec? InlineNative(Type type) =>
        type.IsSealed && _format.TryGetCodec(type, out NativeTypeCodec? native) && _codecs.Get(type).GetType() == typeof(NativeCodec<>).MakeGenericType(type) ? native : null;

    /// <summary>
    /// <c>if (v == null) Null; else if (!backReference(v)) { NewOfDeclaredType; write(v); }</c>: the bytes of
    /// <see cref="WriteSession.WriteReference"/>. An array slot can hold an array of another element type the runtime
    /// treats as compatible (an int[] field holding a uint[]): that goes the general way, with its type.
    /// </summary>
    private static Expression WriteInline(Type type, NativeTypeCodec native, Expression writer, Expression value, Expression session, Expression slot)
    {
        ParameterExpression local = Expression.Variable(type, "reference");
        ConstantExpression newOfDeclaredType = Expression.Constant((byte)WireHandle.NewOfDeclaredType);
        // The wire's own string writer takes the handle with the string (one room check for both); the same bytes.
        Expression writeNew = native.WriteMethod == s_writeString
            ? Expression.Call(writer, s_writeTaggedString, newOfDeclaredType, local)
            : Expression.Block(Expression.Call(writer, s_writeByte, newOfDeclaredType), native.Write(writer, local));
        Expression announce = Expression.IfThen(Expression.Not(Expression.Call(session, s_tryWriteBackReference, local)), writeNew);
        if (type.IsArray)
        {
            announce = Expression.IfThenElse(Expression.TypeEqual(local, type), announce,
                Expression.Call(session, s_writeReference, Expression.Convert(local, typeof(object)), slot));
        }
        return Expression.Block([local],
            Expression.Assign(local, value),
            Expression.IfThenElse(Expression.ReferenceEqual(local, Expression.Constant(null, type)),
                Expression.Call(writer, s_writeByte, Expression.Constant((byte)WireHandle.Null)),
                announce));
    }

    /// <summary>
    /// <c>h = handle; h == NewOfDeclaredType ? pool(read()) : session.ReadReference(h, slot)</c>: the value of the
    /// declared type is read in place; every other handle (null, back-reference, a value with its type) and every
    /// check (pool bounds, slot type, MaxObjects, a null value announced as new) is the general path's.
    /// </summary>
    private static Expression ReadInline(Type type, NativeTypeCodec native, Expression reader, Expression session, ReferenceSlot slot)
    {
        ParameterExpression offset = Expression.Variable(typeof(long), "offset");
        ParameterExpression handle = Expression.Variable(typeof(uint), "handle");
        return Expression.Block(type, [offset, handle],
            Expression.Assign(offset, Expression.Property(reader, s_readerPosition)),
            Expression.Assign(handle, Expression.Call(reader, s_readVarUInt32)),
            Expression.Condition(Expression.Equal(handle, Expression.Constant(WireHandle.NewOfDeclaredType)),
                Expression.Block(
                    Expression.Call(session, s_beginInline, offset),
                    Expression.Convert(Expression.Call(session, s_endInline, Expression.Convert(native.Read(reader), typeof(object)), Expression.Constant(type)), type)),
                Expression.Convert(Expression.Call(session, s_readReferenceAfterHandle, handle, Expression.Constant(slot), offset), type)));
    }

    /// <summary>Refuses fields no format can carry, naming the field.</summary>
    public static void CheckField(FieldInfo field, string path)
    {
        Type type = field.FieldType;
        if (type.IsPointer || type.IsFunctionPointer || type == typeof(IntPtr) || type == typeof(UIntPtr))
        {
            SlimThrow.Unsupported(path + "." + field.Name, "pointers and native handles cannot be serialized");
        }
        if (type.IsByRefLike)
        {
            SlimThrow.Unsupported(path + "." + field.Name, "ref structs cannot be serialized");
        }
    }

    private static void CheckStruct(Type type, string path, int depth)
    {
        if (depth > MaxStructNesting)
        {
            SlimThrow.Unsupported(path, $"structs nested more than {MaxStructNesting} levels deep");
        }
        if (type.IsByRefLike)
        {
            SlimThrow.Unsupported(path, "ref structs cannot be serialized");
        }
        if (type.IsDefined(typeof(SlimNotSerializableAttribute), inherit: false))
        {
            SlimThrow.Unsupported(path, $"type '{type.Name}' is marked [SlimNotSerializable]");
        }
    }

    private static void CheckNoDelegate(object? value, string path)
    {
        if (value is not null)
        {
            SlimThrow.Unsupported(path, CodecCache.DelegateAdvice);
        }
    }

    private static bool RuntimeHelpersIsReferenceOrContainsReferences(Type type) =>
        (bool)typeof(RuntimeHelpers).GetMethod(nameof(RuntimeHelpers.IsReferenceOrContainsReferences))!
            .MakeGenericMethod(type).Invoke(null, null)!;
}
