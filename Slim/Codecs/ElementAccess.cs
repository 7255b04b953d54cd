using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// Compiled write/read/clone of one element (or key, or value) of type <typeparamref name="T"/> for the container
/// codecs: a reference goes through the session with a slot of the element type; a value type through its
/// generated expression (native call, enum, nullable, or expanded struct). The clone is compiled on first use.
/// </summary>
internal sealed class ElementAccess<T>
{
    public ElementAccess(ValueExpressions values, string path)
    {
        if (RuntimeCodecs.IsSupported && values.Codecs.AllowsRuntimeCodecs)
        {
            (Write, Read) = Direct(values, path) ?? Compiled(values, path);
            _clone = new(CloneBuilder(values, path));
        }
        else if (StaticElement<T>.TryCreate(values, path, out Action<SlimWriter, T, WriteSession> write, out Func<SlimReader, ReadSession, T> read,
            out Func<T, CloneSession, T> cloneElement))
        {
            // Where nothing is compiled at run time: the clone too is a delegate (enums and delegates as well as Direct's kinds).
            (Write, Read, _clone) = (write, read, new(cloneElement));
        }
        else
        {
            SlimThrow.Unsupported(path, $"a struct Slim writes field by field ({RuntimeCodecs.CSharpName(typeof(T))}) is written inside a collection, " +
                "array or box only by a codec built at run time, which this app does not build (" + RuntimeCodecs.Reason + "); " +
                "hold it in a field of a class instead, or make it a class");
            throw new System.Diagnostics.UnreachableException();
        }
        IsPlainData = values.IsPlainData(typeof(T));
        MinWireBytes = values.MinWireBytes(typeof(T));
    }

    /// <summary>
    /// The element functors without compiling anything, for the commonest elements: strings written inline, other
    /// references (not delegates) through their slot, and native value types through their row's own methods. The same
    /// bytes and checks as the compiled functors (<see cref="ValueExpressions.Write"/>, <see cref="ValueExpressions.Read"/>
    /// build exactly these calls for such types); null for every other element type.
    /// </summary>
    internal static (Action<SlimWriter, T, WriteSession>, Func<SlimReader, ReadSession, T>)? Direct(ValueExpressions values, string path)
    {
        Type type = typeof(T);
        if (type == typeof(string) && values.IsInlineNative(type))
        {
            ReferenceSlot slot = values.Codecs.SlotFor(type, path);
            return ((_, value, session) => session.WriteInlineString(Unsafe.As<T, string?>(ref value)),
                (_, session) => (T)(object?)session.ReadInlineString(slot)!);
        }
        if (!type.IsValueType && !typeof(Delegate).IsAssignableFrom(type))
        {
            ReferenceSlot slot = values.Codecs.SlotFor(type, path);
            return ((_, value, session) => session.WriteReference(value, slot), (_, session) => (T)session.ReadReference(slot)!);
        }
        if (type.IsValueType && values.NativeRow(type) is { } row)
        {
            Action<SlimWriter, T> write = row.GetWriter<T>();
            Func<SlimReader, T> read = row.GetReader<T>();
            return ((writer, value, _) => write(writer, value), (reader, _) => read(reader));
        }
        return null;
    }

    [RequiresDynamicCode("Compiles expression trees.")]
    [RequiresUnreferencedCode("Builds expressions over members of the element type found by reflection.")]
    private static (Action<SlimWriter, T, WriteSession>, Func<SlimReader, ReadSession, T>) Compiled(ValueExpressions values, string path)
    {
        ParameterExpression value = Expression.Parameter(typeof(T), "value");
        ParameterExpression writer = Expression.Parameter(typeof(SlimWriter), "writer");
        ParameterExpression reader = Expression.Parameter(typeof(SlimReader), "reader");
        ParameterExpression write = Expression.Parameter(typeof(WriteSession), "session");
        ParameterExpression read = Expression.Parameter(typeof(ReadSession), "session");
        return (Expression.Lambda<Action<SlimWriter, T, WriteSession>>(values.Write(typeof(T), writer, value, write, path), writer, value, write).Compile(),
            Expression.Lambda<Func<SlimReader, ReadSession, T>>(values.Read(typeof(T), reader, read, path), reader, read).Compile());
    }

    // The clone is built on the first deep clone that needs it.
    [RequiresDynamicCode("Builds an expression tree that is compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members of the element type found by reflection.")]
    private static Func<Func<T, CloneSession, T>> CloneBuilder(ValueExpressions values, string path) => () =>
    {
        ParameterExpression value = Expression.Parameter(typeof(T), "value");
        ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
        return Expression.Lambda<Func<T, CloneSession, T>>(values.Clone(typeof(T), value, session, path), value, session).Compile();
    };

    public static ReferenceSlot? CloneSlot(CodecCache codecs, string name) =>
        typeof(T).IsValueType || typeof(T) == typeof(string) || typeof(Delegate).IsAssignableFrom(typeof(T)) ? null : codecs.SlotFor(typeof(T), name);

    public Action<SlimWriter, T, WriteSession> Write { get; }

    public Func<SlimReader, ReadSession, T> Read { get; }

    private readonly LazyCloneFunctor<Func<T, CloneSession, T>> _clone;

    public Func<T, CloneSession, T> Clone => _clone.Compiled;

    /// <summary>
    /// Sets each of <paramref name="to"/> (as long as <paramref name="from"/>) to the clone of the element at the same
    /// place: through the session with <paramref name="slot"/> when the elements are references (<see cref="CloneSlot"/>:
    /// a clone has its source's runtime type, so it fits where the source did), else through <see cref="Clone"/>.
    /// </summary>
    public void CloneInto(ReadOnlySpan<T> from, Span<T> to, CloneSession session, ReferenceSlot? slot)
    {
        if (slot is not null)
        {
            for (int i = 0; i < from.Length; i++)
            {
                object? copy = session.CloneReference(from[i], slot);
                to[i] = Unsafe.As<object?, T>(ref copy);
            }
            return;
        }
        Func<T, CloneSession, T> clone = Clone;
        for (int i = 0; i < from.Length; i++)
        {
            to[i] = clone(from[i], session);
        }
    }

    /// <summary>True when the value holds no references at any depth.</summary>
    public bool IsPlainData { get; }

    /// <summary>
    /// True when a copy of the value is a perfect clone and the value is complete the moment it is read: plain data
    /// or a string (immutable, read inline).
    /// </summary>
    public bool IsImmutableData => IsPlainData || typeof(T) == typeof(string);

    /// <summary>The fewest bytes one element takes on the wire, to check counts against the bytes left.</summary>
    public int MinWireBytes { get; }
}
