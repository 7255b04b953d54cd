using NFX.IO;
using NFX.Slim;

namespace NFX.Tests.Security.Support;

/// <summary>
/// Builds Slim messages byte by byte, for inputs no writer would produce: the frame (magic, version, flags, length),
/// the registry stamp a given serializer expects, then whatever body the test writes with a <see cref="SlimWriter"/>.
/// Handles: 0 null, 1 new object of the slot's declared type, 2 new object with a type handle, n >= 3 the object at
/// pool index n - 3. Type handles: an existing index, or the next free index followed by a new entry
/// (0 Named: name, assembly; 1 Generic: definition handle, argument count, argument handles; 2 Array: rank, element).
/// </summary>
internal static class Wire
{
    public const uint Null = 0;
    public const uint NewOfDeclaredType = 1;
    public const uint NewWithType = 2;
    public const uint FirstBackReference = 3;

    public const byte EntryNamed = 0;
    public const byte EntryGeneric = 1;
    public const byte EntryArray = 2;

    /// <summary>Kind-byte flags: a 4-byte layout fingerprint (strict) or a member list (tolerant) follows the entry.</summary>
    public const byte EntryFingerprint = 0x10, EntryMemberList = 0x20;

    // Built-in registry handles (Slim/TypeSystem/BuiltInTypes.cs, wire format version 1).
    public const uint TObject = 0, TString = 1, TByteArray = 2, TObjectArray = 3, TBool = 4, TInt = 10, TLong = 12,
        TChar = 7, TShort = 8, TDecimal = 19, TBigInteger = 20, TDateTime = 21, TGuid = 26, TIntArray = 28, TList = 31,
        TDictionary = 32, THashSet = 33, TKeyValuePair = 34, TNullable = 35, TType = 38, TException = 39, TImmutableList = 50;

    /// <summary>The number of built-in registry entries: the first free type handle with no known types.</summary>
    public const uint BuiltInCount = 53;

    /// <summary>The registry stamp (count + checksum) that <paramref name="slim"/> expects at the start of a payload.</summary>
    public static byte[] Stamp(SlimSerializer slim)
    {
        byte[] empty = slim.Serialize(null);
        int start = PayloadStart(empty);
        return empty[start..^1]; // the payload of a null root is the stamp followed by handle 0
    }

    /// <summary>A whole message: frame + stamp + the body written by <paramref name="body"/>.</summary>
    public static byte[] Message(SlimSerializer slim, Action<SlimWriter> body)
    {
        using var writer = new SlimWriter();
        writer.WriteRawBytes(Stamp(slim));
        body(writer);
        return Frame(writer.ToArray());
    }

    /// <summary>The format version the serializer writes (docs/FORMAT.md, "Frame").</summary>
    public const byte Version = 2;

    /// <summary>Puts a frame of format <paramref name="version"/> around <paramref name="payload"/>.</summary>
    public static byte[] Frame(ReadOnlySpan<byte> payload, uint? announcedLength = null, byte version = Version)
    {
        using var writer = new SlimWriter();
        writer.WriteByte((byte)'S');
        writer.WriteByte((byte)'L');
        writer.WriteByte(version);
        writer.WriteByte(0);
        writer.WriteVarUInt32(announcedLength ?? (uint)payload.Length);
        writer.WriteRawBytes(payload);
        return writer.ToArray();
    }

    /// <summary>The offset of the payload (after the frame's length varint).</summary>
    public static int PayloadStart(ReadOnlySpan<byte> message)
    {
        int i = 4;
        while ((message[i] & 0x80) != 0)
        {
            i++;
        }
        return i + 1;
    }

    /// <summary>Re-frames a message whose payload was edited, fixing the length header.</summary>
    public static byte[] Reframe(ReadOnlySpan<byte> editedMessage) =>
        Frame(editedMessage[PayloadStart(editedMessage)..], version: editedMessage[2]);

    /// <summary>Writes a new Named type entry at handle <paramref name="handle"/>.</summary>
    public static void NamedType(SlimWriter w, uint handle, string fullName, string assembly, bool layout = true)
    {
        w.WriteVarUInt32(handle);
        uint? fingerprint = layout ? Fingerprint(fullName, assembly) : null;
        w.WriteByte(fingerprint is null ? EntryNamed : (byte)(EntryNamed | EntryFingerprint));
        w.WriteString(fullName);
        w.WriteString(assembly);
        if (fingerprint is uint value)
        {
            w.WriteFixed32(value);
        }
    }

    /// <summary>
    /// The layout fingerprint an honest writer puts after the entry of a type whose bytes are its own fields (a user
    /// class or struct already loaded here), so hostile inputs get past the layout check to what they test.
    /// </summary>
    public static uint? Fingerprint(string fullName, string assembly)
    {
        foreach (System.Reflection.Assembly loaded in AppDomain.CurrentDomain.GetAssemblies())
        {
            string name = loaded.GetName().Name ?? "";
            if (name != assembly || loaded.IsDynamic || name.StartsWith("System", StringComparison.Ordinal) || name is "netstandard" or "mscorlib")
            {
                continue;
            }
            if (loaded.GetType(fullName, throwOnError: false) is { } type)
            {
                return s_layouts.Layouts.Of(type)?.Fingerprint;
            }
        }
        return null;
    }

    private static readonly SlimSerializer s_layouts = new();

    /// <summary>Writes a new Named type entry for <paramref name="type"/> at <paramref name="handle"/>.</summary>
    public static void NamedType(SlimWriter w, uint handle, Type type) =>
        NamedType(w, handle, type.FullName!, type.Assembly.GetName().Name!);

    /// <summary>Writes a new Generic type entry at <paramref name="handle"/>: definition handle, argument count, argument handles.</summary>
    public static void GenericType(SlimWriter w, uint handle, uint definition, params uint[] arguments)
    {
        w.WriteVarUInt32(handle);
        w.WriteByte(EntryGeneric);
        w.WriteVarUInt32(definition);
        w.WriteVarUInt32((uint)arguments.Length);
        foreach (uint argument in arguments)
        {
            w.WriteVarUInt32(argument);
        }
    }

    /// <summary>Writes a new Array type entry at <paramref name="handle"/> (rank 0 = a single-dimensional vector).</summary>
    public static void ArrayType(SlimWriter w, uint handle, byte rank, uint element)
    {
        ArrayTypeOfNew(w, handle, rank);
        w.WriteVarUInt32(element);
    }

    /// <summary>
    /// Writes the start of a new Array entry whose element is itself new: the caller writes the element's entry next.
    /// Entries are registered when complete, so a new part takes the same handle as the unfinished whole.
    /// </summary>
    public static void ArrayTypeOfNew(SlimWriter w, uint handle, byte rank)
    {
        w.WriteVarUInt32(handle);
        w.WriteByte(EntryArray);
        w.WriteByte(rank);
    }

    /// <summary>A new object with a type handle: the handle 2, then the type.</summary>
    public static void New(SlimWriter w, uint typeHandle)
    {
        w.WriteVarUInt32(NewWithType);
        w.WriteVarUInt32(typeHandle);
    }

    /// <summary>Raw bytes, e.g. a malformed varint.</summary>
    public static void Raw(SlimWriter w, params byte[] bytes) => w.WriteRawBytes(bytes);
}
