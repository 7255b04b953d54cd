using NFX.IO;
using NFX.Slim;
using NFX.Tests.Slim.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security.Support;

/// <summary>One crafted message and the exact exception it must produce.</summary>
public sealed record HostileCase(string Name, Func<SlimSerializer> Serializer, Func<SlimSerializer, byte[]> Build, Type Expected, string? LimitName = null)
{
    /// <summary>False for inputs that differ only after the message: a stream may hold more messages, so they are not errors there.</summary>
    public bool SameOnStreams { get; init; } = true;

    public override string ToString() => Name;
}

/// <summary>
/// Hand-crafted hostile messages, one or more per item of REFERENCE.md section 3 (the item number starts each name).
/// Every case names the serializer that reads it (policy and limits matter), the bytes and the exact exception type.
/// </summary>
public static class HostileInputs
{
    private const uint Huge = 0x7FFFFFC7; // Array.MaxLength: passes a trusted MaxLength, fails the bytes-left check
    private const uint Next = BuiltInCount; // the first free type handle

    public static SlimSerializer Policy() => Corpus.NewSerializer();

    public static SlimSerializer Trusted() => Corpus.NewSerializer(SlimLimits.Trusted);

    public static SlimSerializer AllowAll() => Corpus.NewSerializer(policy: SlimTypePolicy.AllowAll);

    public static SlimSerializer Plain() => new();

    public static SlimSerializer WithCustomBox() =>
        new(Corpus.Options with { Serializers = [.. Corpus.Options.Serializers, new CustomBoxSerializer()] });

    public static SlimSerializer FewObjects() => Corpus.NewSerializer(SlimLimits.Default with { MaxObjects = 1000 });

    private static HostileCase Case(string name, Func<SlimSerializer> serializer, Action<SlimWriter> body, Type expected, string? limit = null) =>
        new(name, serializer, s => Message(s, body), expected, limit);

    private static HostileCase Raw(string name, Func<SlimSerializer> serializer, Func<SlimSerializer, byte[]> build, Type expected, string? limit = null) =>
        new(name, serializer, build, expected, limit);

    public static IEnumerable<HostileCase> Cases()
    {
        Type format = typeof(SlimFormatException), limit = typeof(SlimLimitExceededException), graph = typeof(SlimDeserializationException);
        Type unknown = typeof(SlimUnknownTypeException), refused = typeof(SlimTypeNotAllowedException);

        // 2. Huge length prefixes: refused before allocating. Default limits stop them at MaxCollectionLength (or
        // MaxStringBytes); trusted limits let them through to the bytes-left check.
        (string Name, Action<SlimWriter> Body, string DefaultLimit)[] hugeLengths =
        [
            ("object[] length", w => { New(w, TObjectArray); w.WriteVarUInt32(Huge); }, "MaxCollectionLength"),
            ("List<int> count", w => { w.WriteVarUInt32(NewWithType); GenericType(w, Next, TList, TInt); w.WriteVarUInt32(Huge); }, "MaxCollectionLength"),
            ("Dictionary<int,int> count", w => { w.WriteVarUInt32(NewWithType); GenericType(w, Next, TDictionary, TInt, TInt); w.WriteByte(0); w.WriteVarUInt32(Huge); }, "MaxCollectionLength"),
            ("HashSet<int> count", w => { w.WriteVarUInt32(NewWithType); GenericType(w, Next, THashSet, TInt); w.WriteByte(0); w.WriteVarUInt32(Huge); }, "MaxCollectionLength"),
            ("ImmutableList<int> count", w => { w.WriteVarUInt32(NewWithType); GenericType(w, Next, TImmutableList, TInt); w.WriteVarUInt32(Huge); }, "MaxCollectionLength"),
            ("byte[] length", w => { New(w, TByteArray); w.WriteVarUInt32(Huge + 1); }, "MaxCollectionLength"),
            ("string length", w => { New(w, TString); w.WriteVarUInt32(Huge + 1); }, "MaxStringBytes"),
            ("BigInteger length", w => { New(w, TBigInteger); w.WriteVarUInt32(Huge); }, "MaxCollectionLength"),
            ("Exception.Data count", w => { New(w, TException); ExceptionHeader(w); w.WriteVarUInt32(Huge); }, "MaxCollectionLength"),
            ("Point[] count (3 bytes each: count x size beyond int)", w =>
            {
                w.WriteVarUInt32(NewWithType);
                ArrayTypeOfNew(w, Next, 0);
                NamedType(w, Next, typeof(Point));
                w.WriteVarUInt32(Huge);
            }, "MaxCollectionLength"),
        ];
        foreach ((string name, Action<SlimWriter> body, string defaultLimit) in hugeLengths)
        {
            yield return Case("2 huge " + name + " (default limits)", Policy, body, limit, defaultLimit);
            yield return Case("2 huge " + name + " (trusted limits)", Trusted, body, format);
        }

        // 3. Negative lengths and overflowing products.
        yield return Case("3 negative string length (0xFFFFFFFF)", Trusted, w => { New(w, TString); Wire.Raw(w, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F); }, limit, "MaxStringBytes");
        yield return Case("3 multi-dim length 0xFFFFFFFF", Trusted, w => { New(w, Next); Dimensions(w, 2, TInt, (0xFFFFFFFF, 0), (1, 0)); }, format);
        yield return Case("3 multi-dim lower bound + length overflows int", Trusted, w => { New(w, Next); Dimensions(w, 2, TInt, (2, int.MaxValue), (1, 0)); }, format);
        yield return Case("3 multi-dim product 65536 x 65536 overflows int", Trusted, w => { New(w, Next); Dimensions(w, 2, TInt, (65536, 0), (65536, 0)); }, limit, "MaxArrayTotalElements");
        yield return Case("3 multi-dim product of three Array.MaxLength", Trusted, w => { New(w, Next); Dimensions(w, 3, TInt, (Huge, 0), (Huge, 0), (Huge, 0)); }, limit, "MaxArrayTotalElements");
        yield return Case("3 multi-dim product within limits but beyond the bytes left", Trusted, w => { New(w, Next); Dimensions(w, 2, TInt, (40000, 0), (40000, 0)); }, format);

        // 4. Malformed varints.
        yield return Case("4 varint of 6 bytes for a 32-bit length", Policy, w => { New(w, TObjectArray); Wire.Raw(w, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F); }, format);
        yield return Case("4 varint whose 5th byte overflows 32 bits", Policy, w => { New(w, TObjectArray); Wire.Raw(w, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F); }, format);
        yield return Case("4 varint of 11 bytes for a long", Policy, w => { New(w, TLong); Wire.Raw(w, [.. Enumerable.Repeat((byte)0xFF, 10), 0x7F]); }, format);
        yield return Case("4 varint whose 10th byte overflows 64 bits", Policy, w => { New(w, TLong); Wire.Raw(w, [.. Enumerable.Repeat((byte)0xFF, 9), 0x02]); }, format);
        yield return Case("4 short out of range (70000)", Policy, w => { New(w, TShort); w.WriteInt32(70000); }, format);
        yield return Case("4 char out of range (0x10000)", Policy, w => { New(w, TChar); w.WriteVarUInt32(0x10000); }, format);
        yield return Case("4 overlong type handle", Policy, w => { w.WriteVarUInt32(NewWithType); Wire.Raw(w, 0x81, 0x80, 0x80, 0x80, 0x80, 0x00); }, format);
        yield return Raw("4 overlong registry count", Policy, s => Frame([0xB5, 0x80, 0x80, 0x80, 0x80, 0x00, 0, 0, 0, 0, 0]), format);

        // 5. Deep nesting: a depth limit, never a stack overflow.
        yield return Case("5 type entries List<List<...>> 10,000 deep", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            for (int i = 0; i < 10_000; i++)
            {
                w.WriteVarUInt32(Next);
                w.WriteByte(EntryGeneric);
                w.WriteVarUInt32(TList);
                w.WriteVarUInt32(1);
            }
            w.WriteVarUInt32(TInt);
        }, limit, "MaxDepth");
        yield return Case("5 type entries int[][]... 10,000 deep", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            for (int i = 0; i < 10_000; i++)
            {
                ArrayTypeOfNew(w, Next, 0);
            }
            w.WriteVarUInt32(TInt);
        }, limit, "MaxDepth");
        yield return Case("5 boxed structs holding boxed structs 10,000 deep", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            NamedType(w, Next, typeof(InlineBox));
            for (int i = 0; i < 10_000; i++)
            {
                New(w, Next);
            }
            w.WriteVarUInt32(Null);
        }, limit, "MaxDepth");
        yield return Case("5 KeyValuePair<object,object> keys 10,000 deep (default policy)", Plain, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TKeyValuePair, TObject, TObject);
            for (int i = 0; i < 10_000; i++)
            {
                New(w, Next);
            }
            w.WriteVarUInt32(Null);
        }, limit, "MaxDepth");
        yield return Case("5 ImmutableList<object> 10,000 deep (default policy)", Plain, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TImmutableList, TObject);
            for (int i = 0; i < 10_000; i++)
            {
                w.WriteVarUInt32(1);
                New(w, Next);
            }
            w.WriteVarUInt32(0);
        }, limit, "MaxDepth");
        yield return Case("5 user serializer values 10,000 deep", WithCustomBox, w =>
        {
            w.WriteVarUInt32(NewWithType);
            NamedType(w, Next, typeof(CustomBox).FullName!, "NFX.Slim.Tests", layout: false); // a user serializer: no field layout
            for (int i = 0; i < 10_000; i++)
            {
                New(w, Next);
            }
            w.WriteVarUInt32(Null);
        }, limit, "MaxDepth");

        // 6. Back-reference abuse.
        yield return Case("6 back-reference to an object never announced", Policy, w => { New(w, TObjectArray); w.WriteVarUInt32(1); w.WriteVarUInt32(FirstBackReference + 5); }, graph);
        yield return Case("6 forward reference (the next pool index)", Policy, w =>
        {
            New(w, TObjectArray);
            w.WriteVarUInt32(2);
            w.WriteVarUInt32(FirstBackReference + 1);
            w.WriteVarUInt32(Null);
        }, graph);
        yield return Case("6 back-reference uint.MaxValue", Policy, w => { New(w, TObjectArray); w.WriteVarUInt32(1); w.WriteVarUInt32(uint.MaxValue); }, graph);
        yield return Case("6 back-reference to an object of the wrong type (a List in a string slot)", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TList, TString);
            w.WriteVarUInt32(1);
            w.WriteVarUInt32(FirstBackReference);
        }, graph);
        yield return Case("6 back-reference to an object still being built", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TImmutableList, TObject);
            w.WriteVarUInt32(1);
            w.WriteVarUInt32(FirstBackReference);
        }, graph);
        yield return Case("6 more new objects than MaxObjects", FewObjects, w =>
        {
            New(w, TObjectArray);
            w.WriteVarUInt32(2000);
            for (int i = 0; i < 2000; i++)
            {
                New(w, TInt);
                w.WriteInt32(i);
            }
        }, limit, "MaxObjects");

        // 7. Type confusion and invalid values.
        yield return Case("7 boxed int in a List<string>", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TList, TString);
            w.WriteVarUInt32(1);
            New(w, TInt);
            w.WriteInt32(5);
        }, graph);
        yield return Case("7 Circle in a Drawing.Pet (Animal) field", Policy, w =>
        {
            // Drawing's fields in wire order: Anything, Main, Pet, Shapes.
            w.WriteVarUInt32(NewWithType);
            NamedType(w, Next, typeof(Drawing));
            w.WriteVarUInt32(Null);
            w.WriteVarUInt32(Null);
            w.WriteVarUInt32(NewWithType);
            NamedType(w, Next + 1, typeof(Circle));
        }, graph);
        yield return Case("7 bool byte 2", Policy, w => { New(w, TBool); w.WriteByte(2); }, format);
        yield return Case("7 DateTime ticks past MaxValue", Policy, w => { New(w, TDateTime); w.WriteFixed64((ulong)DateTime.MaxValue.Ticks + 1); }, format);
        yield return Case("7 DateTime kind 3", Policy, w => { New(w, TDateTime); w.WriteFixed64(3UL << 62); }, format);
        yield return Case("7 decimal scale 29", Policy, w => { New(w, TDecimal); w.WriteVarUInt32(1); w.WriteByte(29); }, format);
        yield return Case("7 invalid UTF-8 in a type name", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            w.WriteVarUInt32(Next);
            w.WriteByte(EntryNamed);
            Wire.Raw(w, 4, 0x41, 0xC3, 0x28);
            w.WriteString("System.Private.CoreLib");
        }, format);
        yield return Case("7 invalid UTF-8 in a string value", Policy, w => { New(w, TString); Wire.Raw(w, 3, 0xC3, 0x28); }, format);
        yield return Case("7 UTF-8 encoded surrogate in a string value", Policy, w => { New(w, TString); Wire.Raw(w, 4, 0xED, 0xA0, 0x80); }, format);
        yield return Case("7 short enum value out of its underlying range", Policy, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, typeof(ShortEnum)); w.WriteInt32(70000); }, format);
        yield return Case("7 Nullable<Nullable<int>> (constraint violation)", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            w.WriteVarUInt32(Next);
            w.WriteByte(EntryGeneric);
            w.WriteVarUInt32(TNullable);
            w.WriteVarUInt32(1);
            GenericType(w, Next, TNullable, TInt);
        }, format);
        yield return Case("7 wrong generic argument count", Policy, w => { w.WriteVarUInt32(NewWithType); GenericType(w, Next, TList, TInt, TInt); }, format);
        yield return Case("7 generic arguments for a non-generic type", Policy, w => { w.WriteVarUInt32(NewWithType); GenericType(w, Next, TInt, TInt); }, format);
        yield return Case("7 array of an open generic type", Policy, w => { w.WriteVarUInt32(NewWithType); ArrayType(w, Next, 0, TList); }, format);
        yield return Case("7 array of rank 33", Policy, w => { w.WriteVarUInt32(NewWithType); ArrayType(w, Next, 33, TInt); }, format);
        yield return Case("7 open generic type announced as an object (allow-all)", AllowAll, w => New(w, TList), graph);
        yield return Case("7 abstract type announced as an object (allow-all)", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, typeof(System.Text.Encoding)); }, graph);
        yield return Case("7 runtime-only type announced (allow-all)", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, typeof(MemoryStream)); }, refused);
        yield return Case("7 System.Void announced as an object (allow-all)", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, typeof(void)); }, graph);
        yield return Case("7 type marked SlimNotSerializable announced (allow-all)", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, typeof(Secretive)); }, graph);
        yield return Case("7 unknown comparer code", Policy, w => { w.WriteVarUInt32(NewWithType); GenericType(w, Next, TDictionary, TInt, TInt); w.WriteByte(7); }, format);
        yield return Case("7 null key in a Dictionary<string,int>", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TDictionary, TString, TInt);
            w.WriteByte(0);
            w.WriteVarUInt32(1);
            w.WriteVarUInt32(Null);
            w.WriteInt32(1);
        }, format);
        yield return Case("7 duplicate key in a Dictionary<int,int>", Policy, w =>
        {
            w.WriteVarUInt32(NewWithType);
            GenericType(w, Next, TDictionary, TInt, TInt);
            w.WriteByte(0);
            w.WriteVarUInt32(2);
            w.WriteInt32(1);
            w.WriteInt32(1);
            w.WriteInt32(1);
            w.WriteInt32(2);
        }, format);
        yield return Case("7 repeated type entry (System.Int32 again)", Policy, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, typeof(int)); }, format);
        yield return Case("7 type handle beyond the registry", Policy, w => New(w, Next + 40), graph);
        yield return Case("7 unknown type entry kind", Policy, w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(9); }, format);
        yield return Case("7 unread bytes after the root object", Policy, w => { New(w, TInt); w.WriteInt32(1); w.WriteByte(0); }, format);
        yield return Raw("7 bytes after the message", Policy, s => [.. s.Serialize(1), 0], format) with { SameOnStreams = false };
        yield return Raw("7 bad magic", Policy, s => [(byte)'S', (byte)'X', .. s.Serialize(1)[2..]], format);
        yield return Raw("7 unknown format version", Policy, s => [.. s.Serialize(1)[..2], 9, .. s.Serialize(1)[3..]], format);
        yield return Raw("7 format version 0", Policy, s => [.. s.Serialize(1)[..2], 0, .. s.Serialize(1)[3..]], format);
        yield return Raw("7 format version 3 (the next one)", Policy, s => [.. s.Serialize(1)[..2], 3, .. s.Serialize(1)[3..]], format);
        yield return Raw("7 reserved flag bits", Policy, s => [.. s.Serialize(1)[..3], 0x80, .. s.Serialize(1)[4..]], format);
        yield return Raw("7 message length over MaxMessageBytes", Policy, s => Frame([0], announcedLength: 300_000_000), limit, "MaxMessageBytes");
        yield return Raw("7 registry checksum of another registry", Policy, s =>
        {
            byte[] message = s.Serialize(1);
            message[PayloadStart(message) + 1] ^= 0x55;
            return message;
        }, typeof(SlimRegistryMismatchException));

        // 8. Unknown or unresolvable names fail closed, even when every type is allowed.
        yield return Case("8 unknown assembly", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, "Evil.Gadget", "Evil.Assembly"); }, unknown);
        yield return Case("8 unknown type in a loaded assembly", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, "System.NoSuchType", "System.Private.CoreLib"); }, unknown);
        yield return Case("8 assembly-qualified name", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, "System.Int32, System.Private.CoreLib", "System.Private.CoreLib"); }, unknown);
        yield return Case("8 reflection generic syntax in a name", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, "System.Collections.Generic.List`1[[System.Int32]]", "System.Private.CoreLib"); }, unknown);
        yield return Case("8 name forwarded by a loaded facade", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, "System.Net.Mail.MailMessage", "netstandard"); }, unknown);
        yield return Case("8 empty name", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, "", "System.Private.CoreLib"); }, unknown);
        yield return Case("8 null name", AllowAll, w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(EntryNamed); w.WriteString(null); w.WriteString("x"); }, format);
        yield return Case("8 name longer than the type-name cap", AllowAll, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, new string('N', 5000), "System.Private.CoreLib"); }, format);
        yield return Case("8 type the default policy does not allow", Plain, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, typeof(NFX.Tests.Security.Outside.NotAllowed)); }, refused);
    }

    /// <summary>The header and first fields of an Exception body: message, inner, stack trace, source, help link (null), HResult.</summary>
    private static void ExceptionHeader(SlimWriter w)
    {
        for (int i = 0; i < 5; i++)
        {
            w.WriteVarUInt32(Null);
        }
        w.WriteInt32(0);
    }

    /// <summary>A new multi-dimensional array type entry, then its header: (length, lower bound) per dimension.</summary>
    private static void Dimensions(SlimWriter w, byte rank, uint element, params (uint Length, int LowerBound)[] dimensions)
    {
        // The caller wrote the handle 2 and the new type handle; finish the entry, then the header.
        w.WriteByte(EntryArray);
        w.WriteByte(rank);
        w.WriteVarUInt32(element);
        foreach ((uint length, int lowerBound) in dimensions)
        {
            w.WriteVarUInt32(length);
            w.WriteInt32(lowerBound);
        }
    }
}
