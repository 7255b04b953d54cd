using System.Reflection;
using NFX.IO;
using NFX.Slim;
using NFX.Slim.TypeSystem;
using NFX.Tests.Security.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security;

/// <summary>
/// REFERENCE.md section 3, item 9: every deny-listed type is refused even under <see cref="SlimTypePolicy.AllowAll"/>,
/// named directly, as a generic argument, as an array element, through a derived type and through a declared field;
/// the other gadget families (delegates, reflection objects, handles, ref structs) likewise. Names that do not exist in
/// this process fail closed as unknown, without loading anything.
/// </summary>
public sealed class DenyListTests
{
    private const uint Next = BuiltInCount;

    /// <summary>Framework assemblies where deny-listed names live; the test loads them so the names resolve.</summary>
    private static readonly string[] s_candidateAssemblies =
    [
        "System.Private.CoreLib", "System.Data.Common", "System.Diagnostics.Process", "System.IO.FileSystem.Watcher",
        "System.Private.Xml", "System.Security.Claims", "System.Security.Principal.Windows", "System.Private.CoreLib",
        "System.Linq.Expressions", "System.Linq.Queryable", "System.Runtime.Serialization.Formatters", "System.Runtime.Loader",
        "System.ComponentModel.TypeConverter", "System.CodeDom", "System.Resources.Writer",
    ];

    public static IEnumerable<string> DeniedNames()
    {
        var names = (HashSet<string>)typeof(DenyList).GetField("s_names", BindingFlags.NonPublic | BindingFlags.Static)!.GetValue(null)!;
        return names.Order(StringComparer.Ordinal);
    }

    public static IEnumerable<string> DeniedNamespaces() =>
        (string[])typeof(DenyList).GetField("s_namespacePrefixes", BindingFlags.NonPublic | BindingFlags.Static)!.GetValue(null)!;

    private static SlimSerializer AllowAll() => HostileInputs.AllowAll();

    [TestCaseSource(nameof(DeniedNames))]
    public void AllowAll_DenyListedName_IsRefusedDirectlyAsGenericArgumentAndAsArrayElement(string name)
    {
        SlimSerializer slim = AllowAll();
        Type? type = Find(name);
        if (type is null)
        {
            // Not part of .NET on this platform: the name fails closed, and nothing gets loaded for it.
            Assert.Throws<SlimUnknownTypeException>(() => slim.Deserialize(Message(slim, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, name, name[..name.LastIndexOf('.')]); })));
            Assert.That(AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetType(name, false) is not null), Is.False);
            return;
        }
        AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, type); }, type.Name + " directly");
        if (!type.IsGenericTypeDefinition)
        {
            AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(EntryGeneric); w.WriteVarUInt32(TList); w.WriteVarUInt32(1); NamedType(w, Next, type); },
                $"List<{type.Name}>");
            AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); ArrayTypeOfNew(w, Next, 0); NamedType(w, Next, type); }, type.Name + "[]");
            AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); ArrayTypeOfNew(w, Next, 2); NamedType(w, Next, type); }, type.Name + "[,]");
            AssertDenied(slim, w =>
            {
                w.WriteVarUInt32(NewWithType);
                w.WriteVarUInt32(Next);
                w.WriteByte(EntryGeneric);
                w.WriteVarUInt32(TDictionary);
                w.WriteVarUInt32(2);
                w.WriteVarUInt32(TString);
                ArrayTypeOfNew(w, Next, 0);
                NamedType(w, Next, type);
            }, $"Dictionary<string, {type.Name}[]>");
        }
    }

    [TestCaseSource(nameof(DeniedNamespaces))]
    public void AllowAll_TypeOfDeniedNamespace_IsRefusedOrUnknown(string ns)
    {
        SlimSerializer slim = AllowAll();
        Type? type = AppDomain.CurrentDomain.GetAssemblies().Where(a => !a.IsDynamic)
            .SelectMany(a => { try { return a.GetExportedTypes(); } catch (Exception) { return []; } })
            .FirstOrDefault(t => t.Namespace == ns && !t.IsGenericTypeDefinition && !t.IsAbstract);
        if (type is null)
        {
            Assert.Throws<SlimUnknownTypeException>(() => slim.Deserialize(Message(slim, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, ns + ".Anything", ns); })));
            return;
        }
        AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); NamedType(w, Next, type); }, type.FullName!);
    }

    public static IEnumerable<TestCaseData> DerivedAndIndirect()
    {
        yield return new TestCaseData(typeof(DerivedDataSet)).SetName("derived from DataSet");
        yield return new TestCaseData(typeof(DerivedClaimsIdentity)).SetName("derived from ClaimsIdentity");
        yield return new TestCaseData(typeof(DataSetList)).SetName("base type List<DataSet>");
        yield return new TestCaseData(typeof(FileInfo)).SetName("FileInfo, derived from FileSystemInfo");
        yield return new TestCaseData(typeof(DirectoryInfo)).SetName("DirectoryInfo, derived from FileSystemInfo");
        yield return new TestCaseData(typeof(Action)).SetName("delegate Action");
        yield return new TestCaseData(typeof(EventHandler)).SetName("delegate EventHandler");
        yield return new TestCaseData(typeof(Func<int>)).SetName("delegate Func<int>");
        yield return new TestCaseData(typeof(Microsoft.Win32.SafeHandles.SafeFileHandle)).SetName("SafeFileHandle");
        yield return new TestCaseData(typeof(System.Threading.Thread)).SetName("Thread");
        yield return new TestCaseData(typeof(IntPtr)).SetName("IntPtr");
        yield return new TestCaseData(typeof(UIntPtr)).SetName("UIntPtr");
        yield return new TestCaseData(typeof(string).GetType()).SetName("RuntimeType (a Type value, not enabled)");
        yield return new TestCaseData(typeof(string).GetMethod("Clone")!.GetType()).SetName("RuntimeMethodInfo");
        yield return new TestCaseData(typeof(string).Assembly.GetType()).SetName("RuntimeAssembly");
        yield return new TestCaseData(typeof(string).Module.GetType()).SetName("RuntimeModule");
        yield return new TestCaseData(typeof(System.Reflection.Emit.DynamicMethod)).SetName("DynamicMethod");
        yield return new TestCaseData(typeof(Span<int>)).SetName("ref struct Span<int>");
    }

    [TestCaseSource(nameof(DerivedAndIndirect))]
    public void AllowAll_GadgetFamilyMember_IsRefused(Type type)
    {
        SlimSerializer slim = AllowAll();
        AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); TypeEntry(w, type); }, type.Name);
        if (!type.IsByRefLike)
        {
            AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(EntryGeneric); w.WriteVarUInt32(TList); w.WriteVarUInt32(1); TypeEntry(w, type); }, $"List<{type.Name}>");
            AssertDenied(slim, w => { w.WriteVarUInt32(NewWithType); ArrayTypeOfNew(w, Next, 0); TypeEntry(w, type); }, type.Name + "[]");
        }
    }

    [Test]
    public void AllowAll_RefStructAsGenericArgument_IsMalformed()
    {
        SlimSerializer slim = AllowAll();
        var error = Assert.Throws<SlimFormatException>(() => slim.Deserialize(Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            w.WriteVarUInt32(Next);
            w.WriteByte(EntryGeneric);
            w.WriteVarUInt32(TList);
            w.WriteVarUInt32(1);
            TypeEntry(w, typeof(Span<int>));
        })));
        Assert.That(error!.Message, Does.Contain("generic argument"));
    }

    [Test]
    public void AllowAll_DeclaredGadgetField_CannotBeFilledByThePayload()
    {
        // GadgetHolder declares "DataSet Data": "new object of the declared type" names no type, yet is refused.
        SlimSerializer slim = AllowAll();
        var error = Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            NamedType(w, Next, typeof(GadgetHolder));
            w.WriteVarUInt32(NewOfDeclaredType);
        })));
        Assert.That(error!.Message, Does.Contain("deny-list"));
        Assert.That(error.TypeName, Does.Contain("DataSet"));
    }

    [Test]
    public void AllowAll_GadgetHolderWithNullField_IsFine()
    {
        SlimSerializer slim = AllowAll();
        var copy = (GadgetHolder)slim.Deserialize(slim.Serialize(new GadgetHolder()))!;
        Assert.That(copy.Data, Is.Null);
    }

    [Test]
    public void AllowAll_SelfReferencingGenericBase_IsAllowedWithoutRecursingForever()
    {
        // class Entity : EntityBase<Entity>: the deny-list walks base types' generic arguments and must stop at the cycle.
        SlimSerializer slim = AllowAll();
        var copy = (Entity)slim.Deserialize(slim.Serialize(new Entity { Id = 4, Name = "e" }))!;
        Assert.That((copy.Id, copy.Name), Is.EqualTo((4, "e")));
    }

    [Test]
    public void TypeValues_DeclaredAsRuntimeTypeField_NeedTheOptInToo()
    {
        // RuntimeTypeHandle holds a RuntimeType field: announcing it "of the declared type" names no type, yet a Type
        // value must still be refused unless AllowReflectionTypeValues is set.
        SlimSerializer slim = AllowAll();
        byte[] bytes = Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            NamedType(w, Next, typeof(RuntimeTypeHandle));
            w.WriteVarUInt32(NewOfDeclaredType);
            w.WriteVarUInt32(TInt);
        });
        var error = Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(bytes));
        Assert.That(error!.Message, Does.Contain("AllowReflectionTypeValues"));
        var enabled = Corpus.NewSerializer(policy: SlimTypePolicy.AllowAll.AllowReflectionTypeValues());
        Assert.That(((RuntimeTypeHandle)enabled.Deserialize(bytes)!).Equals(typeof(int).TypeHandle), Is.True);
    }

    private static void AssertDenied(SlimSerializer slim, Action<SlimWriter> body, string what)
    {
        byte[] bytes = Message(slim, body);
        var error = Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(bytes), what);
        Assert.That(error!.Message, Does.Contain("deny-list"), what);
    }

    /// <summary>Writes a new type entry for any type (generic types and arrays as composite entries of new parts).</summary>
    private static void TypeEntry(SlimWriter w, Type type)
    {
        if (type.IsConstructedGenericType)
        {
            w.WriteVarUInt32(Next);
            w.WriteByte(EntryGeneric);
            NamedType(w, Next, type.GetGenericTypeDefinition());
            Type[] arguments = type.GetGenericArguments();
            w.WriteVarUInt32((uint)arguments.Length);
            foreach (Type argument in arguments)
            {
                w.WriteVarUInt32(argument == typeof(int) ? TInt : argument == typeof(object) ? TObject : throw new NotSupportedException(argument.Name));
            }
            return;
        }
        NamedType(w, Next, type);
    }

    private static Type? Find(string fullName)
    {
        foreach (string assembly in s_candidateAssemblies)
        {
            try
            {
                if (Type.GetType(fullName + ", " + assembly, throwOnError: false) is { } type)
                {
                    return type;
                }
            }
            catch (Exception e) when (e is FileNotFoundException or FileLoadException or BadImageFormatException)
            {
                // not part of this runtime
            }
        }
        return null;
    }
}
