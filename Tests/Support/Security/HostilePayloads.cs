using System.Globalization;
using System.Text;
using System.Reflection;
using NFX.IO;
using NFX.Slim;

namespace NFX.Tests.Security.Support;

/// <summary>
/// Hostile Slim messages built from the documented format, one builder per kind of attack on the reader's resources,
/// shared by the in-process tests and the Glue survival tests (which send them as call arguments). Each builder
/// writes with the serializer it is given (its registry stamp), so the same attack can be aimed at any reader.
/// </summary>
internal static class HostilePayloads
{
    /// <summary>
    /// A <c>Dictionary&lt;string, int&gt;</c> whose culture-aware comparer names <paramref name="cultureName"/>: written
    /// honestly for en-US, then the five bytes of the name replaced (so <paramref name="cultureName"/> must have five
    /// ASCII characters, like "ab-CD"). A reader that passed the name to the runtime would create and cache a culture.
    /// </summary>
    public static byte[] CultureComparer(SlimSerializer slim, string cultureName) => ReplaceOnce(
        slim.Serialize(new Dictionary<string, int>(StringComparer.Create(CultureInfo.GetCultureInfo("en-US"), ignoreCase: false)) { ["a"] = 1 }),
        "en-US", cultureName);

    /// <summary>The same comparer as the argument <paramref name="wrap"/> makes of the dictionary (e.g. a Glue argument tuple).</summary>
    public static byte[] CultureComparer(SlimSerializer slim, string cultureName, Func<object, object> wrap) => ReplaceOnce(
        slim.Serialize(wrap(new Dictionary<string, int>(StringComparer.Create(CultureInfo.GetCultureInfo("en-US"), ignoreCase: false)) { ["a"] = 1 })),
        "en-US", cultureName);

    /// <summary>
    /// <paramref name="honest"/> serialized, with the integer ISerializable member <paramref name="member"/> (which
    /// holds <paramref name="honestValue"/>) set to <paramref name="declared"/>: a stored capacity that the type's
    /// constructor allocates before any element exists (StringBuilder "Capacity", Hashtable and Dictionary "HashSize").
    /// </summary>
    public static byte[] DeclaredCapacity(SlimSerializer slim, object honest, string member, int honestValue, int declared)
    {
        byte[] bytes = slim.Serialize(honest);
        int name = bytes.AsSpan().IndexOf(Encoding.ASCII.GetBytes(member));
        if (name < 0)
        {
            throw new InvalidOperationException($"The payload has no member '{member}'.");
        }
        byte[] old = ZigZagVarint(honestValue);
        int at = bytes.AsSpan(name + member.Length).IndexOf(old);
        if (at < 0)
        {
            throw new InvalidOperationException($"The value {honestValue} does not follow '{member}'.");
        }
        at += name + member.Length;
        byte[] edited = [.. bytes.AsSpan(0, at), .. ZigZagVarint(declared), .. bytes.AsSpan(at + old.Length)];
        return Reframe(edited);
    }

    /// <summary>
    /// Defect "cycle through a value": a <c>HashSet&lt;object&gt;</c> whose element is a <c>Tuple&lt;object&gt;</c> holding a
    /// boxed <c>ValueTuple&lt;object&gt;</c> that holds the tuple. Filling the set hashes the element, whose structural
    /// hash recurses through the value forever (a stack overflow kills the process). Written by the real writer: the
    /// tuple joins the set while its item is still null, then the item is set by reflection, so nothing here hashes it.
    /// </summary>
    public static byte[] CycleThroughValue(SlimSerializer slim, Func<object, object>? wrap = null)
    {
        var tuple = new Tuple<object?>(null);
        var set = new HashSet<object> { tuple };
        typeof(Tuple<object?>).GetField("m_Item1", BindingFlags.Instance | BindingFlags.NonPublic)!.SetValue(tuple, ValueTuple.Create<object>(tuple));
        return slim.Serialize(wrap is null ? set : wrap(set));
    }

    /// <summary>
    /// Defect "exponential work on shared generic types": a type table defining D1 = Dictionary&lt;int, int&gt; and
    /// D(k) = Dictionary&lt;D(k-1), D(k-1)&gt; up to <paramref name="levels"/>, each entry naming the previous one by handle
    /// (about 5 bytes per level), and an empty dictionary of the last. As a tree it has 2^levels leaves.
    /// </summary>
    public static byte[] SharedGenericChain(SlimSerializer slim, int levels = 28, bool asGlueArgument = false) =>
        Message(slim, asGlueArgument, (w, table) =>
        {
            w.WriteVarUInt32(Wire.NewWithType);
            table.Chain(w, Wire.TDictionary, levels, leaf: Wire.TInt);
            w.WriteByte(0); // default comparer
            w.WriteVarUInt32(0); // no entries
        });

    /// <summary>
    /// Defect "code generation on nested empty structs": a boxed KeyValuePair&lt;K, K&gt; nested <paramref name="levels"/>
    /// deep over the empty ValueTuple, each level naming the previous by handle. Its body is empty: every field is an
    /// empty struct.
    /// </summary>
    public static byte[] NestedEmptyStructs(SlimSerializer slim, int levels = 17, bool asGlueArgument = false) =>
        Message(slim, asGlueArgument, (w, table) =>
        {
            w.WriteVarUInt32(Wire.NewWithType);
            table.Chain(w, Wire.TKeyValuePair, levels, leaf: null);
        });

    /// <summary>
    /// Defect "headers of queued objects": an <c>ImmutableList&lt;object&gt;</c> (read inline, before its object exists)
    /// of <paramref name="arrays"/> <c>object[]</c> elements, each announcing <paramref name="length"/> elements in its
    /// header while its body waits in the queue, followed by <paramref name="length"/> null references (times
    /// <paramref name="arrays"/> when <paramref name="complete"/>: then the message is valid). Each length alone fits
    /// the bytes left; together they ask for arrays x length x 8 bytes (2,300 x 36,000: 660 MB from 48 KB).
    /// </summary>
    public static byte[] QueuedArrayHeaders(SlimSerializer slim, int arrays, int length, bool complete = false, bool asGlueArgument = false) =>
        Message(slim, asGlueArgument, (w, table) =>
        {
            w.WriteVarUInt32(Wire.NewWithType);
            w.WriteVarUInt32(table.NextHandle);
            w.WriteByte(Wire.EntryGeneric);
            w.WriteVarUInt32(Wire.TImmutableList);
            w.WriteVarUInt32(1);
            w.WriteVarUInt32(Wire.TObject);
            table.Registered();
            w.WriteVarUInt32((uint)arrays);
            for (int i = 0; i < arrays; i++)
            {
                w.WriteVarUInt32(Wire.NewWithType);
                w.WriteVarUInt32(Wire.TObjectArray);
                w.WriteVarUInt32((uint)length);
            }
            w.WriteRawBytes(new byte[complete ? (long)arrays * length : length]);
        });

    /// <summary>
    /// A message of <paramref name="slim"/>'s registry whose root is what <paramref name="reference"/> writes, or, as a
    /// Glue argument, the argument tuple <c>ValueTuple&lt;object&gt;</c> of a method with one <c>object</c> parameter
    /// holding it (flags say Batch, as a connection's serializer writes).
    /// </summary>
    public static byte[] Message(SlimSerializer slim, bool asGlueArgument, Action<SlimWriter, TypeTable> reference)
    {
        using var writer = new SlimWriter();
        writer.WriteRawBytes(Wire.Stamp(slim));
        var table = new TypeTable();
        if (asGlueArgument)
        {
            writer.WriteVarUInt32(Wire.NewWithType);
            writer.WriteVarUInt32(table.NextHandle);
            writer.WriteByte(Wire.EntryGeneric);
            table.Named(writer, "System.ValueTuple`1", "System.Private.CoreLib");
            writer.WriteVarUInt32(1);
            writer.WriteVarUInt32(Wire.TObject);
            table.Registered();
        }
        reference(writer, table);
        byte[] framed = Wire.Frame(writer.ToArray());
        framed[3] = asGlueArgument ? (byte)1 : (byte)0;
        return framed;
    }

    /// <summary>Re-frames an edited message (its payload length), keeping its version and flags.</summary>
    public static byte[] Reframe(byte[] edited)
    {
        byte[] framed = Wire.Reframe(edited);
        framed[3] = edited[3];
        return framed;
    }

    /// <summary>
    /// Type handles as a message's entries take them: a new entry is written with the next free handle and registered
    /// when complete, so a new part nested in an unfinished entry is written with the same handle as the whole.
    /// </summary>
    public sealed class TypeTable
    {
        private uint _registered;

        /// <summary>The handle a new entry is written with now.</summary>
        public uint NextHandle => Wire.BuiltInCount + _registered;

        /// <summary>Marks the entry being written complete; returns its handle.</summary>
        public uint Registered() => Wire.BuiltInCount + _registered++;

        /// <summary>Writes a Named entry (registered at once) and returns its handle.</summary>
        public uint Named(SlimWriter w, string fullName, string assembly)
        {
            Wire.NamedType(w, NextHandle, fullName, assembly);
            return Registered();
        }

        /// <summary>
        /// Writes G(k) = definition&lt;G(k-1), G(k-1)&gt; for k = <paramref name="levels"/>: the first argument a new
        /// entry, the second its handle. G(0) is <paramref name="leaf"/>, or a new System.ValueTuple entry when null.
        /// </summary>
        public uint Chain(SlimWriter w, uint definition, int levels, uint? leaf)
        {
            if (levels == 0)
            {
                if (leaf is uint existing)
                {
                    w.WriteVarUInt32(existing);
                    return existing;
                }
                return Named(w, "System.ValueTuple", "System.Private.CoreLib");
            }
            w.WriteVarUInt32(NextHandle);
            w.WriteByte(Wire.EntryGeneric);
            w.WriteVarUInt32(definition);
            w.WriteVarUInt32(2);
            uint inner = Chain(w, definition, levels - 1, leaf);
            w.WriteVarUInt32(inner);
            return Registered();
        }
    }

    private static byte[] ZigZagVarint(int value)
    {
        uint v = (uint)((value << 1) ^ (value >> 31));
        var bytes = new List<byte>();
        while (v >= 0x80)
        {
            bytes.Add((byte)(v | 0x80));
            v >>= 7;
        }
        bytes.Add((byte)v);
        return [.. bytes];
    }

    /// <summary>Replaces the only occurrence of the ASCII <paramref name="from"/> in <paramref name="bytes"/> with <paramref name="to"/> (same length).</summary>
    public static byte[] ReplaceOnce(byte[] bytes, string from, string to)
    {
        byte[] old = Encoding.ASCII.GetBytes(from);
        byte[] replacement = Encoding.ASCII.GetBytes(to);
        if (old.Length != replacement.Length)
        {
            throw new ArgumentException($"'{to}' must have as many bytes as '{from}'.", nameof(to));
        }
        int at = bytes.AsSpan().IndexOf(old);
        if (at < 0 || bytes.AsSpan(at + 1).IndexOf(old) >= 0)
        {
            throw new InvalidOperationException($"'{from}' does not occur exactly once in the payload.");
        }
        byte[] copy = (byte[])bytes.Clone();
        replacement.CopyTo(copy, at);
        return copy;
    }
}
