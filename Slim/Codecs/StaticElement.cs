using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>
/// The write, read and clone of one element of type <typeparamref name="T"/> without expression trees, for an app that
/// builds no codecs at run time: a reference through the session with a slot of the element type, a native value by its
/// row's methods, an enum by its underlying row, a struct by the functions generated code registered for it
/// (<see cref="StaticStruct{T}"/>). The bytes are those of the compiled element functors (a string or a
/// primitive array the compiled writer writes inline is the session's reference encoding, byte for byte).
/// </summary>
internal static class StaticElement<T>
{
    /// <summary>The three functions, or false when <typeparamref name="T"/> is a struct Slim writes field by field.</summary>
    public static bool TryCreate(ValueExpressions values, string path, out Action<SlimWriter, T, WriteSession> write,
        out Func<SlimReader, ReadSession, T> read, out Func<T, CloneSession, T> clone)
    {
        if (!typeof(T).IsValueType)
        {
            ReferenceSlot slot = values.Codecs.SlotFor(typeof(T), path);
            if (typeof(Delegate).IsAssignableFrom(typeof(T)))
            {
                // A delegate is fine while it is null; a live one is refused, as the compiled writer does.
                write = (_, value, session) =>
                {
                    if (value is not null)
                    {
                        SlimThrow.Unsupported(path, CodecCache.DelegateAdvice);
                    }
                    session.WriteReference(null, slot);
                };
                read = (_, session) => (T)session.ReadReference(slot)!;
                clone = (value, _) =>
                {
                    if (value is not null)
                    {
                        SlimThrow.Unsupported(path, CodecCache.DelegateAdvice);
                    }
                    return default!;
                };
                return true;
            }
            // Strings inline and other references through their slot: the runtime path's own delegates.
            (write, read) = ElementAccess<T>.Direct(values, path) ??
                ((_, value, session) => session.WriteReference(value, slot), (_, session) => (T)session.ReadReference(slot)!);
            clone = typeof(T) == typeof(string) ? static (value, _) => value : (value, session) => (T)session.CloneReference(value, slot)!;
            return true;
        }
        if (ElementAccess<T>.Direct(values, path) is { } direct)
        {
            // A native value type by its row's methods: a copy is its clone.
            (write, read) = direct;
            clone = static (value, _) => value;
            return true;
        }
        if (typeof(T).IsEnum && values.Format.TryGetCodec(System.Enum.GetUnderlyingType(typeof(T)), out NativeTypeCodec? underlying))
        {
            (write, read) = Type.GetTypeCode(typeof(T)) switch
            {
                TypeCode.Byte => AsUnderlying<byte>(underlying),
                TypeCode.SByte => AsUnderlying<sbyte>(underlying),
                TypeCode.Int16 => AsUnderlying<short>(underlying),
                TypeCode.UInt16 => AsUnderlying<ushort>(underlying),
                TypeCode.Int32 => AsUnderlying<int>(underlying),
                TypeCode.UInt32 => AsUnderlying<uint>(underlying),
                TypeCode.Int64 => AsUnderlying<long>(underlying),
                _ => AsUnderlying<ulong>(underlying),
            };
            clone = static (value, _) => value;
            return true;
        }
        // Generated registries register a struct's functions (and its nullable's) when its type is first asked for.
        if (StaticStruct<T>.Factory is null)
        {
            NFX.Slim.Generated.SlimGeneratedCodecs.EnsureInstantiation(typeof(T));
        }
        if (StaticStruct<T>.Factory is { } registered)
        {
            // A struct whose functions generated code registered (a struct of the app, a Glue argument pack).
            (write, read, clone) = registered(values, path);
            return true;
        }
        write = null!;
        read = null!;
        clone = null!;
        return false;
    }

    /// <summary>An enum's value as its underlying <typeparamref name="TUnderlying"/> (the same size: a reinterpretation).</summary>
    private static (Action<SlimWriter, T, WriteSession>, Func<SlimReader, ReadSession, T>) AsUnderlying<TUnderlying>(NativeTypeCodec underlying)
        where TUnderlying : struct
    {
        Action<SlimWriter, TUnderlying> write = underlying.GetWriter<TUnderlying>();
        Func<SlimReader, TUnderlying> read = underlying.GetReader<TUnderlying>();
        return ((writer, value, _) => write(writer, Unsafe.As<T, TUnderlying>(ref value)),
            (reader, _) =>
            {
                TUnderlying value = read(reader);
                return Unsafe.As<TUnderlying, T>(ref value);
            });
    }
}
