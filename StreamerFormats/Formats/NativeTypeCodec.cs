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
    }

    /// <summary>The native type.</summary>
    public Type Type { get; }

    /// <summary>The method that writes a value: instance <c>(T)</c> on SlimWriter, or static <c>(SlimWriter, T)</c>.</summary>
    public MethodInfo WriteMethod { get; }

    /// <summary>The method that reads a value: instance <c>()</c> on SlimReader, or static <c>(SlimReader)</c>.</summary>
    public MethodInfo ReadMethod { get; }

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
