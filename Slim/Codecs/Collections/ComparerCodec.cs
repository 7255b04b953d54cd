using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs.Collections;

/// <summary>
/// The comparer of a hashed or sorted collection, as one byte for the common ones (the default comparer and the
/// four culture-independent StringComparers, which are process-wide singletons and must stay so), or a reference to a
/// custom comparer object, which then passes through the type policy like any other object.
/// </summary>
internal static class ComparerCodec
{
    private const byte Default = 0;
    private const byte Ordinal = 1;
    private const byte OrdinalIgnoreCase = 2;
    private const byte InvariantCulture = 3;
    private const byte InvariantCultureIgnoreCase = 4;
    private const byte Custom = 255;

    public static void Write(object? comparer, object defaultComparer, SlimWriter writer, WriteSession session, ReferenceSlot customSlot)
    {
        byte code = Code(comparer, defaultComparer);
        writer.WriteByte(code);
        if (code == Custom)
        {
            session.WriteReference(comparer, customSlot);
        }
    }

    /// <summary>Reads a comparer; null means the collection's default.</summary>
    public static object? Read(SlimReader reader, ReadSession session, ReferenceSlot customSlot)
    {
        long offset = reader.Position;
        byte code = reader.ReadByte();
        switch (code)
        {
            case Default: return null;
            case Ordinal: return Checked(StringComparer.Ordinal, customSlot, offset);
            case OrdinalIgnoreCase: return Checked(StringComparer.OrdinalIgnoreCase, customSlot, offset);
            case InvariantCulture: return Checked(StringComparer.InvariantCulture, customSlot, offset);
            case InvariantCultureIgnoreCase: return Checked(StringComparer.InvariantCultureIgnoreCase, customSlot, offset);
            case Custom: return session.ReadReference(customSlot);
            default:
                SlimThrow.Format($"Unknown comparer code {code}", offset);
                return null;
        }
    }

    /// <summary>The comparer a clone should use: well-known ones are shared, custom ones cloned with the graph.</summary>
    public static object? Clone(object? comparer, object defaultComparer, CloneSession session) =>
        Code(comparer, defaultComparer) switch
        {
            Default => null,
            Custom => session.CloneReference(comparer),
            _ => comparer,
        };

    /// <summary>True when <paramref name="comparer"/> travels as an object of its own (not the default, not a well-known singleton).</summary>
    public static bool IsCustom(object? comparer, object? defaultComparer) => comparer is not null && Code(comparer, defaultComparer) == Custom;

    private static byte Code(object? comparer, object? defaultComparer)
    {
        if (comparer is null || ReferenceEquals(comparer, defaultComparer))
        {
            return Default;
        }
        if (ReferenceEquals(comparer, StringComparer.Ordinal))
        {
            return Ordinal;
        }
        if (ReferenceEquals(comparer, StringComparer.OrdinalIgnoreCase))
        {
            return OrdinalIgnoreCase;
        }
        if (ReferenceEquals(comparer, StringComparer.InvariantCulture))
        {
            return InvariantCulture;
        }
        return ReferenceEquals(comparer, StringComparer.InvariantCultureIgnoreCase) ? InvariantCultureIgnoreCase : Custom;
    }

    private static object Checked(object comparer, ReferenceSlot slot, long offset)
    {
        if (!slot.Accepts(comparer))
        {
            SlimThrow.SlotTypeMismatch(slot, comparer.GetType(), offset);
        }
        return comparer;
    }
}
