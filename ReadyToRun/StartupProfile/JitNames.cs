using System.Collections.Immutable;
using System.Reflection.Metadata;
using System.Text;

namespace NFX.ReadyToRun;

/// <summary>
/// Method and type names spelled as the JIT's <c>DOTNET_JitStdOutFile</c> + <c>DOTNET_JitDisasmSummary</c> output spells
/// them (<c>NFX.IO.SlimWriter:WriteBlittableArray[double](double[])</c>): the start-up lists are cut from that output,
/// so a list line and a method of the assembly are compared in that spelling.
/// </summary>
internal static class JitNames
{
    /// <summary>The name of a type definition: namespace, nested types joined by '+', no instantiation.</summary>
    public static string Of(MetadataReader reader, TypeDefinitionHandle handle)
    {
        TypeDefinition type = reader.GetTypeDefinition(handle);
        string name = reader.GetString(type.Name);
        TypeDefinitionHandle outer = type.GetDeclaringType();
        if (!outer.IsNil)
            return Of(reader, outer) + "+" + name;
        string ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    /// <summary>The name of a type reference, spelled like <see cref="Of(MetadataReader, TypeDefinitionHandle)"/>.</summary>
    public static string Of(MetadataReader reader, TypeReferenceHandle handle)
    {
        TypeReference type = reader.GetTypeReference(handle);
        string name = reader.GetString(type.Name);
        if (type.ResolutionScope.Kind == HandleKind.TypeReference)
            return Of(reader, (TypeReferenceHandle)type.ResolutionScope) + "+" + name;
        string ns = reader.GetString(type.Namespace);
        return ns.Length == 0 ? name : ns + "." + name;
    }

    /// <summary>
    /// The parameter list of <paramref name="method"/> (without parentheses) with the type's and the method's generic
    /// parameters replaced by <paramref name="typeArguments"/> and <paramref name="methodArguments"/>, as spelled in a
    /// list line; <paramref name="assemblies"/> tell enums, which the JIT spells as their underlying primitive.
    /// </summary>
    public static string Parameters(MetadataReader reader, MethodDefinition method, ImmutableArray<string> typeArguments,
        ImmutableArray<string> methodArguments, Assemblies assemblies)
    {
        var provider = new TypeNameProvider(assemblies);
        return provider.Spell(method.DecodeSignature(provider, new Context(typeArguments, methodArguments)));
    }

    /// <summary>The parameter list of a method reference, spelled like <see cref="Parameters(MetadataReader, MethodDefinition, ImmutableArray{string}, ImmutableArray{string}, Assemblies)"/>.</summary>
    public static string Parameters(MetadataReader reader, MemberReference method, ImmutableArray<string> typeArguments,
        ImmutableArray<string> methodArguments, Assemblies assemblies)
    {
        var provider = new TypeNameProvider(assemblies);
        return provider.Spell(method.DecodeMethodSignature(provider, new Context(typeArguments, methodArguments)));
    }

    /// <summary>Splits "A,B[C,D],E" at its top-level commas.</summary>
    public static ImmutableArray<string> SplitTopLevel(string text)
    {
        if (text.Length == 0)
            return [];
        var parts = ImmutableArray.CreateBuilder<string>();
        int depth = 0, start = 0;
        for (int i = 0; i < text.Length; i++)
        {
            switch (text[i])
            {
                case '[': depth++; break;
                case ']': depth--; break;
                case ',' when depth == 0:
                    parts.Add(text[start..i]);
                    start = i + 1;
                    break;
            }
        }
        parts.Add(text[start..]);
        return parts.ToImmutable();
    }

    /// <summary>The JIT's names of the primitive types (C# keywords, but System.String and System.Object).</summary>
    public static string? Primitive(PrimitiveTypeCode code) => code switch
    {
        PrimitiveTypeCode.Boolean => "bool",
        PrimitiveTypeCode.Char => "char",
        PrimitiveTypeCode.SByte => "sbyte",
        PrimitiveTypeCode.Byte => "byte",
        PrimitiveTypeCode.Int16 => "short",
        PrimitiveTypeCode.UInt16 => "ushort",
        PrimitiveTypeCode.Int32 => "int",
        PrimitiveTypeCode.UInt32 => "uint",
        PrimitiveTypeCode.Int64 => "long",
        PrimitiveTypeCode.UInt64 => "ulong",
        PrimitiveTypeCode.Single => "float",
        PrimitiveTypeCode.Double => "double",
        PrimitiveTypeCode.IntPtr => "nint",
        PrimitiveTypeCode.UIntPtr => "nuint",
        PrimitiveTypeCode.String => "System.String",
        PrimitiveTypeCode.Object => "System.Object",
        PrimitiveTypeCode.TypedReference => "System.TypedReference",
        PrimitiveTypeCode.Void => "void",
        _ => null,
    };

    /// <summary>The type arguments a name is spelled with (the JIT spells a shared instantiation's as System.__Canon).</summary>
    internal sealed record Context(ImmutableArray<string> TypeArguments, ImmutableArray<string> MethodArguments);

    /// <summary>Spells the types of a signature as the JIT does.</summary>
    internal sealed class TypeNameProvider(Assemblies? assemblies) : ISignatureTypeProvider<string, Context?>
    {
        // The enums met, by name, with their underlying primitive's name.
        private readonly Dictionary<string, string> _enums = new(StringComparer.Ordinal);

        /// <summary>A decoded parameter list, spelled: an enum parameter as its underlying primitive (not so inside an array or instantiation).</summary>
        public string Spell(MethodSignature<string> signature) =>
            string.Join(",", signature.ParameterTypes.Select(p => _enums.TryGetValue(p, out string? primitive) ? primitive : p));

        public string GetPrimitiveType(PrimitiveTypeCode typeCode) => Primitive(typeCode) ?? typeCode.ToString();
        public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => Named(reader, handle, Of(reader, handle), rawTypeKind);
        public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => Named(reader, handle, Of(reader, handle), rawTypeKind);

        private string Named(MetadataReader reader, EntityHandle handle, string name, byte rawTypeKind)
        {
            if (rawTypeKind == (byte)SignatureTypeKind.ValueType && assemblies?.EnumUnderlying(reader, handle) is PrimitiveTypeCode code)
                _enums[name] = Primitive(code) ?? name;
            return name;
        }

        public string GetTypeFromSpecification(MetadataReader reader, Context? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
            reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

        public string GetSZArrayType(string elementType) => elementType + "[]";
        public string GetArrayType(string elementType, ArrayShape shape) => elementType + "[" + new string(',', shape.Rank - 1) + "]";
        public string GetByReferenceType(string elementType) => "byref";
        public string GetPointerType(string elementType) => "ptr";
        public string GetFunctionPointerType(MethodSignature<string> signature) => "ptr";
        public string GetPinnedType(string elementType) => elementType;
        public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;

        public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments) =>
            new StringBuilder(genericType).Append('[').AppendJoin(',', typeArguments).Append(']').ToString();

        public string GetGenericTypeParameter(Context? genericContext, int index) =>
            genericContext is not null && index < genericContext.TypeArguments.Length ? genericContext.TypeArguments[index] : "!" + index;

        public string GetGenericMethodParameter(Context? genericContext, int index) =>
            genericContext is not null && index < genericContext.MethodArguments.Length ? genericContext.MethodArguments[index] : "!!" + index;
    }
}
