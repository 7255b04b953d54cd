using System.Linq.Expressions;
using System.Reflection;

namespace NFX.IO;

/// <summary>
/// How one native type is written and read by the wire layer: a pair of methods, either instance methods of
/// <see cref="SlimWriter"/>/<see cref="SlimReader"/> (<c>WriteInt32(int)</c>, <c>ReadInt32()</c>) or static methods
/// of a <see cref="StreamerFormat"/> subclass (<c>static void WriteMoney(SlimWriter, Money)</c>,
/// <c>static Money ReadMoney(SlimReader)</c>). Code generators call them directly, so there is no reflection per value.
/// </summary>
public sealed class NativeTypeCodec
{
    private Delegate? _writeDelegate;
    private Delegate? _readDelegate;

    internal NativeTypeCodec(Type type, MethodInfo writeMethod, MethodInfo readMethod)
    {
        Type = type;
        WriteMethod = writeMethod;
        ReadMethod = readMethod;
        if (RunWrites.TryFind(writeMethod, out MethodInfo runWrite, out int maxBytes))
        {
            RunWriteMethod = runWrite;
            RunMaxBytes = maxBytes;
            RunReadMethod = RunReads.TryFind(readMethod, out MethodInfo runRead) ? runRead : null;
        }
        else if (Nullable.GetUnderlyingType(type) is { } inner && writeMethod.DeclaringType == typeof(SlimWriter) &&
            writeMethod.Name == "WriteNullable" + inner.Name && readMethod.DeclaringType == typeof(SlimReader) &&
            typeof(SlimWriter).GetMethod("Write" + inner.Name, [inner]) is { } innerWrite &&
            RunWrites.TryFind(innerWrite, out runWrite, out maxBytes))
        {
            // The built-in nullables are a presence byte, then the built-in encoding of the value.
            RunNullable = true;
            RunWriteMethod = runWrite;
            RunMaxBytes = 1 + maxBytes;
            RunReadMethod = typeof(SlimReader).GetMethod("Read" + inner.Name, Type.EmptyTypes) is { } innerRead &&
                RunReads.TryFind(innerRead, out MethodInfo runRead) ? runRead : null;
        }
    }

    /// <summary>The native type.</summary>
    public Type Type { get; }

    /// <summary>The method that writes a value: instance <c>(T)</c> on SlimWriter, or static <c>(SlimWriter, T)</c>.</summary>
    public MethodInfo WriteMethod { get; }

    /// <summary>The method that reads a value: instance <c>()</c> on SlimReader, or static <c>(SlimReader)</c>.</summary>
    public MethodInfo ReadMethod { get; }

    /// <summary>
    /// For a built-in fixed-size encoding: the static <c>int (byte[] buffer, int pos, T value)</c> that writes the same
    /// bytes as <see cref="WriteMethod"/> inside a run reserved with <c>SlimWriter.BeginRun</c>; null otherwise.
    /// </summary>
    internal MethodInfo? RunWriteMethod { get; }

    /// <summary>
    /// The static <c>T (SlimReader reader, byte[] buffer, ref int pos)</c> that reads what <see cref="RunWriteMethod"/>
    /// writes, with the checks of <see cref="ReadMethod"/>; null when there is none (a field of this type then ends a read run).
    /// </summary>
    internal MethodInfo? RunReadMethod { get; }

    /// <summary>The most bytes a value takes in a run (0 when there is no <see cref="RunWriteMethod"/>).</summary>
    internal int RunMaxBytes { get; }

    /// <summary>
    /// True for a built-in <c>Nullable&lt;T&gt;</c> encoding: a presence byte (0 or 1), then, when there is a value,
    /// <see cref="RunWriteMethod"/> / <see cref="RunReadMethod"/> (those of T).
    /// </summary>
    internal bool RunNullable { get; }

    /// <summary>An expression that writes <paramref name="value"/> with <paramref name="writer"/>.</summary>
    public Expression Write(Expression writer, Expression value) =>
        WriteMethod.IsStatic ? Expression.Call(WriteMethod, writer, value) : Expression.Call(writer, WriteMethod, value);

    /// <summary>An expression that reads a value with <paramref name="reader"/>.</summary>
    public Expression Read(Expression reader) =>
        ReadMethod.IsStatic ? Expression.Call(ReadMethod, reader) : Expression.Call(reader, ReadMethod);

    /// <summary>A compiled <c>Action&lt;SlimWriter, T&gt;</c>, built once.</summary>
    public Delegate WriteDelegate => _writeDelegate ??= BuildWriteDelegate();

    /// <summary>A compiled <c>Func&lt;SlimReader, T&gt;</c>, built once.</summary>
    public Delegate ReadDelegate => _readDelegate ??= BuildReadDelegate();

    /// <summary>The typed writer delegate; <typeparamref name="T"/> must be exactly <see cref="Type"/>.</summary>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is not <see cref="Type"/>.</exception>
    public Action<SlimWriter, T> GetWriter<T>() =>
        typeof(T) == Type ? (Action<SlimWriter, T>)WriteDelegate : throw WrongType(typeof(T));

    /// <summary>The typed reader delegate; <typeparamref name="T"/> must be exactly <see cref="Type"/>.</summary>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is not <see cref="Type"/>.</exception>
    public Func<SlimReader, T> GetReader<T>() =>
        typeof(T) == Type ? (Func<SlimReader, T>)ReadDelegate : throw WrongType(typeof(T));

    private InvalidOperationException WrongType(Type asked) =>
        new($"The native codec for {Type.FullName} cannot be used as a codec for {asked.FullName}.");

    private Delegate BuildWriteDelegate()
    {
        ParameterExpression writer = Expression.Parameter(typeof(SlimWriter), "writer");
        ParameterExpression value = Expression.Parameter(Type, "value");
        Type delegateType = typeof(Action<,>).MakeGenericType(typeof(SlimWriter), Type);
        return Expression.Lambda(delegateType, Write(writer, value), writer, value).Compile();
    }

    private Delegate BuildReadDelegate()
    {
        ParameterExpression reader = Expression.Parameter(typeof(SlimReader), "reader");
        Type delegateType = typeof(Func<,>).MakeGenericType(typeof(SlimReader), Type);
        return Expression.Lambda(delegateType, Read(reader), reader).Compile();
    }
}
