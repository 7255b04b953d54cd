using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Security.Cryptography;
using System.Text;

namespace NFX.ReadyToRun;

/// <summary>What <see cref="MibcWriter.Write"/> put in the profile and what it left out, with why.</summary>
internal sealed record MibcResult(string AssemblyName, ImmutableArray<string> Written, ImmutableArray<(string Line, string Reason)> Skipped);

/// <summary>
/// Writes the .mibc profile crossgen2 reads with <c>--mibc</c> (dotnet/runtime, ILCompiler.ReadyToRun's
/// <c>MIbcProfileParser</c>): an IL assembly whose global method <c>AssemblyDictionary</c> holds, per group,
/// <c>ldstr "Assembly;"</c> <c>ldtoken group</c> <c>pop</c>, and whose group method holds <c>ldtoken method</c>
/// <c>pop</c> per profiled method. The methods are references into the profiled assembly (member references, on a
/// type specification for a generic type's instantiation, under a method specification for a generic method's), so
/// crossgen2 <c>--partial</c> compiles exactly these. Instantiations may be over <c>System.__Canon</c> (shared code),
/// primitives and the assembly's own types; a line naming any other type argument is skipped.
/// </summary>
internal sealed class MibcWriter
{
    private readonly MetadataReader _reader;
    private readonly MetadataBuilder _md = new();
    private readonly Dictionary<string, TypeDefinitionHandle> _types = new(StringComparer.Ordinal);
    private readonly Dictionary<EntityHandle, EntityHandle> _translated = [];
    private readonly Dictionary<AssemblyReferenceHandle, AssemblyReferenceHandle> _assemblyReferences = [];
    private readonly Assemblies _assemblies;
    private readonly AssemblyReferenceHandle _self;
    private AssemblyReferenceHandle _canonAssembly;

    private MibcWriter(MetadataReader reader, Assemblies assemblies)
    {
        _reader = reader;
        _assemblies = assemblies;
        foreach (TypeDefinitionHandle handle in reader.TypeDefinitions)
            _types[JitNames.Of(reader, handle)] = handle;
        AssemblyDefinition self = reader.GetAssemblyDefinition();
        _self = _md.AddAssemblyReference(_md.GetOrAddString(reader.GetString(self.Name)), self.Version,
            self.Culture.IsNil ? default : _md.GetOrAddString(reader.GetString(self.Culture)),
            self.PublicKey.IsNil ? default : _md.GetOrAddBlob(reader.GetBlobBytes(self.PublicKey)),
            self.PublicKey.IsNil ? default : AssemblyFlags.PublicKey, default);
    }

    /// <summary>
    /// Resolves <paramref name="lines"/> against the IL assembly at <paramref name="assemblyPath"/> and, when
    /// <paramref name="output"/> is given, writes the profile of the methods found there. <paramref name="references"/>
    /// (the assembly's references) tell enums in parameter lists; without them a line with an enum parameter of another
    /// assembly is not found.
    /// </summary>
    public static MibcResult Write(string assemblyPath, IEnumerable<string> lines, Stream? output, IEnumerable<string> references)
    {
        using var pe = new PEReader(File.OpenRead(assemblyPath));
        using var assemblies = new Assemblies(references);
        MetadataReader reader = pe.GetMetadataReader();
        var writer = new MibcWriter(reader, assemblies);
        string assemblyName = reader.GetString(reader.GetAssemblyDefinition().Name);

        var group = new InstructionEncoder(new BlobBuilder());
        var written = ImmutableArray.CreateBuilder<string>();
        var skipped = ImmutableArray.CreateBuilder<(string, string)>();
        foreach (string line in lines.Distinct(StringComparer.Ordinal))
        {
            string? reason = writer.TryReference(line, out EntityHandle method);
            if (reason is not null)
            {
                skipped.Add((line, reason));
                continue;
            }
            group.OpCode(ILOpCode.Ldtoken);
            group.Token(method);
            group.OpCode(ILOpCode.Pop);
            written.Add(line);
        }
        if (output is not null)
            writer.Serialize(assemblyName, group, written, output);
        return new MibcResult(assemblyName, written.ToImmutable(), skipped.ToImmutable());
    }

    private void Serialize(string assemblyName, InstructionEncoder group, IReadOnlyList<string> written, Stream output)
    {
        group.OpCode(ILOpCode.Ret);
        // Row 1 of the method table is AssemblyDictionary, row 2 the one group (this assembly's methods).
        var dictionary = new InstructionEncoder(new BlobBuilder());
        dictionary.LoadString(_md.GetOrAddUserString(assemblyName + ";"));
        dictionary.OpCode(ILOpCode.Ldtoken);
        dictionary.Token(MetadataTokens.MethodDefinitionHandle(2));
        dictionary.OpCode(ILOpCode.Pop);
        dictionary.OpCode(ILOpCode.Ret);

        var il = new BlobBuilder();
        var bodies = new MethodBodyStreamEncoder(il);
        int dictionaryBody = bodies.AddMethodBody(dictionary, maxStack: 8);
        int groupBody = bodies.AddMethodBody(group, maxStack: 8);

        byte[] identity = SHA256.HashData(Encoding.UTF8.GetBytes(assemblyName + "\n" + string.Join("\n", written)));
        string profileName = assemblyName + ".StartupProfile";
        _md.AddAssembly(_md.GetOrAddString(profileName), new Version(0, 0, 0, 0), default, default, default, AssemblyHashAlgorithm.None);
        _md.AddModule(0, _md.GetOrAddString(profileName + ".mibc"), _md.GetOrAddGuid(new Guid(identity.AsSpan(0, 16))), default, default);
        _md.AddTypeDefinition(default, default, _md.GetOrAddString("<Module>"), default,
            MetadataTokens.FieldDefinitionHandle(1), MetadataTokens.MethodDefinitionHandle(1));
        var voidSignature = new BlobBuilder();
        new BlobEncoder(voidSignature).MethodSignature().Parameters(0, r => r.Void(), _ => { });
        BlobHandle signature = _md.GetOrAddBlob(voidSignature);
        const MethodAttributes attributes = MethodAttributes.Public | MethodAttributes.Static | MethodAttributes.HideBySig;
        _md.AddMethodDefinition(attributes, MethodImplAttributes.IL, _md.GetOrAddString("AssemblyDictionary"), signature,
            dictionaryBody, default);
        _md.AddMethodDefinition(attributes, MethodImplAttributes.IL, _md.GetOrAddString(assemblyName), signature, groupBody, default);

        var peBuilder = new ManagedPEBuilder(PEHeaderBuilder.CreateLibraryHeader(), new MetadataRootBuilder(_md), il,
            deterministicIdProvider: content =>
            {
                using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
                foreach (Blob blob in content)
                    hash.AppendData(blob.GetBytes());
                return BlobContentId.FromHash(hash.GetHashAndReset());
            });
        var image = new BlobBuilder();
        peBuilder.Serialize(image);
        image.WriteContentTo(output);
    }

    /// <summary>A reference to the method <paramref name="line"/> names, or the reason there is none.</summary>
    private string? TryReference(string line, out EntityHandle method)
    {
        method = default;
        ListedMethod? listed = ListedMethod.Parse(line);
        if (listed is null)
            return "not spelled Type:Method(parameters)";
        if (!_types.TryGetValue(listed.TypeName, out TypeDefinitionHandle typeHandle))
            return "no type " + listed.TypeName + " in this assembly";
        TypeDefinition type = _reader.GetTypeDefinition(typeHandle);
        if (type.GetGenericParameters().Count != listed.TypeArguments.Length)
            return "the type takes " + type.GetGenericParameters().Count + " type arguments";

        MethodDefinitionHandle found = default;
        foreach (MethodDefinitionHandle candidate in type.GetMethods())
        {
            MethodDefinition definition = _reader.GetMethodDefinition(candidate);
            if (_reader.GetString(definition.Name) == listed.MethodName
                && definition.GetGenericParameters().Count == listed.MethodArguments.Length
                && JitNames.Parameters(_reader, definition, listed.TypeArguments, listed.MethodArguments, _assemblies) == listed.Parameters)
            {
                if (!found.IsNil)
                    return "more than one method has this name and these parameters";
                found = candidate;
            }
        }
        if (found.IsNil)
            return "no method " + listed.MethodName + "(" + listed.Parameters + ") on " + listed.TypeName;

        var typeArguments = new List<Encoded>();
        foreach (string argument in listed.TypeArguments.Concat(listed.MethodArguments))
        {
            Encoded? encoded = TypeNamed(argument);
            if (encoded is null)
                return "type argument " + argument + " is neither System.__Canon, a primitive nor a type of this assembly";
            typeArguments.Add(encoded);
        }

        EntityHandle parent = Translate(typeHandle);
        if (listed.TypeArguments.Length > 0)
        {
            var spec = new BlobBuilder();
            Instantiation(TypeDefinitionOf(typeHandle, parent), typeArguments.Take(listed.TypeArguments.Length)).Write(spec);
            parent = _md.AddTypeSpecification(_md.GetOrAddBlob(spec));
        }
        var signature = new BlobBuilder();
        WriteMethodSignature(signature, _reader.GetMethodDefinition(found).DecodeSignature(new Translator(this), null));
        method = _md.AddMemberReference(parent, _md.GetOrAddString(listed.MethodName), _md.GetOrAddBlob(signature));

        if (listed.MethodArguments.Length > 0)
        {
            var instantiation = new BlobBuilder();
            instantiation.WriteByte((byte)SignatureKind.MethodSpecification);
            instantiation.WriteCompressedInteger(listed.MethodArguments.Length);
            foreach (Encoded argument in typeArguments.Skip(listed.TypeArguments.Length))
                argument.Write(instantiation);
            method = _md.AddMethodSpecification(method, _md.GetOrAddBlob(instantiation));
        }
        return null;
    }

    /// <summary>A type argument spelled as in a list line: System.__Canon, a primitive, or a type of this assembly (maybe an instantiation or an array of one).</summary>
    private Encoded? TypeNamed(string name)
    {
        if (name.EndsWith("[]", StringComparison.Ordinal))
        {
            Encoded? element = TypeNamed(name[..^2]);
            return element is null ? null : new Encoded(b => { b.WriteByte((byte)SignatureTypeCode.SZArray); element.Write(b); });
        }
        if (name == "System.__Canon")
            return Class(SignatureTypeKind.Class, CanonType());
        foreach (PrimitiveTypeCode code in Enum.GetValues<PrimitiveTypeCode>())
        {
            if (code != PrimitiveTypeCode.Void && JitNames.Primitive(code) == name)
                return new Encoded(b => b.WriteByte((byte)code));
        }
        (string definition, ImmutableArray<string> arguments) = ListedMethod.SplitInstantiation(name);
        if (!_types.TryGetValue(definition, out TypeDefinitionHandle handle)
            || _reader.GetTypeDefinition(handle).GetGenericParameters().Count != arguments.Length)
            return null;
        Encoded generic = TypeDefinitionOf(handle, Translate(handle));
        if (arguments.Length == 0)
            return generic;
        var encodedArguments = new List<Encoded>();
        foreach (string argument in arguments)
        {
            Encoded? encoded = TypeNamed(argument);
            if (encoded is null)
                return null;
            encodedArguments.Add(encoded);
        }
        return Instantiation(generic, encodedArguments);
    }

    private Encoded TypeDefinitionOf(TypeDefinitionHandle handle, EntityHandle reference) =>
        Class(IsValueType(handle) ? SignatureTypeKind.ValueType : SignatureTypeKind.Class, reference);

    private bool IsValueType(TypeDefinitionHandle handle)
    {
        EntityHandle baseType = _reader.GetTypeDefinition(handle).BaseType;
        if (baseType.Kind != HandleKind.TypeReference)
            return false;
        TypeReference reference = _reader.GetTypeReference((TypeReferenceHandle)baseType);
        string name = _reader.GetString(reference.Name);
        return _reader.GetString(reference.Namespace) == "System" && (name == "ValueType" || name == "Enum");
    }

    private static Encoded Class(SignatureTypeKind kind, EntityHandle handle) =>
        new(b =>
        {
            // SignatureTypeKind's values are the signature's own bytes (VALUETYPE 0x11, CLASS 0x12).
            b.WriteByte((byte)kind);
            b.WriteCompressedInteger(CodedIndex.TypeDefOrRefOrSpec(handle));
        }, handle, kind);

    private static Encoded Instantiation(Encoded generic, IEnumerable<Encoded> arguments)
    {
        Encoded[] all = arguments.ToArray();
        return new Encoded(b =>
        {
            b.WriteByte((byte)SignatureTypeCode.GenericTypeInstance);
            generic.Write(b);
            b.WriteCompressedInteger(all.Length);
            foreach (Encoded argument in all)
                argument.Write(b);
        });
    }

    /// <summary>System.__Canon of the pseudo-assembly System.Private.Canon, which crossgen2's profile reader maps to shared code.</summary>
    private TypeReferenceHandle CanonType()
    {
        if (_canonAssembly.IsNil)
            _canonAssembly = _md.AddAssemblyReference(_md.GetOrAddString("System.Private.Canon"), new Version(0, 0, 0, 0), default, default, default, default);
        return _md.AddTypeReference(_canonAssembly, _md.GetOrAddString("System"), _md.GetOrAddString("__Canon"));
    }

    /// <summary>The profile's reference to a type the profiled assembly defines or references.</summary>
    private EntityHandle Translate(EntityHandle handle)
    {
        if (_translated.TryGetValue(handle, out EntityHandle done))
            return done;
        EntityHandle result;
        if (handle.Kind == HandleKind.TypeDefinition)
        {
            TypeDefinition type = _reader.GetTypeDefinition((TypeDefinitionHandle)handle);
            TypeDefinitionHandle outer = type.GetDeclaringType();
            EntityHandle scope = outer.IsNil ? _self : Translate(outer);
            result = _md.AddTypeReference(scope, outer.IsNil ? _md.GetOrAddString(_reader.GetString(type.Namespace)) : default,
                _md.GetOrAddString(_reader.GetString(type.Name)));
        }
        else if (handle.Kind == HandleKind.TypeReference)
        {
            TypeReference type = _reader.GetTypeReference((TypeReferenceHandle)handle);
            EntityHandle scope = type.ResolutionScope.Kind switch
            {
                HandleKind.AssemblyReference => AssemblyReference((AssemblyReferenceHandle)type.ResolutionScope),
                HandleKind.TypeReference => Translate(type.ResolutionScope),
                _ => _self,
            };
            result = _md.AddTypeReference(scope, type.Namespace.IsNil ? default : _md.GetOrAddString(_reader.GetString(type.Namespace)),
                _md.GetOrAddString(_reader.GetString(type.Name)));
        }
        else
        {
            var spec = new BlobBuilder();
            _reader.GetTypeSpecification((TypeSpecificationHandle)handle).DecodeSignature(new Translator(this), null).Write(spec);
            result = _md.AddTypeSpecification(_md.GetOrAddBlob(spec));
        }
        _translated[handle] = result;
        return result;
    }

    private AssemblyReferenceHandle AssemblyReference(AssemblyReferenceHandle handle)
    {
        if (_assemblyReferences.TryGetValue(handle, out AssemblyReferenceHandle done))
            return done;
        System.Reflection.Metadata.AssemblyReference reference = _reader.GetAssemblyReference(handle);
        AssemblyReferenceHandle result = _md.AddAssemblyReference(_md.GetOrAddString(_reader.GetString(reference.Name)), reference.Version,
            reference.Culture.IsNil ? default : _md.GetOrAddString(_reader.GetString(reference.Culture)),
            reference.PublicKeyOrToken.IsNil ? default : _md.GetOrAddBlob(_reader.GetBlobBytes(reference.PublicKeyOrToken)),
            reference.Flags, default);
        _assemblyReferences[handle] = result;
        return result;
    }

    /// <summary>Writes a method signature (header, generic parameter count, parameter count, return type, parameters) re-encoded.</summary>
    private static void WriteMethodSignature(BlobBuilder blob, MethodSignature<Encoded> signature)
    {
        blob.WriteByte(signature.Header.RawValue);
        if (signature.Header.IsGeneric)
            blob.WriteCompressedInteger(signature.GenericParameterCount);
        blob.WriteCompressedInteger(signature.ParameterTypes.Length);
        signature.ReturnType.Write(blob);
        foreach (Encoded parameter in signature.ParameterTypes)
            parameter.Write(blob);
    }

    /// <summary>A type of a signature, re-encoded for the profile's own metadata.</summary>
    private sealed record Encoded(Action<BlobBuilder> Write, EntityHandle Handle = default, SignatureTypeKind Kind = SignatureTypeKind.Unknown);

    /// <summary>Decodes a signature of the profiled assembly into one over the profile's references.</summary>
    private sealed class Translator(MibcWriter writer) : ISignatureTypeProvider<Encoded, object?>
    {
        public Encoded GetPrimitiveType(PrimitiveTypeCode typeCode) => new(b => b.WriteByte((byte)typeCode));

        public Encoded GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) =>
            Class(Kind(rawTypeKind), writer.Translate(handle));

        public Encoded GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) =>
            Class(Kind(rawTypeKind), writer.Translate(handle));

        public Encoded GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
            reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

        public Encoded GetSZArrayType(Encoded elementType) => Prefixed(SignatureTypeCode.SZArray, elementType);
        public Encoded GetByReferenceType(Encoded elementType) => Prefixed(SignatureTypeCode.ByReference, elementType);
        public Encoded GetPointerType(Encoded elementType) => Prefixed(SignatureTypeCode.Pointer, elementType);
        public Encoded GetPinnedType(Encoded elementType) => Prefixed(SignatureTypeCode.Pinned, elementType);

        public Encoded GetArrayType(Encoded elementType, ArrayShape shape) =>
            new(b =>
            {
                b.WriteByte((byte)SignatureTypeCode.Array);
                elementType.Write(b);
                b.WriteCompressedInteger(shape.Rank);
                b.WriteCompressedInteger(shape.Sizes.Length);
                foreach (int size in shape.Sizes)
                    b.WriteCompressedInteger(size);
                b.WriteCompressedInteger(shape.LowerBounds.Length);
                foreach (int bound in shape.LowerBounds)
                    b.WriteCompressedSignedInteger(bound);
            });

        public Encoded GetFunctionPointerType(MethodSignature<Encoded> signature) =>
            new(b =>
            {
                b.WriteByte((byte)SignatureTypeCode.FunctionPointer);
                WriteMethodSignature(b, signature);
            });

        public Encoded GetGenericInstantiation(Encoded genericType, ImmutableArray<Encoded> typeArguments) =>
            Instantiation(genericType, typeArguments);

        public Encoded GetGenericMethodParameter(object? genericContext, int index) =>
            new(b => { b.WriteByte((byte)SignatureTypeCode.GenericMethodParameter); b.WriteCompressedInteger(index); });

        public Encoded GetGenericTypeParameter(object? genericContext, int index) =>
            new(b => { b.WriteByte((byte)SignatureTypeCode.GenericTypeParameter); b.WriteCompressedInteger(index); });

        public Encoded GetModifiedType(Encoded modifier, Encoded unmodifiedType, bool isRequired) =>
            new(b =>
            {
                b.WriteByte(isRequired ? (byte)SignatureTypeCode.RequiredModifier : (byte)SignatureTypeCode.OptionalModifier);
                b.WriteCompressedInteger(CodedIndex.TypeDefOrRefOrSpec(modifier.Handle));
                unmodifiedType.Write(b);
            });

        private static SignatureTypeKind Kind(byte rawTypeKind) =>
            rawTypeKind == (byte)SignatureTypeKind.ValueType ? SignatureTypeKind.ValueType : SignatureTypeKind.Class;

        private static Encoded Prefixed(SignatureTypeCode code, Encoded element) =>
            new(b => { b.WriteByte((byte)code); element.Write(b); });
    }
}
