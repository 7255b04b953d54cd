using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using NFX.IO;

namespace NFX.Slim.CodeGen;

// Field runs: consecutive fixed-size fields written with one capacity check and read with one bytes-left check, the
// position in a local (UnsafeRunWrites, UnsafeRunReads), with the bytes and checks of writing and reading them one by one.
internal sealed partial class ValueExpressions
{
    // A run reserves its most bytes up front: bounded, so a wide struct cannot make a small message grow its buffer.
    private const int MaxRunBytes = 256;

    private static readonly MethodInfo s_beginRun = MemberOf.Method((SlimWriter w) => w.BeginRun(0));
    private static readonly PropertyInfo s_runBuffer = MemberOf.Property((SlimWriter w) => w.RunBuffer);
    private static readonly MethodInfo s_endRun = MemberOf.Method((SlimWriter w) => w.EndRun(0));
    private static readonly MethodInfo s_runBoolean = ((RunWriter<bool>)UnsafeRunWrites.Boolean).Method;
    private static readonly MethodInfo s_tryBeginRun = MemberOf.Method((SlimReader r) => r.TryBeginRun(0));
    private static readonly PropertyInfo s_readRunBuffer = MemberOf.Property((SlimReader r) => r.RunBuffer);
    private static readonly MethodInfo s_endReadRun = MemberOf.Method((SlimReader r) => r.EndRun(0));
    private static readonly MethodInfo s_runReadBoolean = ((RunReader<bool>)UnsafeRunReads.Boolean).Method;
    private static readonly MethodInfo s_runReadPresence = ((PresenceReader)UnsafeRunReads.Presence).Method;

    private delegate bool PresenceReader(SlimReader reader, byte[] buffer, ref int pos, string what);

    // Writing and reading apart, keyed by the type alone (reference keys: no ConcurrentDictionary instantiation of its own to compile).
    private readonly ConcurrentDictionary<Type, int> _writeRunBytes = new();
    private readonly ConcurrentDictionary<Type, int> _readRunBytes = new();

    /// <summary>
    /// Writes <paramref name="owner"/>'s <paramref name="fields"/> in layout order. Consecutive fields whose encodings are
    /// built-in and bounded (numbers, dates, Guids, their nullables and enums, structs of them) form a run: one capacity
    /// check for the run, the position kept in a local while its fields are written, stored once at its end - the same
    /// bytes as writing them one by one.
    /// </summary>
    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
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
        ConcurrentDictionary<Type, int> known = reading ? _readRunBytes : _writeRunBytes;
        return known.TryGetValue(type, out int bytes) ? bytes : known.GetOrAdd(type, RunBytesUncached(type, depth, reading));
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
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
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
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    private static Expression RunWriteNullable(Type type, ParameterExpression buffer, ParameterExpression pos, Expression value,
        Func<Expression, Expression> writeValue)
    {
        ParameterExpression nullable = Expression.Variable(type, "nullable");
        return Expression.Block([nullable],
            Expression.Assign(nullable, value),
            Expression.Assign(pos, Expression.Call(s_runBoolean, buffer, pos, HasValue(nullable))),
            Expression.IfThen(HasValue(nullable),
                writeValue(ValueOf(nullable))));
    }

    /// <summary>
    /// Reads <paramref name="owner"/>'s <paramref name="fields"/> in layout order: the runs <see cref="WriteFields"/>
    /// wrote are read with the position in a local when the run's most bytes are buffered (the checks stay: see
    /// <see cref="UnsafeRunReads"/>), and field by field otherwise (near the end of the input, or from a stream).
    /// </summary>
    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
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
    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
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
}
