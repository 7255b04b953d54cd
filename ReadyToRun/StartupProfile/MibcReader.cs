using System.Collections.Immutable;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;

namespace NFX.ReadyToRun;

/// <summary>
/// Reads a .mibc profile back as crossgen2 walks it (<c>AssemblyDictionary</c>'s groups, each group's
/// <c>ldtoken</c>s), naming every profiled method as a list line: what proves a profile says what its list says.
/// </summary>
internal static class MibcReader
{
    /// <summary>
    /// The groups of the profile at <paramref name="path"/>: the group name and its methods' list lines. The profiled
    /// assembly and its references among <paramref name="assemblies"/> tell enums (spelled as their underlying primitive).
    /// </summary>
    public static ImmutableArray<(string Group, ImmutableArray<string> Methods)> Read(string path, IEnumerable<string> assemblies)
    {
        using var pe = new PEReader(File.OpenRead(path));
        using var known = new Assemblies(assemblies);
        MetadataReader reader = pe.GetMetadataReader();
        MethodDefinition dictionary = reader.MethodDefinitions.Select(reader.GetMethodDefinition)
            .Single(m => reader.GetString(m.Name) == "AssemblyDictionary");
        var groups = ImmutableArray.CreateBuilder<(string, ImmutableArray<string>)>();
        string? group = null;
        foreach ((ILOpCode op, int token) in Instructions(pe, dictionary))
        {
            if (op == ILOpCode.Ldstr)
                group = reader.GetUserString(MetadataTokens.UserStringHandle(token & 0xFFFFFF));
            else if (op == ILOpCode.Ldtoken && group is not null)
            {
                MethodDefinition groupMethod = reader.GetMethodDefinition(MetadataTokens.MethodDefinitionHandle(token & 0xFFFFFF));
                var methods = Instructions(pe, groupMethod).Where(i => i.Op == ILOpCode.Ldtoken)
                    .Select(i => NameOf(reader, MetadataTokens.EntityHandle(i.Token), known)).ToImmutableArray();
                groups.Add((group, methods));
                group = null;
            }
        }
        return groups.ToImmutable();
    }

    private static string NameOf(MetadataReader reader, EntityHandle handle, Assemblies assemblies)
    {
        ImmutableArray<string> methodArguments = [];
        if (handle.Kind == HandleKind.MethodSpecification)
        {
            MethodSpecification spec = reader.GetMethodSpecification((MethodSpecificationHandle)handle);
            methodArguments = spec.DecodeSignature(new JitNames.TypeNameProvider(null), null);
            handle = spec.Method;
        }
        MemberReference member = reader.GetMemberReference((MemberReferenceHandle)handle);
        string owner = member.Parent.Kind switch
        {
            HandleKind.TypeReference => JitNames.Of(reader, (TypeReferenceHandle)member.Parent),
            HandleKind.TypeSpecification => reader.GetTypeSpecification((TypeSpecificationHandle)member.Parent)
                .DecodeSignature(new JitNames.TypeNameProvider(null), null),
            _ => throw new InvalidDataException("a profiled method's parent is a " + member.Parent.Kind),
        };
        (string _, ImmutableArray<string> typeArguments) = ListedMethod.SplitInstantiation(owner);
        string name = reader.GetString(member.Name);
        string instantiation = methodArguments.IsEmpty ? "" : "[" + string.Join(",", methodArguments) + "]";
        return owner + ":" + name + instantiation + "(" + JitNames.Parameters(reader, member, typeArguments, methodArguments, assemblies) + ")";
    }

    /// <summary>The instructions the profile writer emits: ldstr, ldtoken (with their tokens), pop, ret.</summary>
    private static IEnumerable<(ILOpCode Op, int Token)> Instructions(PEReader pe, MethodDefinition method)
    {
        BlobReader il = pe.GetMethodBody(method.RelativeVirtualAddress).GetILReader();
        var list = new List<(ILOpCode, int)>();
        while (il.RemainingBytes > 0)
        {
            var op = (ILOpCode)il.ReadByte();
            switch (op)
            {
                case ILOpCode.Ldstr:
                case ILOpCode.Ldtoken:
                    list.Add((op, il.ReadInt32()));
                    break;
                case ILOpCode.Pop:
                case ILOpCode.Ret:
                    break;
                case ILOpCode.Ldc_r8:
                    il.ReadDouble();
                    break;
                default:
                    throw new InvalidDataException("unexpected IL opcode " + op + " in a profile method");
            }
        }
        return list;
    }
}
