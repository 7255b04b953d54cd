using System.Linq.Expressions;
using System.Reflection;

namespace NFX.IO;

/// <summary>
/// One row of a <see cref="StreamerFormat"/>'s native-type table: how values of <see cref="Type"/> are written and read
/// with no type handle. Built-in rows call <see cref="SlimWriter"/>/<see cref="SlimReader"/> directly
/// (<see cref="BuiltInNativeTypes"/>); a user's row calls its <see cref="IWireCodec{T}"/>.
/// </summary>
public sealed class NativeTypeCodec
{
    // Every row carries its writer and reader as delegates (GetWriter/GetReader: what codecs that compile nothing call),
    // and its methods as MethodInfo only for the runtime codec builder's expression trees. A built-in row names its
    // methods and finds them at first use: finding and binding them by reflection cost a fresh process's first call
    // ~7 ms (JIT) and a third of a native app's first call, for rows most processes never compile against. The names are
    // kept as strings, not closures: a closure class per row type was JIT-compiled at a fresh process's first call.
    private readonly Delegate _writeDelegate;
    private readonly Delegate _readDelegate;
    private readonly string? _writeName;
    private readonly string? _readName;
    private MethodInfo? _writeMethod;
    private MethodInfo? _readMethod;

    // writeName/readName: the SlimWriter/SlimReader methods of a built-in row; null for a user's row, whose methods are
    // its delegates' own.
    private NativeTypeCodec(Type type, Delegate writer, Delegate reader, string? writeName, string? readName, int minBytes,
        RunEncoding? run, bool runNullable)
    {
        Type = type;
        _writeDelegate = writer;
        _readDelegate = reader;
        _writeName = writeName;
        _readName = readName;
        MinBytes = minBytes;
        Run = run;
        RunNullable = runNullable;
    }

    /// <summary>The native type.</summary>
    public Type Type { get; }

    /// <summary>The method that writes a value: instance <c>(T)</c> on SlimWriter, or static <c>(SlimWriter, T)</c>.</summary>
    internal MethodInfo WriteMethod => _writeMethod ??= _writeName is null ? _writeDelegate.Method : WriterMethod(_writeName, Type);

    /// <summary>The method that reads a value: instance <c>()</c> on SlimReader, or static <c>(SlimReader)</c>.</summary>
    internal MethodInfo ReadMethod => _readMethod ??= _readName is null ? _readDelegate.Method : ReaderMethod(_readName, Type);

    /// <summary>
    /// The fewest bytes one value takes on the wire (1 for a user's row and every variable-length encoding): a reader
    /// checks element counts against the bytes left at this size, so too high a value would refuse valid input.
    /// </summary>
    internal int MinBytes { get; }

    /// <summary>The built-in fixed-size encoding used inside field runs; null for every other row.</summary>
    private RunEncoding? Run { get; }

    /// <summary>
    /// For a built-in fixed-size encoding: the static <c>int (byte[] buffer, int pos, T value)</c> that writes the same
    /// bytes as <see cref="WriteMethod"/> inside a run reserved with <c>SlimWriter.BeginRun</c>; null otherwise.
    /// </summary>
    internal MethodInfo? RunWriteMethod => Run?.Write;

    /// <summary>
    /// The static <c>T (SlimReader reader, byte[] buffer, ref int pos)</c> that reads what <see cref="RunWriteMethod"/>
    /// writes, with the checks of <see cref="ReadMethod"/>; null when there is none (a field of this type then ends a read run).
    /// </summary>
    internal MethodInfo? RunReadMethod => Run?.Read;

    /// <summary>The most bytes a value takes in a run (0 when there is no <see cref="RunWriteMethod"/>).</summary>
    internal int RunMaxBytes => Run is null ? 0 : (RunNullable ? 1 : 0) + Run.MaxBytes;

    /// <summary>
    /// True for a built-in <c>Nullable&lt;T&gt;</c> encoding: a presence byte (0 or 1), then, when there is a value,
    /// <see cref="RunWriteMethod"/> / <see cref="RunReadMethod"/> (those of T).
    /// </summary>
    internal bool RunNullable { get; }

    /// <summary>An expression that writes <paramref name="value"/> with <paramref name="writer"/>.</summary>
    internal Expression Write(Expression writer, Expression value) =>
        WriteMethod.IsStatic ? Expression.Call(WriteMethod, writer, value) : Expression.Call(writer, WriteMethod, value);

    /// <summary>An expression that reads a value with <paramref name="reader"/>.</summary>
    internal Expression Read(Expression reader) =>
        ReadMethod.IsStatic ? Expression.Call(ReadMethod, reader) : Expression.Call(reader, ReadMethod);

    /// <summary>
    /// The writer of this type's values: a delegate the row was made with (a built-in row's call of its SlimWriter method,
    /// or the user codec's static method), so nothing is compiled or looked up; <typeparamref name="T"/> must be exactly
    /// <see cref="Type"/>.
    /// </summary>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is not <see cref="Type"/>.</exception>
    public Action<SlimWriter, T> GetWriter<T>() => _writeDelegate as Action<SlimWriter, T> ?? throw WrongType(typeof(T));

    /// <summary>The reader of this type's values, as <see cref="GetWriter{T}"/>; <typeparamref name="T"/> must be exactly <see cref="Type"/>.</summary>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is not <see cref="Type"/>.</exception>
    public Func<SlimReader, T> GetReader<T>() => _readDelegate as Func<SlimReader, T> ?? throw WrongType(typeof(T));

    /// <summary>A user's row: <typeparamref name="TCodec"/>'s own methods, called directly; no run encoding, 1 byte at least.</summary>
    internal static NativeTypeCodec Of<T, TCodec>() where TCodec : IWireCodec<T>
    {
        Action<SlimWriter, T> write = TCodec.Write;
        Func<SlimReader, T> read = TCodec.Read;
        return new NativeTypeCodec(typeof(T), write, read, writeName: null, readName: null, minBytes: 1, run: null, runNullable: false);
    }

    /// <summary>
    /// A built-in row of <paramref name="type"/>: <paramref name="write"/> and <paramref name="read"/> name the
    /// <see cref="SlimWriter"/> method taking a <paramref name="type"/> and the <see cref="SlimReader"/> method returning
    /// one, and <paramref name="writer"/> (an <c>Action&lt;SlimWriter, T&gt;</c>) and <paramref name="reader"/> (a
    /// <c>Func&lt;SlimReader, T&gt;</c>) call them (NativeTypeTableTests checks each pair writes and reads the same bytes,
    /// through <see cref="GetWriter{T}"/> and <see cref="GetReader{T}"/> of the row's type). Not generic: each
    /// instantiation over a value type was JIT-compiled on its own.
    /// </summary>
    internal static NativeTypeCodec BuiltIn(Type type, string write, string read, int minBytes, Delegate writer, Delegate reader,
        RunEncoding? run = null) =>
        new(type, writer, reader, write, read, minBytes, run, runNullable: false);

    /// <summary>The row of <paramref name="type"/>, a <c>T?</c> (<paramref name="inner"/> is T's row), whose run is the inner row's behind a presence byte.</summary>
    internal static NativeTypeCodec BuiltInNullable(Type type, NativeTypeCodec inner, string write, string read, Delegate writer, Delegate reader) =>
        inner.Type != Nullable.GetUnderlyingType(type)
            ? throw new ArgumentException($"The nullable row of {type.Name} must follow its value type's row, not {inner.Type.Name}'s.", nameof(inner))
            : new(type, writer, reader, write, read, minBytes: 1, inner.Run, runNullable: inner.Run is not null);

    private const BindingFlags Instance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;

    private static MethodInfo WriterMethod(string name, Type type) =>
        typeof(SlimWriter).GetMethod(name, Instance, [type]) is { ReturnType: var result } method && result == typeof(void)
            ? method
            : throw new InvalidOperationException($"SlimWriter has no method void {name}({type.Name}).");

    private static MethodInfo ReaderMethod(string name, Type type) =>
        typeof(SlimReader).GetMethod(name, Instance, Type.EmptyTypes) is { } method && method.ReturnType == type
            ? method
            : throw new InvalidOperationException($"SlimReader has no method {type.Name} {name}().");

    private InvalidOperationException WrongType(Type asked) =>
        new($"The native codec for {Type.FullName} cannot be used as a codec for {asked.FullName}.");
}

/// <summary>Writes one value at <paramref name="pos"/> with no capacity check (see <see cref="UnsafeRunWrites"/>); returns the position after it.</summary>
internal delegate int RunWriter<T>(byte[] buffer, int pos, T value);

/// <summary>Reads one value at <paramref name="pos"/> inside a run (see <see cref="UnsafeRunReads"/>), moving <paramref name="pos"/> past it.</summary>
internal delegate T RunReader<T>(SlimReader reader, byte[] buffer, ref int pos);

/// <summary>
/// A fixed-size built-in encoding as field runs use it: the run writer <c>UnsafeRunWrites.{WriteName}</c> (a
/// <see cref="RunWriter{T}"/>), the most bytes it writes (what a run reserves: each writer may scribble past its
/// encoding, never past this), and the run reader <c>UnsafeRunReads.{ReadName}</c> (a <see cref="RunReader{T}"/>; null: the
/// field ends a read run). The methods are found at first use, as the row's own are.
/// </summary>
internal sealed class RunEncoding(string writeName, int maxBytes, string? readName)
{
    private MethodInfo? _write;
    private MethodInfo? _read;

    /// <summary>The most bytes one value takes in a run.</summary>
    public int MaxBytes { get; } = maxBytes;

    /// <summary>The run writer.</summary>
    public MethodInfo Write => _write ??= FindWrite();

    /// <summary>The run reader, if any.</summary>
    public MethodInfo? Read => readName is null ? null : _read ??= FindRead(readName);

    /// <summary>The run encoding of <c>UnsafeRunWrites.{write}</c>, <paramref name="maxBytes"/> and <c>UnsafeRunReads.{read}</c>.</summary>
    public static RunEncoding Run(string write, int maxBytes, string? read = null) => new(write, maxBytes, read);

    private MethodInfo FindWrite() =>
        typeof(UnsafeRunWrites).GetMethods(BindingFlags.Static | BindingFlags.Public).SingleOrDefault(m => m.Name == writeName)
        ?? throw new InvalidOperationException($"UnsafeRunWrites has no {writeName}.");

    private MethodInfo FindRead(string name)
    {
        Type value = Write.GetParameters()[2].ParameterType;
        MethodInfo reader = typeof(UnsafeRunReads).GetMethod(name, BindingFlags.Static | BindingFlags.Public, [typeof(SlimReader), typeof(byte[]), typeof(int).MakeByRefType()])
            ?? throw new InvalidOperationException($"UnsafeRunReads has no {name}.");
        return reader.ReturnType == value ? reader
            : throw new InvalidOperationException($"UnsafeRunReads.{name} does not read the {value.Name} UnsafeRunWrites.{writeName} writes.");
    }
}
